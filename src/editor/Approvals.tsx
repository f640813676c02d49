import { useEffect, useId, useState } from 'react';
import { editorCatalogue } from '../content/errors.ts';
import { api, ApiError, type ApprovalRequest, type PublishConflict } from './api.ts';
import { ConflictChoices, whenWords, type Choices } from './ConflictChoices.tsx';
import { Dialog } from './Dialog.tsx';

/** One colleague's request: what they changed, in Review's words; Approve and publish, or Send back with a note. */
function Request({ request, onDone, onRefused }: { request: ApprovalRequest; onDone(message: string): void; onRefused(): void }) {
  const [conflicts, setConflicts] = useState<PublishConflict[]>([]);
  const [choices, setChoices] = useState<Choices>({});
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const noteId = useId();
  // Choices made for one version mean nothing for another: the author changed it, and it is read again from the start.
  useEffect(() => { setConflicts([]); setChoices({}); }, [request.version]);
  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    try {
      onDone(await work());
    } catch (e) {
      if (e instanceof ApiError && e.conflicts.length) setConflicts(e.conflicts);
      else onRefused();
      setMessage(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const undecided = conflicts.some((c) => !choices[c.key]);
  const first = request.name.split(' ')[0];
  return (
    <li className="approval">
      <h3>{request.name}: {request.message}</h3>
      <p>Asked{whenWords(request.askedAt)}.</p>
      <ul className="changes">{request.changes.map((c) => <li key={c.id}>{c.words}</li>)}</ul>
      {request.files.length > 0 && <>
        <p>{editorCatalogue.ApprovalFiles()}</p>
        <ul className="changes">{request.files.map((f) => <li key={f}>{f}</li>)}</ul>
      </>}
      <ConflictChoices conflicts={conflicts} choices={choices} onChoose={setChoices} mine={{ changed: `${first} changed it to`, keep: `Keep ${first}'s` }} />
      <button type="button" className="primary" disabled={busy || undecided}
        onClick={() => void run(async () => { await api.approve(request, choices); return `Published: "${request.message}", by ${request.name}, approved by you.`; })}>
        Approve and publish
      </button>
      <label htmlFor={noteId}>Or send it back, saying what to change</label>
      <textarea id={noteId} rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      <button type="button" disabled={busy || !note.trim()}
        onClick={() => void run(async () => { await api.sendBack(request.author, note); return `Sent back to ${request.name} with your note.`; })}>
        Send back
      </button>
      {message && <p role="alert" className="error">{message}</p>}
    </li>
  );
}

/** Colleagues' changes waiting for approval, for a person who may publish. */
export function Approvals({ onClose, onCount }: { onClose(): void; onCount(count: number): void }) {
  const [requests, setRequests] = useState<ApprovalRequest[] | null>(null);
  const [message, setMessage] = useState('');
  const refresh = () => api.approvals().then(({ requests: found }) => { setRequests(found); onCount(found.length); }, (e: unknown) => setMessage(e instanceof Error ? e.message : String(e)));
  useEffect(() => { void refresh(); }, []);
  return (
    <Dialog title="Waiting for approval" onClose={onClose}>
      {requests === null ? <p>Loading...</p> : requests.length === 0 ? <p>Nothing is waiting for approval.</p> : (
        <ul className="approvals">
          {requests.map((r) => <Request key={r.author} request={r} onDone={(done) => { setMessage(done); void refresh(); }} onRefused={() => void refresh()} />)}
        </ul>
      )}
      <p role="status" aria-live="polite">{message}</p>
    </Dialog>
  );
}
