import type { FileConflict } from './api.ts';
import { choiceValue } from './review/changes.ts';

/**
 * Changes not saved because another program (a text editor, say) changed the same place of site.yaml meanwhile:
 * each with both values, and the person chooses. Nothing is written over without a word.
 */
export function FileConflicts({ conflicts, onKeepMine, onKeepTheirs }: {
  conflicts: FileConflict[]; onKeepMine(c: FileConflict): void; onKeepTheirs(c: FileConflict): void;
}) {
  return (
    <section className="file-conflicts" role="alert" aria-label="Changes made at the same place">
      {conflicts.map((c) => (
        <p key={c.key}>
          The site's content was changed by another program at the same place as your change. <strong>{c.where}</strong>: the file now
          says {c.theirs === 'removed' ? 'nothing (it was removed)' : `"${c.theirs}"`}; you wrote {c.op.op === 'remove' ? 'to remove it' : `"${choiceValue('value' in c.op ? c.op.value : null)}"`}.
          Choose one: <button type="button" onClick={() => onKeepMine(c)}>Keep mine</button>
          <button type="button" onClick={() => onKeepTheirs(c)}>Keep the file's</button>
        </p>
      ))}
    </section>
  );
}
