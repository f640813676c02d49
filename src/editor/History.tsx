import { useEffect, useState } from 'react';
import { api, ApiError, type HistoryVersion, type PublishConflict } from './api.ts';
import { AUTHOR_KEY, Dialog, theirWords } from './Review.tsx';

/** "3 March 2026, 10:42", as the person's computer writes a date and time. */
function when(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return `${date.toLocaleDateString([], { day: 'numeric', month: 'long', year: 'numeric' })}, ${date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}`;
}

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
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>({});
  const refresh = () => api.history().then(setVersions, (e: unknown) => setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) }));
  useEffect(() => { void refresh(); }, []);
  const author = signedIn ?? localStorage.getItem(AUTHOR_KEY) ?? '';

  const goBack = async (next: Asked, chosen: Record<string, 'mine' | 'theirs'>) => {
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

  return (
    <Dialog title="History" onClose={onClose}>
      {message && <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'ok' : 'error'}>{message.text}</p>}
      {conflicts.length > 0 && asked && (
        <form className="history-conflicts" onSubmit={(e) => { e.preventDefault(); void goBack(asked, choices); }}>
          {conflicts.map((c) => (
            <fieldset key={c.key} className="publish-conflict">
              <legend>{c.where}</legend>
              <p>{theirWords(c)}. Going back would make it {c.mine}.</p>
              <label><input type="radio" name={c.key} checked={choices[c.key] === 'mine'} onChange={() => setChoices((all) => ({ ...all, [c.key]: 'mine' }))} /> Go back to: {c.mine}</label>
              <label><input type="radio" name={c.key} checked={choices[c.key] === 'theirs'} onChange={() => setChoices((all) => ({ ...all, [c.key]: 'theirs' }))} /> Keep today&apos;s: {c.theirs}</label>
            </fieldset>
          ))}
          <button type="submit" className="primary" disabled={busy || conflicts.some((c) => !choices[c.key])}>Go ahead</button>
        </form>
      )}
      {!versions && !message && <p>Reading the history...</p>}
      {versions && (
        <ol className="history">
          {versions.map((v, i) => (
            <li key={v.commit}>
              <h3>{v.description || 'No description'}</h3>
              <p className="history-who">{when(v.at)}, by {v.by}{v.approvedBy ? `, approved by ${v.approvedBy}` : ''}</p>
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
