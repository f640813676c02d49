import { applyPatch, structuredPatch } from 'diff';
import type { Bundle } from '../../src/editor/model.ts';
import type { Conflict } from '../../src/editor/ops/apply.ts';
import { pathKey, placesOf, stepOf, valueAt, type Op, type OpPath } from '../../src/editor/ops/op.ts';
import { choiceValue, opsBetween, placeWords } from '../../src/editor/review/changes.ts';
import { jsonEqual, type Json } from '../../src/editor/yaml/json.ts';
import { patchOps, valueOfText } from '../../src/editor/yaml/patch.ts';

/**
 * A draft made on one version of the content, done again on a newer one (a colleague published first, or the file
 * was changed by another program): the draft's operations, by path and entry id, onto the newer text. Changes to
 * different fields both land; where both changed the same thing, the person is shown both values and chooses.
 */

/** One place both changed, as the second person is shown it. */
export interface ConflictView {
  /** Names the operation, so that the person's choice finds it again. */
  key: string;
  where: string;
  mine: string;
  theirs: string;
  /** Who made the other change and when, when git knows. */
  by?: string;
  at?: string;
  /** The place in the content, for finding who changed it (publishOnHost names them); not sent to the browser. */
  path?: OpPath;
}

export type Choice = 'mine' | 'theirs';
export type Choices = Record<string, Choice>;

export const keyOfOp = (op: Op) => `${op.op}:${pathKey(op.path)}`;

/** The place an operation changes: a field or entry, or for an insert the entry it adds. */
const placeOfOp = (op: Op): OpPath => (op.op === 'insert' ? [...op.path, stepOf([op.value], 0)] : op.path);

/**
 * Whether the draft leaves a place as it found it: a field typed over and typed back, or changed and then undone in
 * Review. Its operations are still in the draft; done again on a newer version they would meet a colleague's change
 * of a field the person never changed, so such a place is theirs, not a conflict.
 */
function leftAsFound(baseValue: Json, mineValue: Json, op: Op): boolean {
  const [was, now] = [valueAt(baseValue, placeOfOp(op)), valueAt(mineValue, placeOfOp(op))];
  return was === undefined || now === undefined ? was === now : jsonEqual(was, now);
}

/** The operation that makes `op` land over what the other version holds there: the person chose theirs to go. */
function forced(theirsValue: Json, mineValue: Json, conflict: Conflict): Op[] {
  const { op } = conflict;
  if (conflict.why === 'removed-there') {
    // Brought back whole, as it is in the draft (the draft's own change included), after the entry it followed.
    const path = op.path;
    let k = 1;
    while (k <= path.length && valueAt(theirsValue, path.slice(0, k)) !== undefined) k++;
    const missing = path.slice(0, k);
    const entry = valueAt(mineValue, missing);
    if (entry === undefined) return [];
    const parent = missing.slice(0, -1);
    const list = valueAt(mineValue, parent);
    const places = placesOf(mineValue, missing);
    const last = missing[missing.length - 1];
    if (Array.isArray(list) && places) {
      const i = places[places.length - 1] as number;
      return [{ op: 'insert', path: parent, after: i > 0 ? stepOf(list, i - 1) : null, value: entry }];
    }
    return typeof last === 'string' ? [{ op: 'set', path: missing, value: entry }] : [];
  }
  if (op.op === 'set' || op.op === 'remove') return [{ ...op, was: conflict.theirs } as Op];
  if (op.op === 'insert') return [{ op: 'set', path: [...op.path, stepOf([op.value], 0)], value: op.value, was: conflict.theirs }];
  return [];
}

/**
 * Whether the operations as staff made them turn `base` into the draft: then they are done again as made (a slug
 * retyped stays an edit of that entry, a block moved stays a move), rather than as worked out from the two versions.
 */
