import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, setBackend, type Me } from '../api.ts';
import { editorCatalogue } from '../../content/errors.ts';
import { App } from '../App.tsx';
import { currentSession, functionBase, hosted, PERSON_KEY, sendSignInCode, signInLocally, signInWithCode, signOut } from './session.ts';
import { linkTrouble } from './signInWords.ts';

type State =
  | { kind: 'loading' }
  | { kind: 'signed-out'; message?: string }
  | { kind: 'refused'; message: string }
  | ({ kind: 'editing' } & Me);

/** The one-time token of the address `npm start` printed (in the fragment, which no server sees), taken off the address bar. */
function takeSignInToken(): string | undefined {
  const match = /(?:^#|&)sign-in=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  if (match) history.replaceState(null, '', window.location.pathname + window.location.search);
  return match?.[1];
}

/** The editor at /admin: sign in, then the same editor as on this computer, working on the person's own draft. */
export function Admin() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [token] = useState(takeSignInToken);
  // Read before Supabase's client looks at the address: a link that did not sign in says why there. Taken off the
  // address bar, so that a reload does not say it again.
  const [linkRefused] = useState(() => {
    const why = hosted ? linkTrouble(window.location.hash) : undefined;
    if (why) history.replaceState(null, '', window.location.pathname + window.location.search);
    return why;
  });

  const enter = useCallback(async () => {
    if (!(await currentSession())) return setState({ kind: 'signed-out', message: linkRefused });
    try {
      const me = await api.me();
      setState({ kind: 'editing', ...me });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return setState({ kind: 'signed-out', message: error.message });
      setState({ kind: 'refused', message: error instanceof Error ? error.message : String(error) });
    }
  }, [linkRefused]);

  useEffect(() => {
    setBackend({
      base: functionBase,
      token: async () => (await currentSession())?.token,
      signedOut: (message) => setState({ kind: 'signed-out', message }),
      notAnswering: 'The editor is not answering. Check the internet connection and try again; your draft is kept.',
    });
    void enter();
  }, [enter]);

  const leave = () => { void signOut().then(() => setState({ kind: 'signed-out', message: 'You have signed out. Your draft is kept for when you sign in again.' })); };

  if (state.kind === 'editing') {
    const { kind: _editing, ...me } = state;
    return <App signedIn={{ ...me, hosted, signOut: leave }} />;
  }
  return (
    <main className="sign-in" id="main">
      <h1>Site editor</h1>
      {state.kind === 'loading' && <p role="status">Opening the editor...</p>}
      {state.kind === 'refused' && <><p role="alert">{state.message}</p><button type="button" onClick={leave}>Sign out</button></>}
      {state.kind === 'signed-out' && (
        <>
          {state.message && <p role="alert">{state.message}</p>}
          {hosted ? <SupabaseSignIn onSignedIn={enter} /> : <LocalSignIn token={token} onSignedIn={enter} />}
        </>
      )}
    </main>
  );
}

function useSubmit(run: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    run().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e))).finally(() => setBusy(false));
  };
  return { busy, error, submit };
}

/** Who signed in last on this computer; nothing when what is kept cannot be read. */
function rememberedPerson(): { name?: string; email?: string } {
  try {
    const kept = JSON.parse(localStorage.getItem(PERSON_KEY) ?? '{}') as unknown;
    return kept && typeof kept === 'object' ? kept as { name?: string; email?: string } : {};
  } catch {
    return {};
  }
}

/** Sign-in on this computer: the printed address, and who is editing (their name goes with what they publish). */
function LocalSignIn({ token, onSignedIn }: { token: string | undefined; onSignedIn(): Promise<void> }) {
  const [remembered] = useState(rememberedPerson);
  const [name, setName] = useState(remembered.name ?? '');
  const [email, setEmail] = useState(remembered.email ?? '');
  const { busy, error, submit } = useSubmit(async () => {
    await signInLocally(token ?? '', name, email);
    localStorage.setItem(PERSON_KEY, JSON.stringify({ name, email }));
    await onSignedIn();
  });
  if (!token) return <p>To sign in, open the address that <code>npm start</code> printed in its window. Each address works once; a new one is printed after it is used.</p>;
  return (
    <form onSubmit={submit}>
      <p>Say who you are: your name goes with each change you publish.</p>
      <label htmlFor="sign-in-name">Your name</label>
      <input id="sign-in-name" type="text" required maxLength={100} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="sign-in-email">Your e-mail address</label>
      <input id="sign-in-email" type="email" required maxLength={320} autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="primary" disabled={busy}>{busy ? 'Signing in...' : 'Sign in'}</button>
      {error && <p role="alert" className="error">{error}</p>}
    </form>
  );
}

/**
 * Supabase Auth: the person's e-mail address, then the one-time code e-mailed to it. The code is typed on the device
 * that asked for it, so a link opened on a phone is not needed to sign in on the practice's computer.
 */
function SupabaseSignIn({ onSignedIn }: { onSignedIn(): Promise<void> }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState('');
  const ask = useSubmit(async () => { await sendSignInCode(email); setSentTo(email); setCode(''); });
  const check = useSubmit(async () => { await signInWithCode(sentTo, code); await onSignedIn(); });
  if (!sentTo) {
    return (
      <form onSubmit={ask.submit}>
        <p>Type the e-mail address you were invited with. We e-mail you a code to sign in with: there is no password.</p>
        <label htmlFor="sign-in-email">Your e-mail address</label>
        <input id="sign-in-email" type="email" required maxLength={320} autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="primary" disabled={ask.busy}>{ask.busy ? 'Sending...' : 'E-mail me a code'}</button>
        {ask.error && <p role="alert" className="error">{ask.error}</p>}
      </form>
    );
  }
  return (
    <form onSubmit={check.submit}>
      <p role="status">{editorCatalogue.SignInCodeSent(sentTo)}</p>
      <label htmlFor="sign-in-code">The code from the e-mail</label>
      <input id="sign-in-code" type="text" required inputMode="numeric" autoComplete="one-time-code" maxLength={12}
        value={code} onChange={(e) => setCode(e.target.value)} />
      <button type="submit" className="primary" disabled={check.busy}>{check.busy ? 'Signing in...' : 'Sign in'}</button>
      <button type="button" disabled={ask.busy} onClick={ask.submit}>E-mail me a new code</button>
      <button type="button" onClick={() => { setSentTo(''); setCode(''); }}>Use another e-mail address</button>
      {(check.error || ask.error) && <p role="alert" className="error">{check.error || ask.error}</p>}
    </form>
  );
}
