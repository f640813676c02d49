import { useEffect, useState } from 'react';
import { api, ApiError, type HistoryVersion, type PublishConflict } from './api.ts';
import { ConflictChoices, whenWords, type Choices } from './ConflictChoices.tsx';
import { Dialog } from './Dialog.tsx';
import { AUTHOR_KEY } from './Review.tsx';

/** Going back names the value it brings back so. */
const GOING_BACK = { changed: 'Going back would make it', keep: 'Go back to' };

interface Asked { how: 'return' | 'undo'; commit: string }

/**
 * Every published version, newest first, in staff's words, with the two ways back. Each makes a new version, so the
 * list keeps what was there; a place a later version changed too is put to the person with both values.
 */
export function History({ author: signedIn, onClose, onChanged }: { author?: string; onClose(): void; onChanged(): void }) {
  const [versions, setVersions] = useState<HistoryVersion[] | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [conflicts, setConflicts] = useState<PublishConflict[]>([]);
  const [choices, setChoices] = useState<Choices>({});
  const refresh = () => api.history().then(setVersions, (e: unknown) => setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) }));
  useEffect(() => { void refresh(); }, []);
  const author = signedIn ?? localStorage.getItem(AUTHOR_KEY) ?? '';

  const goBack = async (next: Asked, chosen: Choices) => {
    setBusy(true);
    try {
      const done = await api.goBack(next.how, next.commit, chosen, author);
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
    } finally {
      setBusy(false);
    }
  };
  const start = (next: Asked) => { setChoices({}); void goBack(next, {}); };

  const shared = sharedNames(versions ?? []);
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
      {versions && (
        <ol className="history">
          {versions.map((v, i) => (
            <li key={v.commit}>
              <h3>{v.description || 'No description'}</h3>
              <p className="history-who">Published{whenWords(v.at)} by <Who name={v.by} email={v.email} shared={shared} />
                {v.approvedBy && <>, approved by <Who name={v.approvedBy} email={v.approverEmail} shared={shared} /></>}</p>
              {v.first ? <p>The first version of the website.</p> : v.changes.length > 0
                ? <ul className="history-changes">{v.changes.map((words, k) => <li key={k}>{words}</li>)}</ul>
                : <p>No change to the contents (only notes or layout of the file).</p>}
              <p className="history-actions">
              {i > 0 && <button type="button" disabled={busy} onClick={() => start({ how: 'return', commit: v.commit })} aria-label={`Return to this version: ${v.description}`}>Return to this version</button>}
              {!v.first && <button type="button" disabled={busy} onClick={() => start({ how: 'undo', commit: v.commit })} aria-label={`Undo just this change: ${v.description}`}>Undo just this change</button>}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
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
