import { useEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { api, type ReviewState, type Saved } from './api.ts';

/** A modal dialog (the browser's own: focus stays inside, Escape closes it). */
function Dialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} aria-labelledby="dialog-title" onClose={onClose} onCancel={onClose}>
      <h2 id="dialog-title">{title}</h2>
      {children}
      <button type="button" className="close" onClick={onClose}>Close</button>
    </dialog>
  );
}

/** Every change since the last publish, in words, each with Undo; the YAML diff beneath. */
export function Review({ hash, onClose, onUndone }: { hash: MutableRefObject<string>; onClose(): void; onUndone(state: Saved): void }) {
  const [review, setReview] = useState<ReviewState | null>(null);
  const [message, setMessage] = useState('');
  const refresh = () => api.review().then(setReview, (e: unknown) => setMessage(e instanceof Error ? e.message : String(e)));
  useEffect(() => { void refresh(); }, []);
  const undo = async (id: string) => {
    try {
      const saved = await api.undo(id, hash.current);
      hash.current = saved.hash;
      onUndone(saved);
      setMessage('Undone.');
      await refresh();
    } catch (e) {
      setMessage(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Dialog title="Review changes" onClose={onClose}>
      <p role="status">{message}</p>
      {!review && <p>Reading the changes...</p>}
      {review?.base === 'none' && <p>There is no published version to compare with (this folder is not kept with git).</p>}
      {review?.base === 'published' && review.changes.length === 0 && <p>No changes since the last publish.</p>}
      {review && review.changes.length > 0 && (
        <>
          <p>{review.changes.length === 1 ? '1 change' : `${review.changes.length} changes`} since the last publish:</p>
          <ul className="changes">
            {review.changes.map((c) => (
              <li key={c.id}>
                <span>{c.words}</span>
                <button type="button" onClick={() => void undo(c.id)} aria-label={`Undo: ${c.words}`}>Undo</button>
              </li>
            ))}
          </ul>
          <h3>The same changes in site.yaml</h3>
          <pre className="diff" tabIndex={0} aria-label="Changes to site.yaml, line by line">
            {review.diff.split('\n').map((line, i) => (
              <span key={i} className={line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : undefined}>{line}{'\n'}</span>
            ))}
          </pre>
        </>
      )}
    </Dialog>
  );
}

/** Publish: a one-line description, then commit and push; refused while there are problems. */
export function Publish({ problems, saving, onClose, onShowProblems }: { problems: number; saving: boolean; onClose(): void; onShowProblems(): void }) {
  const [text, setText] = useState('');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const publish = async () => {
    setBusy(true);
    try {
      const done = await api.publish(text);
      setResult({ ok: true, message: done.message });
    } catch (e) {
      setResult({ ok: false, message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title="Publish" onClose={onClose}>
      {problems > 0 ? (
        <>
          <p role="alert">The site has {problems === 1 ? '1 problem' : `${problems} problems`}. Your work is saved as a draft; fix {problems === 1 ? 'it' : 'them'} first, then publish.</p>
          <button type="button" onClick={onShowProblems}>Show the problems</button>
        </>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); void publish(); }}>
          <label htmlFor="publish-message">What did you change? (one line, kept with the change)</label>
          <input id="publish-message" type="text" required maxLength={200} value={text} onChange={(e) => setText(e.target.value)} placeholder="e.g. Later closing on weekdays" />
          <button type="submit" className="primary" disabled={busy || saving || !text.trim()}>{busy ? 'Publishing...' : 'Publish now'}</button>
          {saving && <p>Waiting for the last change to be saved...</p>}
        </form>
      )}
      {result && <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'ok' : 'error'}>{result.message}</p>}
    </Dialog>
  );
}