function draftFits(base: string, mineValue: Json, draft: Op[]): boolean {
  if (!draft.length) return false;
  try {
    const replayed = patchOps(base, draft);
    return replayed.conflicts.length === 0 && jsonEqual(valueOfText(replayed.text), mineValue);
  } catch {
    return false;
  }
}

/**
 * `mine` (a draft made on `base`) done again on `theirs`. Conflicts the person has chosen for are settled as chosen;
 * any others come back, each with both values, and nothing is merged. With the schema's bundle, each place is named
 * as the form names it (placeWords).
 */
export function rebase(base: string, mine: string, theirs: string, choices: Choices, who: { by?: string; at?: string } = {}, draft: Op[] = [], bundle?: Bundle):
  { ok: true; text: string } | { ok: false; conflicts: ConflictView[] } {
  const baseValue = valueOfText(base);
  const mineValue = valueOfText(mine);
  const theirsValue = valueOfText(theirs);
  if (baseValue === undefined || mineValue === undefined || theirsValue === undefined) {
    return { ok: false, conflicts: [{ key: 'file', where: 'The whole file', mine: 'your version', theirs: 'their version, which cannot be read as it is', ...who }] };
  }
  const ops = draftFits(base, mineValue, draft) ? draft : opsBetween(baseValue, mineValue);
  const first = patchOps(theirs, ops);
  const open: ConflictView[] = [];
  const settle: Op[] = [];
  for (const conflict of first.conflicts) {
    const key = keyOfOp(conflict.op);
    // Two operations of one place (typed, then typed again) are one question.
    if (leftAsFound(baseValue, mineValue, conflict.op) || open.some((view) => view.key === key)) continue;
    const choice = choices[key];
    if (choice === 'theirs') continue;
    if (choice === 'mine') { settle.push(...forced(theirsValue, mineValue, conflict)); continue; }
    const { op } = conflict;
    const places = placesOf(mineValue, op.path) ?? placesOf(baseValue, op.path) ?? [];
    open.push({
      key, where: placeWords(op.op === 'remove' ? baseValue : mineValue, places, bundle),
      mine: op.op === 'remove' ? 'removed' : choiceValue(op.op === 'insert' ? op.value : valueAt(mineValue, op.path) ?? null, bundle),
      theirs: conflict.theirs === undefined ? 'removed' : choiceValue(conflict.theirs, bundle), ...who, path: placeOfOp(op),
    });
  }
  if (open.length) return { ok: false, conflicts: open };
  const settled = patchOps(first.text, settle);
  if (settled.conflicts.length) {
    return { ok: false, conflicts: settled.conflicts.map((c) => ({ key: keyOfOp(c.op), where: 'A change', mine: 'yours', theirs: choiceValue(c.theirs ?? null, bundle), ...who })) };
  }
  // The draft's own text without its notes, to find them by: the base with the same operations done.
  const unnoted = ops.length ? patchOps(base, ops).text : base;
  return { ok: true, text: carryNotes(unnoted, mine, settled.text) };
}

/**
 * What the operations cannot carry, done again on the merged text: each part of the draft's text that changes no value
 * (a note in a comment, a blank line), where it still fits. `unnoted` is the draft's values written without those
 * parts. Without this, a draft that only added a note would publish as the newer version unchanged.
 */
export function carryNotes(unnoted: string, mine: string, merged: string): string {
  if (unnoted === mine) return merged;
  const target = valueOfText(merged);
  if (target === undefined) return merged;
  const patch = structuredPatch('unnoted', 'mine', unnoted, mine, '', '', { context: 2 });
  let text = merged;
  for (const hunk of patch.hunks) {
    // A change of a value was done by its operation already (its old lines are gone) or was settled for theirs.
    const tried = applyPatch(text, { ...patch, hunks: [hunk] });
    if (tried === false || tried === text) continue;
    const value = valueOfText(tried);
    if (value !== undefined && jsonEqual(value, target)) text = tried;
  }
  return text;
}
