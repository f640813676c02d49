import { useEffect, useId, useState, type FormEvent } from 'react';
import { api, type Colleague, type PeopleList } from './api.ts';
import { editorCatalogue } from '../content/errors.ts';
import { Dialog } from './Dialog.tsx';

/** What an invitation did, in words: how the colleague signs in. */
function invitedWords({ invited }: PeopleList, hosted: boolean): string {
  if (!invited) return '';
  if (invited.sent === 'has an account') return `${invited.name} has an account already: they can sign in at this page now.`;
  return hosted
    ? `Invitation sent to ${invited.email}. ${invited.name} signs in from the e-mail.`
    : `${invited.name} is invited. The address they sign in with is shown where the website was started (npm start); give it to them.`;
}

/**
 * The colleagues who may edit the website, for a person who manages people: invite one, let one publish at once (or
 * have their changes approved first) and manage people, or take one off (their draft is kept). Nobody changes or takes off themself.
 */
export function People({ me, hosted, onClose }: { me: string; hosted: boolean; onClose(): void }) {
  const [people, setPeople] = useState<Colleague[] | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [manages, setManages] = useState(false);
  const [waits, setWaits] = useState(false);
  const [made, setMade] = useState<{ name: string; link: string } | null>(null);
  const ids = useId();
  useEffect(() => { api.people().then((list) => setPeople(list.people), (e: unknown) => setMessage(e instanceof Error ? e.message : String(e))); }, []);

  /** One change to the list: the list as it is after it, and its words; on a refusal, the refusal's words. */
  const act = async (change: () => Promise<PeopleList>, words: (list: PeopleList) => string) => {
    setBusy(true);
    try {
      const list = await change();
      setPeople(list.people);
      setMessage(words(list));
      return true;
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
      api.people().then((list) => setPeople(list.people), () => {});
      return false;
    } finally {
      setBusy(false);
    }
  };
  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (await act(() => api.invite({ name, email, mayPublish: !waits, managesPeople: manages }), (list) => invitedWords(list, hosted))) {
      setName(''); setEmail(''); setManages(false); setWaits(false);
    }
  };

  /** A sign-in link for a colleague whose e-mail does not arrive: copied when the browser lets it, and shown. */
  const makeLink = async (person: Colleague) => {
    setBusy(true);
    setMade(null);
    try {
      const { link, name: whose } = await api.signInLink(person.email);
      setMade({ name: whose, link });
      // A browser may refuse, or (on an address not its own computer's, without https) have no clipboard at all.
      const copied = await (navigator.clipboard?.writeText(link) ?? Promise.reject(new Error('no clipboard'))).then(() => true, () => false);
      setMessage(copied ? editorCatalogue.PeopleLinkCopied(whose) : editorCatalogue.PeopleLinkShown(whose));
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title="People" onClose={onClose}>
      <p>The people who may edit the website. Each signs in with their own e-mail address. The changes of someone who may not publish wait for a colleague who may to approve them.</p>
      {people === null ? <p>Loading the list...</p> : (
        <table className="people">
          <thead><tr><th scope="col">Name</th><th scope="col">E-mail address</th><th scope="col">May publish</th><th scope="col">May manage people</th><th scope="col"><span className="visually-hidden">Take off</span></th></tr></thead>
          <tbody>
            {people.map((person) => {
              const self = person.email === me;
              return (
                <tr key={person.email}>
                  <th scope="row">{person.name}{self ? ' (you)' : ''}</th>
                  <td>{person.email}</td>
                  <td>
                    <input type="checkbox" aria-label={`${person.name} may publish`} checked={person.mayPublish} disabled={self || busy}
                      onChange={(e) => void act(() => api.changePerson(person.email, { mayPublish: e.target.checked, managesPeople: person.managesPeople }), () => (e.target.checked
                        ? `${person.name} may now publish.` : `${person.name}'s changes now wait for approval by a colleague who may publish.`))} />
                  </td>
                  <td>
                    <input type="checkbox" aria-label={`${person.name} may manage people`} checked={person.managesPeople} disabled={self || busy}
                      onChange={(e) => void act(() => api.changePerson(person.email, { mayPublish: person.mayPublish, managesPeople: e.target.checked }), () => `${person.name} ${e.target.checked ? 'may now manage people' : 'may no longer manage people'}.`)} />
                  </td>
                  <td>
                    {!self && leaving !== person.email && (
                      <>
                        <button type="button" disabled={busy} aria-label={`Copy a sign-in link for ${person.name}`} onClick={() => void makeLink(person)}>Sign-in link</button>{' '}
                        <button type="button" disabled={busy} onClick={() => setLeaving(person.email)}>Take off</button>
                      </>
                    )}
                    {!self && leaving === person.email && (
                      <span className="confirm">
                        Take {person.name} off? Their unpublished changes are kept, but nobody sees them.{' '}
                        <button type="button" disabled={busy} onClick={() => void act(() => api.removePerson(person.email), () => `${person.name} can no longer sign in to edit the website.`).then(() => setLeaving(null))}>Yes, take off</button>{' '}
                        <button type="button" onClick={() => setLeaving(null)}>No</button>
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {made && (
        <p className="made-link">
          <label htmlFor={`${ids}-link`}>Sign-in link for {made.name}</label>
          <input id={`${ids}-link`} type="text" readOnly value={made.link} onFocus={(e) => e.target.select()} />
        </p>
      )}
      <form className="invite" onSubmit={(e) => void invite(e)}>
        <h3>Invite a colleague</h3>
        <label htmlFor={`${ids}-name`}>Their name</label>
        <input id={`${ids}-name`} type="text" required maxLength={100} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${ids}-email`}>Their e-mail address</label>
        <input id={`${ids}-email`} type="email" required maxLength={320} autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
        <label className="check"><input type="checkbox" checked={waits} onChange={(e) => setWaits(e.target.checked)} /> Their changes wait for approval (a colleague who may publish approves them)</label>
        <label className="check"><input type="checkbox" checked={manages} onChange={(e) => setManages(e.target.checked)} /> May also manage people (invite and take off colleagues)</label>
        <button type="submit" className="primary" disabled={busy}>Invite</button>
      </form>
      <p role="status" aria-live="polite">{message}</p>
    </Dialog>
  );
}
