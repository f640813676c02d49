import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { api, ApiError, type PublishConflict, type ReviewState, type Saved } from './api.ts';
import type { Piece, TextChange } from './review/textChange.ts';

/** A modal dialog (the browser's own: focus stays inside, Escape closes it). */
export function Dialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
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

/** A version of a long text around its change, the changed words marked, and said so to a screen reader. */
function Version({ pieces, Mark }: { pieces: Piece[]; Mark: 'del' | 'ins' }) {
  const said = Mark === 'del' ? 'removed' : 'added';
  return (
    <span className={Mark === 'del' ? 'was' : 'now'}>
      {Mark === 'del' ? 'Was' : 'Now'}: {pieces.map((piece, i) => (piece.changed
        ? <Mark key={i}><span className="visually-hidden">{said}: </span>{piece.text}<span className="visually-hidden"> (end of {said})</span></Mark>
        : <Fragment key={i}>{piece.text}</Fragment>))}
    </span>
  );
}

/** A long text's change: where, then each version around it. */
function TextChangeWords({ text }: { text: TextChange }) {
  return (
    <span className="text-change">
      <span>{text.where}:</span>
      <Version pieces={text.before} Mark="del" />
      <Version pieces={text.after} Mark="ins" />
    </span>
  );
}

/** Every change since the last publish, in words, each with Undo; the YAML diff beneath. */
export function Review({ onClose, onUndone }: { onClose(): void; onUndone(state: Saved): void }) {
  const [review, setReview] = useState<ReviewState | null>(null);
  const [message, setMessage] = useState('');
  const refresh = () => api.review().then(setReview, (e: unknown) => setMessage(e instanceof Error ? e.message : String(e)));
  useEffect(() => { void refresh(); }, []);
  const undo = async (id: string) => {
    try {
      onUndone(await api.undo(id));
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
      {review?.base === 'none' && <p>There is no published version to compare with.</p>}
      {review?.base === 'published' && review.changes.length === 0 && <p>No changes since the last publish.</p>}
      {review && review.changes.length > 0 && (
        <>
          <p>{review.changes.length === 1 ? '1 change' : `${review.changes.length} changes`} since the last publish:</p>
          <ul className="changes">
            {review.changes.map((c) => (
              <li key={c.id}>
                {c.text ? <TextChangeWords text={c.text} /> : <span>{c.words}</span>}
                <button type="button" onClick={() => void undo(c.id)} aria-label={`Undo: ${c.words}`}>Undo</button>
              </li>
            ))}
          </ul>
          <h3>The same changes, line by line</h3>
          <pre className="diff" tabIndex={0} aria-label="The same changes, line by line">
            {review.diff.split('\n').map((line, i) => (
              <span key={i} className={line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : undefined}>{line}{'\n'}</span>
            ))}
          </pre>
        </>
      )}
    </Dialog>
  );
}


export const AUTHOR_KEY = 'site-editor-author';
/** "Karen changed this to 19:00 at 10:42": who made the other version, when git knows. */
export function theirWords(c: PublishConflict): string {
  const when = c.at ? new Date(c.at) : undefined;
  const time = when && !Number.isNaN(when.getTime()) ? ` at ${when.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })} on ${when.toLocaleDateString([], { day: 'numeric', month: 'long', year: 'numeric' })}` : '';
  const value = c.theirs === 'removed' ? 'removed this' : `changed this to ${c.theirs}`;
  return `${c.by ?? 'Someone else'} ${value}${time}`;
}

/**
 * Publish: a one-line description, then commit and push; refused while there are problems. When a colleague
 * published a change to a place changed here too, each such place is shown with both values and the person chooses.
 */
export function Publish({ refusal, saving, onClose, onShowProblems, onPublished, author: signedIn }: {
  /** Why publishing waits (the problems, a new entry's fields to fill in), in the words of the problems' one state (problems.ts). */
  refusal?: string; saving: boolean; onClose(): void; onShowProblems(): void; onPublished(merged: boolean): void;
  /** The signed-in person's name (hosted editor): the change is theirs, and nobody is asked who they are. */
  author?: string;
}) {
  const [text, setText] = useState('');
  // Who publishes is remembered on this computer, so each change carries its author without asking every time.
  const [typedAuthor, setAuthor] = useState(() => localStorage.getItem(AUTHOR_KEY) ?? '');
  const author = signedIn ?? typedAuthor;
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflicts, setConflicts] = useState<PublishConflict[]>([]);
  const [choices, setChoices] = useState<Record<string, 'mine' | 'theirs'>>({});
  const publish = async () => {
    setBusy(true);
    try {
      if (!signedIn) localStorage.setItem(AUTHOR_KEY, author.trim());
      const done = await api.publish(text, choices, author);
      setConflicts([]);
      setResult({ ok: true, message: done.message });
      // The draft changed on the server too (merged, or a save that came while it was sent): the form reads it again.
      onPublished(Boolean(done.merged || done.keptDraft));
    } catch (e) {
      if (e instanceof ApiError && e.conflicts.length) setConflicts(e.conflicts);
      if (e instanceof ApiError && e.settled) { setConflicts([]); onPublished(true); }
      setResult({ ok: false, message: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  const undecided = conflicts.some((c) => !choices[c.key]);
  return (
    <Dialog title="Publish" onClose={onClose}>
      {refusal ? (
        <>
          <p role="alert">{refusal}</p>
          <button type="button" onClick={onShowProblems}>Show the problems</button>
        </>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); void publish(); }}>
          <label htmlFor="publish-message">What did you change? (one line, kept with the change)</label>
          <input id="publish-message" type="text" required maxLength={200} value={text} onChange={(e) => setText(e.target.value)} placeholder="e.g. Later closing on weekdays" />
          {signedIn === undefined && <>
            <label htmlFor="publish-author">Your name (kept with the change, as who made it)</label>
            <input id="publish-author" type="text" required maxLength={100} autoComplete="name" value={author} onChange={(e) => setAuthor(e.target.value)} placeholder="e.g. Karen Mills" />
          </>}
          {conflicts.map((c) => (
            <fieldset key={c.key} className="publish-conflict">
              <legend>{c.where}</legend>
              <p>{theirWords(c)}. You changed it to {c.mine}.</p>
              <label><input type="radio" name={c.key} checked={choices[c.key] === 'mine'} onChange={() => setChoices((all) => ({ ...all, [c.key]: 'mine' }))} /> Keep mine: {c.mine}</label>
              <label><input type="radio" name={c.key} checked={choices[c.key] === 'theirs'} onChange={() => setChoices((all) => ({ ...all, [c.key]: 'theirs' }))} /> Keep theirs: {c.theirs}</label>
            </fieldset>
          ))}
          <button type="submit" className="primary" disabled={busy || saving || !text.trim() || !author.trim() || undecided}>{busy ? 'Publishing...' : 'Publish now'}</button>
          {saving && <p>Waiting for the last change to be saved...</p>}
        </form>
      )}
      {result && <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'ok' : 'error'}>{result.message}</p>}
    </Dialog>
  );
}
