import { isObject, jsonEqual, type Json } from '../yaml/json.ts';
import { findStep, idOf, listKind, placesOf, stepOf as stepIn, valueAt, type Op, type OpPath, type Step } from './op.ts';

/**
 * One operation applied to a value, by path and by entry id, whatever else has changed around it. The merge rules:
 * - a field is set when it still holds what its author saw (`was`); when it already holds the new value nothing is
 *   done; when it holds something else, someone else changed it too: a conflict, never a silent overwrite;
 * - an entry removed by one and edited by the other is a conflict, from either side;
 * - an entry added is put after the entry it followed (at the end when that one is gone); moves follow the same rule;
 * - anything already done (the same value set, the same entry removed) is done once.
 */

export interface Conflict {
  op: Op;
  /** What the other version holds there (undefined: the field or entry is not there any more). */
  theirs: Json | undefined;
  why: 'both-changed' | 'removed-there' | 'changed-there';
}

export type Applied =
  | { kind: 'done'; value: Json; places: (string | number)[]; match?: number[] }
  | { kind: 'same' }
  | { kind: 'conflict'; conflict: Conflict };

const parentOf = (path: OpPath) => path.slice(0, -1);
const lastOf = (path: OpPath) => path[path.length - 1];

/** The places of a parent and where its child would go (a key, or the index of an existing entry; -1 when missing). */
function locate(root: Json, path: OpPath): { places: (string | number)[]; parent: Json; index: number | string } | undefined {
  const places = placesOf(root, parentOf(path));
  if (!places) return undefined;
  const parent = valueAt(root, parentOf(path)) as Json;
  const last = lastOf(path);
  if (typeof last === 'string') return isObject(parent) ? { places, parent, index: last } : undefined;
  return Array.isArray(parent) ? { places, parent, index: findStep(parent, last) } : undefined;
}

/** A copy of `root` with `change` done to the collection at `places` (the parts off that path are shared). */
function withChanged(root: Json, places: (string | number)[], change: (node: Json) => Json): Json {
  if (places.length === 0) return change(root);
  const [first, ...rest] = places;
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[first as number] = withChanged(root[first as number], rest, change);
    return copy;
  }
  const object = { ...(root as Record<string, Json>) };
  object[String(first)] = withChanged(object[String(first)], rest, change);
  return object;
}

/** The list with entry `from` moved to just after the entry `after` names; the old index of each new entry. */
function moved(list: Json[], from: number, after: Step | null): number[] | undefined {
  // The anchor is named as the list was before the move (a place counts in that list).
  const anchor = after === null ? -1 : findStep(list, after);
  if ((after !== null && anchor === -1) || anchor === from) return undefined;
  const order = list.map((_, i) => i).filter((i) => i !== from);
  order.splice(anchor === -1 ? 0 : order.indexOf(anchor) + 1, 0, from);
  return order;
}

export function applyOp(root: Json, op: Op): Applied {
  const conflict = (theirs: Json | undefined, why: Conflict['why']): Applied => ({ kind: 'conflict', conflict: { op, theirs, why } });
  if (op.op === 'insert') {
    const places = placesOf(root, op.path);
    const list = valueAt(root, op.path);
    if (!places || !Array.isArray(list)) return conflict(undefined, 'removed-there');
    // An entry known by its id or text is there once: added by both the same way, it lands once. (An entry of a list
    // known by place only may well be there twice: a block duplicated.)
    const id = idOf(op.value);
    const sameId = id === undefined ? undefined : list.find((item) => idOf(item) === id);
    const keyed = list.length > 0 && listKind(list) !== 'index';
    if (keyed && list.some((item) => jsonEqual(item, op.value))) return { kind: 'same' };
    if (keyed && sameId !== undefined) return conflict(sameId, 'both-changed');
    const anchor = op.after === null ? -1 : findStep(list, op.after);
    const at = op.after !== null && anchor === -1 ? list.length : anchor + 1;
    const match = [...list.map((_, i) => i).slice(0, at), -1, ...list.map((_, i) => i).slice(at)];
    return { kind: 'done', places, match, value: withChanged(root, places, (node) => [...(node as Json[]).slice(0, at), op.value, ...(node as Json[]).slice(at)]) };
  }
  const where = locate(root, op.path);
  if (op.op === 'move') {
    if (!where || typeof where.index !== 'number' || where.index === -1 || !Array.isArray(where.parent)) return { kind: 'same' };
    const order = moved(where.parent, where.index, op.after);
    if (!order || order.every((j, k) => j === k)) return { kind: 'same' };
    return { kind: 'done', places: where.places, match: order, value: withChanged(root, where.places, (node) => order.map((j) => (node as Json[])[j])) };
  }
  const current = where === undefined ? undefined : typeof where.index === 'string'
    ? (isObject(where.parent) && where.index in where.parent ? where.parent[where.index] : undefined)
    : where.index === -1 ? undefined : (where.parent as Json[])[where.index];
  if (op.op === 'remove') {
    if (current === undefined || !where) return { kind: 'same' };
    if (!jsonEqual(current, op.was)) return conflict(current, 'changed-there');
    if (typeof where.index === 'string') {
      const key = where.index;
      return { kind: 'done', places: where.places, value: withChanged(root, where.places, (node) => Object.fromEntries(Object.entries(node as Record<string, Json>).filter(([k]) => k !== key))) };
    }
    const index = where.index;
    const match = (where.parent as Json[]).map((_, i) => i).filter((i) => i !== index);
    return { kind: 'done', places: where.places, match, value: withChanged(root, where.places, (node) => (node as Json[]).filter((_, i) => i !== index)) };
  }
  // set
  if (!where || (typeof where.index === 'number' && where.index === -1)) return conflict(undefined, 'removed-there');
  if (current !== undefined && jsonEqual(current, op.value)) return { kind: 'same' };
  const saw = op.was === undefined ? current === undefined : current !== undefined && jsonEqual(current, op.was);
  if (!saw) return conflict(current, 'both-changed');
  const index = where.index;
  return {
    kind: 'done', places: where.places,
    value: withChanged(root, where.places, (node) => {
      if (Array.isArray(node)) return node.map((item, i) => (i === index ? op.value : item));
      return { ...(node as Record<string, Json>), [index]: op.value };
    }),
  };
}

/** The operation that takes back `op`, done on `before` (the value it was done to). */
export function inverseOf(before: Json, op: Op): Op {
  if (op.op === 'set') return op.was === undefined ? { op: 'remove', path: op.path, was: op.value } : { op: 'set', path: op.path, value: op.was, was: op.value };
  if (op.op === 'insert') {
    const list = valueAt(before, op.path);
    const after = Array.isArray(list) ? [...list, op.value] : [op.value];
    return { op: 'remove', path: [...op.path, stepIn(after, after.length - 1)], was: op.value };
  }
  const list = valueAt(before, parentOf(op.path));
  const index = Array.isArray(list) ? findStep(list, lastOf(op.path)) : -1;
  const previous = Array.isArray(list) && index > 0 ? stepIn(list, index - 1) : null;
  if (op.op === 'remove') {
    if (typeof lastOf(op.path) === 'string') return { op: 'set', path: op.path, value: op.was };
    return { op: 'insert', path: parentOf(op.path), after: previous, value: op.was };
  }
  return { op: 'move', path: op.path, after: previous };
}
