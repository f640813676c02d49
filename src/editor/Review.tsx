import { Fragment, useEffect, useState } from 'react';
import { ConflictChoices } from './ConflictChoices.tsx';
import { Dialog } from './Dialog.tsx';
import { api, ApiError, type PublishConflict, type ReviewState, type Saved } from './api.ts';
import type { Piece, TextChange } from './review/textChange.ts';

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
const ASKED = 'Asked. A colleague who may publish will look at your changes. A change you make now takes the request back until you ask again.';
/**
 * Publish: a one-line description, then commit and push; refused while there are problems. When a colleague
 * published a change to a place changed here too, each such place is shown with both values and the person chooses.
 */
export function Publish({ refusal, saving, onClose, onShowProblems, onPublished, author: signedIn, ask }: {
  /** Why publishing waits (the problems, a new entry's fields to fill in), in the words of the problems' one state (problems.ts). */
  refusal?: string; saving: boolean; onClose(): void; onShowProblems(): void; onPublished(merged: boolean): void;
  /** The signed-in person's name (hosted editor): the change is theirs, and nobody is asked who they are. */
  author?: string;
  /** For a person who may not publish: the same description asks a colleague who may to approve it. */
  ask?: { onAsked(at: string, message: string): void };
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
      if (ask) {
        await api.askApproval(text);
        ask.onAsked(new Date().toISOString(), text.replace(/\s+/g, ' ').trim());
        setResult({ ok: true, message: ASKED });
        return;
      }
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
    <Dialog title={ask ? 'Ask for approval' : 'Publish'} onClose={onClose}>
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
          <ConflictChoices conflicts={conflicts} choices={choices} onChoose={setChoices} />
          <button type="submit" className="primary" disabled={busy || saving || !text.trim() || !author.trim() || undecided}>{ask ? 'Ask for approval' : busy ? 'Publishing...' : 'Publish now'}</button>
          {saving && <p>Waiting for the last change to be saved...</p>}
        </form>
      )}
      {result && <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'ok' : 'error'}>{result.message}</p>}
    </Dialog>
  );
}
