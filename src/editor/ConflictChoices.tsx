import type { PublishConflict } from './api.ts';

export type Choices = Record<string, 'mine' | 'theirs'>;

/** "at 10:42 am on 28 November 2026": when something was done, as an Australian reads it, whatever the browser's language. */
export function whenWords(iso: string | undefined): string {
  const when = iso ? new Date(iso) : undefined;
  return when && !Number.isNaN(when.getTime()) ? ` at ${when.toLocaleTimeString('en-AU', { hour: 'numeric', minute: '2-digit' })} on ${when.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric' })}` : '';
}

/** "Karen changed this to 19:00 at 10:42": who made the other version, when git knows. */
function theirWords(c: PublishConflict): string {
  const value = c.theirs === 'removed' ? 'removed this' : `changed this to ${c.theirs}`;
  return `${c.by ?? 'Someone else'} ${value}${whenWords(c.at)}`;
}

/**
 * Each place both versions changed, with both values and the choice of one (Publish; approving a colleague's
 * changes, where "mine" are theirs as they asked).
 */
export function ConflictChoices({ conflicts, choices, onChoose, mine = { changed: 'You changed it to', keep: 'Keep mine' } }: {
  conflicts: PublishConflict[]; choices: Choices; onChoose(update: (all: Choices) => Choices): void;
  /** How the version being published is named ("You changed it to", "Keep mine"). */
  mine?: { changed: string; keep: string };
}) {
  return conflicts.map((c) => (
    <fieldset key={c.key} className="publish-conflict">
      <legend>{c.where}</legend>
      <p>{theirWords(c)}. {mine.changed} {c.mine}.</p>
      <label><input type="radio" name={c.key} checked={choices[c.key] === 'mine'} onChange={() => onChoose((all) => ({ ...all, [c.key]: 'mine' }))} /> {mine.keep}: {c.mine}</label>
      <label><input type="radio" name={c.key} checked={choices[c.key] === 'theirs'} onChange={() => onChoose((all) => ({ ...all, [c.key]: 'theirs' }))} /> Keep theirs: {c.theirs}</label>
    </fieldset>
  ));
}
