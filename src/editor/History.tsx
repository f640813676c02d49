import { useEffect, useId, useRef, useState } from 'react';
import { editorCatalogue } from '../content/errors.ts';
import { api, ApiError, type HistoryVersion, type PublishConflict } from './api.ts';
import { ConflictChoices, whenWords, type Choices } from './ConflictChoices.tsx';
import { Dialog } from './Dialog.tsx';
import { AUTHOR_KEY } from './Review.tsx';

/** Going back names the value it brings back so. */
const GOING_BACK = { changed: 'Going back would make it', keep: 'Go back to' };

/** A version listed, and the page of the history it was read from (the server looks for it there). */
type Listed = HistoryVersion & { page: number };

interface Asked { how: 'return' | 'undo'; commit: string; page: number; seen?: string }

/** A return being asked about: the version, and what it takes back from the website as it was when asked. */
interface Confirming { version: Listed; head: string; changes: string[] }

/** The versions listed with a page read: each once, in the order read (a page counts back from the newest then). */
const withPage = (listed: Listed[], read: HistoryVersion[], page: number, newer: boolean): Listed[] => {
  const known = new Set(listed.map((v) => v.commit));
  const added = read.filter((v) => !known.has(v.commit)).map((v) => ({ ...v, page }));
  if (!newer) return [...listed, ...added];
  const fresh = new Set(added.map((v) => v.commit));
  return [...added, ...listed.filter((v) => !fresh.has(v.commit))];
};

/**
 * Every published version, newest first, in staff's words, with the two ways back. Each makes a new version, so the
 * list keeps what was there; a place a later version changed too is put to the person with both values.
 */
