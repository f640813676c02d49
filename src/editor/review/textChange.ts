import { diffWords } from 'diff';
import { oneLine } from '../../content/ids.ts';

/**
 * Where two versions of a long text differ, for Review: both cut at their first words look the same when the change
 * is further on. Each version is shown around its change instead, a few words either side, the changed words marked.
 */

/** A stretch of one version: words both versions have, or words changed (removed from the old one, added in the new). */
export interface Piece { text: string; changed?: true }
/** A change of a long text: where it is (as the form names it), and each version around the change. */
export interface TextChange { where: string; before: Piece[]; after: Piece[] }

/** Words of the text shown either side of a change. */
const AROUND = 6;
/** A changed stretch longer than this many words shows its first and last words. */
const LONGEST = 40;
/**
 * Beyond this many changed words, spaces and stops two versions are not compared (they are shown cut, as any other
 * value): the time a comparison takes grows with the changes times the length (50 ms for two unlike texts of 16,000
 * characters, where 2,000 took 320 ms), and Review and Undo compare every changed field.
 */
const MOST_EDITS = 600;
const GAP = '…';

/** Words with their spaces: "read more " is ["read ", "more "]. */
const wordsOf = (text: string) => text.match(/\s*\S+\s*/g) ?? [];

/** Words both versions have: only the few next to a change (the first, `opening`, and last, `closing`, keep one side). */
function kept(text: string, opening: boolean, closing: boolean): string {
  const words = wordsOf(text);
  const start = words.slice(0, AROUND).join('');
  const end = words.slice(-AROUND).join('');
  if (opening && words.length > AROUND) return `${GAP}${end}`;
  if (closing && words.length > AROUND) return `${start.trimEnd()}${GAP}`;
  if (!opening && !closing && words.length > 2 * AROUND + 1) return `${start}${GAP} ${end}`;
  return text;
}

/** Changed words, marked without the space after them (a marked space reads as a changed one). */
function changed(text: string): Piece[] {
  const words = wordsOf(text.trimEnd());
  const half = LONGEST / 2;
  const space = text.slice(text.trimEnd().length);
  const shown = words.length > LONGEST ? `${words.slice(0, half).join('')}${GAP} ${words.slice(-half).join('')}` : text.trimEnd();
  return space ? [{ text: shown, changed: true }, { text: space }] : [{ text: shown, changed: true }];
}

/**
 * Each version of a text around what changed; undefined when no word changed (only line breaks), or too much to compare.
 * Given the texts as read (plainText in changes.ts): a marker around a word would read as a word changed.
 */
export function textChange(where: string, before: string, after: string): TextChange | undefined {
  const parts = diffWords(oneLine(before), oneLine(after), { maxEditLength: MOST_EDITS });
  if (!parts?.some((part) => part.added || part.removed)) return undefined;
  const change: TextChange = { where, before: [], after: [] };
  parts.forEach((part, i) => {
    if (part.removed) change.before.push(...changed(part.value));
    else if (part.added) change.after.push(...changed(part.value));
    else {
      const piece = { text: kept(part.value, i === 0, i === parts.length - 1) };
      change.before.push(piece);
      change.after.push(piece);
    }
  });
  return change;
}
