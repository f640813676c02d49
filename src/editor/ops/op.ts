import { entityKey } from '../../content/ids.ts';
import { isObject, jsonEqual, type Json } from '../yaml/json.ts';

/**
 * A change as staff make it: an operation on a path, not a new copy of the whole document. An entry of a list is
 * named by its id (a doctor's slug, a page's id), a text of a list of texts by the text itself, and only an entry of
 * a list with neither by its place, with the length the list had: a place means nothing once the list has changed.
 * So an operation made on one version of the file finds its field again in another (a colleague's, or the file as
 * someone changed it in a text editor), and `was` says what its author saw there, so that a field both changed is
 * noticed instead of written over.
 */
export type Step = string | { id: string } | { value: string | number | boolean | null } | { at: number; of: number };
export type OpPath = Step[];

export type Op =
  /** A field (or a whole entry) set; `was` absent: the field was not there. */
  | { op: 'set'; path: OpPath; value: Json; was?: Json }
  /** A field or an entry removed; `was` is what it held. */
  | { op: 'remove'; path: OpPath; was: Json }
  /** An entry put into the list at `path`, after the entry `after` names (null: first). */
  | { op: 'insert'; path: OpPath; after: Step | null; value: Json }
  /** The entry at `path` put after the entry `after` names (null: first), in the same list. */
  | { op: 'move'; path: OpPath; after: Step | null };

/**
 * The most operations one save may carry. The editor sends what was made a fifth of a second after the last change
 * (an operation per field typed into, entry added, moved or removed) and sends more than this as several saves
 * (App.tsx); the server refuses more, so that no request holds it for long.
 */
export const MAX_OPS_PER_SAVE = 200;

export type ListKind = 'id' | 'value' | 'index';

const isScalar = (v: Json): v is string | number | boolean | null => v === null || typeof v !== 'object';

/** The id of an entry (its slug, else its id), or undefined for anything else. */
export function idOf(item: Json): string | undefined {
  if (!isObject(item)) return undefined;
  const key = entityKey(item as { slug?: string; id?: string });
  return typeof key === 'string' && key !== '' ? key : undefined;
}

/** How the entries of a list are told apart: by their ids when all have one, unique; by value for unique texts; else by place. */
export function listKind(list: Json[]): ListKind {
  if (list.length === 0) return 'index';
  const ids = list.map(idOf);
  if (ids.every((id) => id !== undefined) && new Set(ids).size === ids.length) return 'id';
  if (list.every(isScalar) && new Set(list).size === list.length) return 'value';
  return 'index';
}

/** The step naming entry `index` of `list`. */
export function stepOf(list: Json[], index: number, kind = listKind(list)): Step {
  const item = list[index];
  if (kind === 'id') return { id: idOf(item) as string };
  if (kind === 'value') return { value: item as string | number | boolean | null };
  return { at: index, of: list.length };
}

/** Where the entry a step names is in `list` now; -1 when it is not there (or the list's places have changed). */
export function findStep(list: Json[], step: Step): number {
  if (typeof step === 'string') return -1;
  if ('id' in step) return list.findIndex((item) => idOf(item) === step.id);
  if ('value' in step) return list.findIndex((item) => jsonEqual(item, step.value));
  return list.length === step.of && step.at < list.length ? step.at : -1;
}

/** The value a step names inside `node`, or undefined when there is none. */
export function childAt(node: Json | undefined, step: Step): Json | undefined {
  if (typeof step === 'string') return isObject(node) && step in node ? node[step] : undefined;
  if (!Array.isArray(node)) return undefined;
  const i = findStep(node, step);
  return i === -1 ? undefined : node[i];
}

/** The value at a path, or undefined when some step of it is not there. */
export function valueAt(root: Json, path: OpPath): Json | undefined {
  let node: Json | undefined = root;
  for (const step of path) {
    node = childAt(node, step);
    if (node === undefined) return undefined;
  }
  return node;
}

/** The place of each step in `root` (keys and indexes), or undefined when some step is not there. */
export function placesOf(root: Json, path: OpPath): (string | number)[] | undefined {
  const out: (string | number)[] = [];
  let node: Json | undefined = root;
  for (const step of path) {
    if (typeof step === 'string') {
      if (!isObject(node) || !(step in node)) return undefined;
      out.push(step);
      node = node[step];
      continue;
    }
    if (!Array.isArray(node)) return undefined;
    const i = findStep(node, step);
    if (i === -1) return undefined;
    out.push(i);
    node = node[i];
  }
  return out;
}

/** The path naming the place `places` in `root`: each entry by its id, text or place. */
export function pathOf(root: Json, places: (string | number)[]): OpPath {
  const out: OpPath = [];
  let node: Json | undefined = root;
  for (const place of places) {
    if (Array.isArray(node) && typeof place === 'number') {
      out.push(stepOf(node, place));
      node = node[place];
    } else {
      out.push(String(place));
      node = isObject(node) ? node[String(place)] : undefined;
    }
  }
  return out;
}

/** A path in words for a key: the same path always gives the same text. */
export const pathKey = (path: OpPath) => JSON.stringify(path);
