/**
 * The hosted editor's sign-in. With a Supabase project (VITE_SUPABASE_URL at build time) it is Supabase Auth: a
 * one-time code e-mailed through the project's mail service and typed here (the same e-mail's link, or an invitation's,
 * signs in on the device it is opened on). Staff have no password: nothing would let them choose one. Without a
 * project (`npm start`), it is the one-time address printed in the terminal, exchanged with the local site-editor
 * function for a sign-in made as Supabase makes them.
 */
import { signInTrouble } from './signInWords.ts';

export interface Session { token: string; expiresAt: number }

const SUPABASE_URL = import.meta.env.VITE_SUPABASE_URL;
const SUPABASE_KEY = import.meta.env.VITE_SUPABASE_ANON_KEY;
export const hosted = Boolean(SUPABASE_URL);

/** Where the site-editor function answers. */
export const functionBase = `${SUPABASE_URL || window.location.origin}/functions/v1/site-editor/`;

const LOCAL_KEY = 'site-editor-session';
/** The person's name and e-mail as typed on this computer's sign-in page, offered again next time. */
export const PERSON_KEY = 'site-editor-person';

type Supabase = import('@supabase/supabase-js').SupabaseClient;
let client: Promise<Supabase> | undefined;
function supabase(): Promise<Supabase> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => createClient(SUPABASE_URL ?? '', SUPABASE_KEY ?? ''));
  return client;
}

export async function currentSession(): Promise<Session | undefined> {
  if (hosted) {
    const { data } = await (await supabase()).auth.getSession();
    return data.session ? { token: data.session.access_token, expiresAt: data.session.expires_at ?? 0 } : undefined;
  }
  try {
    const saved = JSON.parse(localStorage.getItem(LOCAL_KEY) ?? 'null') as Session | null;
    return saved && saved.expiresAt > Date.now() / 1000 ? saved : undefined;
  } catch {
    return undefined;
  }
}

export async function signOut(): Promise<void> {
  if (hosted) await (await supabase()).auth.signOut();
  localStorage.removeItem(LOCAL_KEY);
}

async function failure(res: Response): Promise<Error> {
  const body = (await res.json().catch(() => ({}))) as { error?: string };
  return new Error(body.error ?? `Signing in did not work (the server answered ${res.status}). Try again.`);
}

/** Signs in on this computer with the one-time token of the printed address. */
export async function signInLocally(token: string, name: string, email: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${functionBase}local-sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, name, email }) });
  } catch {
    throw new Error('The editor is not answering. Is `npm start` still running?');
  }
  if (!res.ok) throw await failure(res);
  const body = (await res.json()) as { access_token: string; expires_at: number };
  localStorage.setItem(LOCAL_KEY, JSON.stringify({ token: body.access_token, expiresAt: body.expires_at } satisfies Session));
}

/** E-mails a one-time code (and a link) to an account that exists; nobody gets an account by asking. */
export async function sendSignInCode(email: string): Promise<void> {
  const { error } = await (await supabase()).auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: `${window.location.origin}/admin/` } });
  if (error) throw new Error(signInTrouble(error, email, true));
}

export async function signInWithCode(email: string, code: string): Promise<void> {
  const { error } = await (await supabase()).auth.verifyOtp({ email, token: code.replace(/\s+/g, ''), type: 'email' });
  if (error) throw new Error(signInTrouble(error, email, false));
}
