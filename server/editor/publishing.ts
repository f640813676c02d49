/**
 * What publishing a draft checks and merges, for the stores, History and publishing to a host alike: a draft done
 * again on the website's newer version, and checked again.
 */
import type { ContentError } from '../../src/content/errors.ts';
import type { ConflictView } from './merge.ts';

export type PublishResult =
  | { ok: true; message: string; commit: string; merged?: boolean; keptDraft?: boolean }
  | { ok: false; message: string; problems?: ContentError[]; conflicts?: ConflictView[]; settled?: boolean };
/**
 * The draft (`mine`, made on `base`) done again on the website's newer version (`theirs`): the merged text, or the
 * places both changed. `who`: who made the newer version and when.
 */
export type PublishMerge = (base: string, mine: string, theirs: string, who: { by?: string; at?: string }) =>
  { ok: true; text: string } | { ok: false; conflicts: ConflictView[] };
/** Why a text may not be published (with the problems to show), or undefined when it may. */
export type PublishCheck = (text: string) => { message: string; problems: ContentError[] } | undefined;

/**
 * A draft done again on the website's newer version and checked again: the text to publish, or why not (`kept` says
 * where the person's work is meanwhile).
 */
export function mergeForPublish(merge: PublishMerge, check: PublishCheck, texts: { base: string; mine: string; theirs: string }, who: { by?: string; at?: string }, kept: string):
  { ok: true; text: string } | { ok: false; result: PublishResult } {
  const merged = merge(texts.base, texts.mine, texts.theirs, who);
  if (!merged.ok) {
    const n = merged.conflicts.length;
    return { ok: false, result: { ok: false, conflicts: merged.conflicts, message: `Someone else published a change to ${n === 1 ? 'a place' : `${n} places`} you changed too, so nothing was sent. ${kept} Choose which version to keep for each, then press Publish again.` } };
  }
  const problems = check(merged.text);
  if (problems) return { ok: false, result: { ok: false, ...problems, message: `Your changes and the newer ones on the website do not fit together: ${problems.message}` } };
  return merged;
}