export function History({ author: signedIn, onClose, onChanged }: { author?: string; onClose(): void; onChanged(): void }) {
  const [versions, setVersions] = useState<Listed[] | null>(null);
  /** How many pages of the history are listed, and whether there may be older versions than those. */
  const [pages, setPages] = useState({ read: 0, more: false });
  const [part, setPart] = useState('');
  const [siteParts, setSiteParts] = useState<string[]>([]);
  const [person, setPerson] = useState('');
  const [reading, setReading] = useState(false);
  const filterId = useId();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [conflicts, setConflicts] = useState<PublishConflict[]>([]);
  const [choices, setChoices] = useState<Choices>({});
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const failed = (e: unknown) => setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) });
  // The newest page again (after a version was made): older pages already listed stay.
  const refresh = () => api.history(0).then(({ versions: read, more, parts: today }) => {
    setVersions((listed) => withPage(listed ?? [], read, 0, true));
    setSiteParts(today ?? []);
    setPages((had) => ({ read: Math.max(had.read, 1), more: had.read > 1 ? had.more : more }));
  }, failed);
  const readOlder = async () => {
    setReading(true);
    try {
      const { versions: read, more } = await api.history(pages.read);
      setVersions((listed) => withPage(listed ?? [], read, pages.read, false));
      setPages({ read: pages.read + 1, more });
    } catch (e) {
      failed(e);
    } finally {
      setReading(false);
    }
  };
  useEffect(() => { void refresh(); }, []);
  const author = signedIn ?? localStorage.getItem(AUTHOR_KEY) ?? '';

  const goBack = async (next: Asked, chosen: Choices) => {
    setBusy(true);
    try {
      const done = await api.goBack(next.how, next.commit, chosen, author, next.seen, next.page);
      setConfirming(null);
      setAsked(null);
      setConflicts([]);
      setChoices({});
      setMessage({ ok: true, text: done.message });
      onChanged();
      await refresh();
    } catch (e) {
      setAsked(next);
      setConflicts(e instanceof ApiError ? e.conflicts : []);
      setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) });
      // Someone published meanwhile: what the return takes back is asked again, so the list shown is today's.
      if (confirming && e instanceof Error && e.message === editorCatalogue.HistoryMovedSinceAsked()) await askReturn(confirming.version, true);
    } finally {
      setBusy(false);
    }
  };
  const start = (next: Asked) => { setChoices({}); void goBack(next, {}); };

  /** A return publishes the whole site as it was: first it says which published changes it takes back, and asks. */
  const askReturn = async (version: Listed, keepMessage = false) => {
    setBusy(true);
    if (!keepMessage) setMessage(null);
    try {
      const { head, changes } = await api.returnAsks(version.commit, version.page);
      setConfirming({ version, head, changes });
      if (keepMessage) void refresh();
    } catch (e) {
      setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  const shared = sharedNames(versions ?? []);
  const listed = versions ?? [];
  const people = peopleOf(listed, shared);
  // Today's parts in the navigator's order, then any a version listed changed that the website no longer has.
  const parts = [...new Set([...siteParts, ...listed.flatMap((v) => v.parts).sort((a, b) => a.localeCompare(b))])];
  const shown = listed.filter((v) => (!part || v.parts.includes(part)) && (!person || whoIn(v).includes(person)));
  const personName = people.find((p) => p.key === person)?.label ?? '';
  return (
    <Dialog title="History" onClose={onClose}>
      {message && <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'ok' : 'error'}>{message.text}</p>}
      {conflicts.length > 0 && asked && (
        <form className="history-conflicts" onSubmit={(e) => { e.preventDefault(); void goBack(asked, choices); }}>
          <ConflictChoices conflicts={conflicts} choices={choices} onChoose={setChoices} mine={GOING_BACK} />
          <button type="submit" className="primary" disabled={busy || conflicts.some((c) => !choices[c.key])}>Go ahead</button>
        </form>
      )}
      {!versions && !message && <p>Reading the history...</p>}
      {confirming && (
        <ReturnQuestion confirming={confirming} busy={busy}
          onReturn={() => { setChoices({}); void goBack({ how: 'return', commit: confirming.version.commit, page: confirming.version.page, seen: confirming.head }, {}); }}
          onCancel={() => { setConfirming(null); setMessage(null); }} />
      )}
      {versions && !confirming && listed.length > 0 && (
        <div className="history-filters">
          <div>
            <label htmlFor={`${filterId}-part`}>Part of the website</label>
            <select id={`${filterId}-part`} value={part} onChange={(e) => setPart(e.target.value)}>
              <option value="">All parts</option>
              {parts.map((p) => <option key={p} value={p}>{p}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor={`${filterId}-person`}>Published or approved by</label>
            <select id={`${filterId}-person`} value={person} onChange={(e) => setPerson(e.target.value)}>
              <option value="">Anyone</option>
              {people.map((p) => <option key={p.key} value={p.key}>{p.label}</option>)}
            </select>
          </div>
        </div>
      )}
      {versions && !confirming && shown.length === 0 && (part || person) && (
        <p role="status">{editorCatalogue.HistoryNoneFound(listed.length, part, personName, pages.more)}</p>
      )}
      {versions && !confirming && (
        <ol className="history">
          {shown.map((v) => (
            <li key={v.commit}>
              <h3>{v.description || 'No description'}</h3>
              <p className="history-who">Published{whenWords(v.at)} by <Who name={v.by} email={v.email} shared={shared} />
                {v.approvedBy && <>, approved by <Who name={v.approvedBy} email={v.approverEmail} shared={shared} /></>}</p>
              {v.first ? <p>The first version of the website.</p> : v.changes.length > 0
                ? <ul className="history-changes">{v.changes.map((words, k) => <li key={k}>{words}</li>)}</ul>
                : <p>No change to the contents (only notes or layout of the file).</p>}
              <p className="history-actions">
              {v.commit !== listed[0].commit && <button type="button" disabled={busy} onClick={() => void askReturn(v)} aria-label={`Return to this version: ${v.description}`}>Return to this version</button>}
              {!v.first && <button type="button" disabled={busy} onClick={() => start({ how: 'undo', commit: v.commit, page: v.page })} aria-label={`Undo just this change: ${v.description}`}>Undo just this change</button>}
              </p>
            </li>
          ))}
        </ol>
      )}
      {versions && !confirming && pages.more && (
        <p className="history-older">
          <button type="button" disabled={reading} onClick={() => void readOlder()}>{reading ? 'Reading older versions...' : 'Show older versions'}</button>
        </p>
      )}
    </Dialog>
  );
}

/** The question a return asks first: every published change it takes back, in Review's words. */
function ReturnQuestion({ confirming, busy, onReturn, onCancel }: { confirming: Confirming; busy: boolean; onReturn(): void; onCancel(): void }) {
  const { version, changes } = confirming;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => { heading.current?.focus(); }, [confirming]);
  const n = changes.length;
  return (
    <section className="history-return" aria-labelledby="return-heading">
      <h3 id="return-heading" tabIndex={-1} ref={heading}>Return to "{version.description || 'No description'}"?</h3>
      <p>The website goes back to this version, published{whenWords(version.at)}, as a new version that everyone sees at once.
        {n ? ` It takes back ${n === 1 ? 'this change' : `these ${n} changes`}, published since:` : ' Its contents are the same as today\'s, so nothing would change.'}</p>
      {n > 0 && <ul className="history-changes">{changes.map((words, k) => <li key={k}>{words}</li>)}</ul>}
      <p className="history-actions">
        {n > 0 && <button type="button" className="primary" disabled={busy} onClick={onReturn}>Return and publish</button>}
        <button type="button" disabled={busy} onClick={onCancel}>{n ? 'Cancel' : 'Back to the list'}</button>
      </p>
    </section>
  );
}

/** Who published a version and who approved it, each as peopleOf keys them. */
const whoIn = (v: HistoryVersion) => [[v.by, v.email], [v.approvedBy, v.approverEmail]].flatMap(([name, email]) => (name ? [email || name] : []));

/** Everyone who published or approved a version listed, by name (with the e-mail where two share it), A to Z. */
function peopleOf(versions: HistoryVersion[], shared: Set<string>): { key: string; label: string }[] {
  const people = new Map<string, string>();
  for (const v of versions) {
    for (const [name, email] of [[v.by, v.email], [v.approvedBy, v.approverEmail]] as const) {
      if (name) people.set(email || name, email && shared.has(name) ? `${name} (${email})` : name);
    }
  }
  return [...people].map(([key, label]) => ({ key, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The names that two colleagues with different e-mail addresses share, among the versions listed. */
function sharedNames(versions: HistoryVersion[]): Set<string> {
  const emails = new Map<string, Set<string>>();
  for (const v of versions) {
    for (const [name, email] of [[v.by, v.email], [v.approvedBy, v.approverEmail]] as const) {
      if (name && email) emails.set(name, (emails.get(name) ?? new Set()).add(email));
    }
  }
  return new Set([...emails].filter(([, addresses]) => addresses.size > 1).map(([name]) => name));
}

/** A colleague by name, their e-mail on hover; beside the name when another colleague in the list has the same name. */
function Who({ name, email, shared }: { name: string; email?: string; shared: Set<string> }) {
  return <span title={email}>{name}{email && shared.has(name) ? ` (${email})` : ''}</span>;
}
