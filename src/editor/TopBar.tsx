import type { FileConflict, Me } from './api.ts';
import { FileConflicts } from './FileConflicts.tsx';
import type { ProblemStatus } from './problems.ts';
import type { SaveState } from './useDraft.tsx';

/**
 * The signed-in person of the hosted editor: their name goes with what they publish, and they can sign out.
 * `mayPublish` false: they ask for approval instead; `managesPeople`: they may open the People list; `hosted`: on
 * Supabase (invitations go by e-mail), not npm start.
 */
export interface SignedIn extends Me { hosted?: boolean; signOut(): void }

/** Changes kept in this browser after a save failed: sent again on request, and their words there to copy. */
function Unsaved({ typed, onTryAgain }: { typed: string[]; onTryAgain(): void }) {
  return (
    <div className="unsaved">
      <button type="button" onClick={onTryAgain}>Try again</button>
      {typed.length > 0 && (
        <details>
          <summary>What you typed, to copy</summary>
          <div className="unsaved-panel">
            <p>Your changes stay in this page until it is closed, and go with your next change or Try again.</p>
            <textarea readOnly aria-label="What you typed, not saved" rows={Math.min(8, typed.length * 2)} value={typed.join('\n\n')} />
          </div>
        </details>
      )}
    </div>
  );
}

/** The bar over the editor: whether the work is saved, the problems in one word, Review changes, History and Publish. */
export function TopBar({ save, status, fileConflicts, signedIn, waiting, onTryAgain, onLoadAgain, onKeepMine, onKeepTheirs, onReview, onHistory, onPublish, onPeople, onApprovals }: {
  save: SaveState; status: ProblemStatus; fileConflicts: FileConflict[]; signedIn?: SignedIn;
  /** How many colleagues' requests for approval wait for this person. */
  waiting: number;
  onLoadAgain(): void; onKeepMine(c: FileConflict): void; onKeepTheirs(c: FileConflict): void; onReview(): void; onHistory(): void; onPublish(): void; onPeople(): void; onApprovals(): void;
  /** Sends the changes kept after a save was refused or not answered. */
  onTryAgain(): void;
}) {
  const saveWords = save.state === 'unsaved' ? `Your last changes were not saved. ${save.message}`
    : save.state === 'error' || save.state === 'conflict' ? save.message
    : save.state === 'saved' ? 'All changes saved' : save.state === 'saving' ? 'Saving...' : 'Changes not saved yet';
  const countClass = status.shown.length ? 'problem-count has' : status.waiting ? 'problem-count waiting' : 'problem-count';
  return (
    <header className="topbar">
      <h1>Site editor</h1>
      <p className={`save-state ${save.state}`} role="status" aria-live="polite">{saveWords}</p>
      {save.state === 'conflict' && <button type="button" onClick={onLoadAgain}>Load again</button>}
      {save.state === 'unsaved' && <Unsaved typed={save.typed} onTryAgain={onTryAgain} />}
      {fileConflicts.length > 0 && <FileConflicts conflicts={fileConflicts} onKeepMine={onKeepMine} onKeepTheirs={onKeepTheirs} />}
      <a className={countClass} href="#problems">{status.count}</a>
      <button type="button" onClick={onReview}>Review changes</button>
      <button type="button" onClick={onHistory}>History</button>
      <button type="button" className="primary" onClick={onPublish}>{signedIn?.mayPublish === false ? 'Ask for approval' : 'Publish'}</button>
      {waiting > 0 && <button type="button" onClick={onApprovals}>Waiting for approval ({waiting})</button>}
      {signedIn?.managesPeople && <button type="button" onClick={onPeople}>People</button>}
      {signedIn && <p className="signed-in">Signed in as {signedIn.name} <button type="button" onClick={signedIn.signOut}>Sign out</button></p>}
    </header>
  );
}
