import { isMap, isSeq, stringify, type YAMLSeq } from 'yaml';
import { readYaml } from '../../content/yamlReread.ts';
import { applyOp, type Applied, type Conflict } from '../ops/apply.ts';
import { matchLists } from '../ops/match.ts';
import { placesOf, valueAt, type Op } from '../ops/op.ts';
import { Patcher } from './diff.ts';
import { jsonEqual, type Json } from './json.ts';
import { partOf } from './part.ts';
import { PatchError } from './source.ts';

export { PatchError } from './source.ts';

/**
 * Writes operations into YAML source text by changing only the nodes they change. Everything else keeps its bytes:
 * comments, key order, quoting, flow maps `{ a: b }`, folded and literal text, blank lines. (Rendering the whole
 * document again, as yaml's Document.toString() does, unfolds folded text and re-spaces flow maps: a handful of
 * edits would rewrite hundreds of lines.)
 *
 * How: the operations are done to the value the text reads as, by path and entry id (ops/apply.ts), which also says
 * which entry of each changed list is which; then the nodes are rewritten where the value changed, once for all. A
 * changed scalar is replaced at its range, in its own quoting style when that style can still hold the new text. A
 * map gains or loses whole lines (a key and its value, with the comment lines just above it). A list keeps every
 * entry's text; a new entry is written by copying its most similar sibling and changing what differs. The result is
 * parsed again and must read as exactly the intended value, or nothing is written.
 */

const RENDER = { lineWidth: 0, indent: 2, flowCollectionPadding: true, singleQuote: false } as const;

interface Read { source: string; value: Json | undefined }
/**
 * The values of the last texts read, kept: a save starts from the text the previous save wrote and checked, and the
 * checker reads that text next. The document itself is readYaml's, which reads again only what changed.
 */
const values = new Map<string, Json | undefined>();
function read(source: string): Read {
  let value = values.get(source);
  if (value === undefined && !values.has(source)) {
    const { doc } = readYaml(source);
    value = doc.errors.length ? undefined : doc.toJS({ maxAliasCount: -1 }) as Json;
    if (values.size >= 4) values.delete(values.keys().next().value as string);
    values.set(source, value);
  }
  return { source, value };
}

/** The value the text reads as, or undefined when it cannot be read. */
export const valueOfText = (source: string): Json | undefined => read(source).value;

export interface Patched { text: string; conflicts: Conflict[] }

/**
 * An entry put back as it was written in `originals` (the published text): its own lines, comments and all, after the
 * entry it followed. Undefined when it is not there, is written on one line with others, or would read otherwise.
 */
function putBack(source: string, op: Op, target: Json, places: (string | number)[], originals: string): string | undefined {
  if (op.op !== 'insert') return undefined;
  const before = valueOfText(originals);
  const list = before === undefined ? undefined : valueAt(before, op.path);
  const at = Array.isArray(list) ? list.findIndex((item) => jsonEqual(item, op.value)) : -1;
  const listPlaces = before === undefined ? undefined : placesOf(before, op.path);
  const now = valueAt(target, op.path);
  if (at === -1 || !listPlaces || !Array.isArray(now)) return undefined;
  const index = now.findIndex((item) => jsonEqual(item, op.value));
  const part = partOf(originals, [...listPlaces, at]);
  // Its neighbour there and here, and what stood between them (blank lines, comments) in the original.
  const side = index > 0 ? -1 : 1;
  const neighbour = partOf(source, [...places, index > 0 ? index - 1 : 0]);
  const was = partOf(originals, [...listPlaces, at + side]);
  if (!part || !neighbour || !was) return undefined;
  const lines = originals.slice(part.from, part.to);
  const text = side === -1
    ? source.slice(0, neighbour.to) + originals.slice(was.to, part.from - 1) + '\n' + lines + source.slice(neighbour.to)
    : source.slice(0, neighbour.from) + lines + '\n' + originals.slice(part.to + 1, was.from) + source.slice(neighbour.from);
  const reread = read(text).value;
  return reread !== undefined && jsonEqual(reread, target) ? text : undefined;
}

/**
 * Which list of the text each changed list of the value is (`from`, the list the text reads as), and which of its
 * entries each entry is (-1: new). An operation knows it for the list it changes, and every list on its way keeps its
 * entries in place; lists the operations never named (inside a value set whole) are matched by id when written.
 */
type Origins = Map<Json[], { from: Json[]; match: number[] }>;

function track(origins: Origins, before: Json, done: Extract<Applied, { kind: 'done' }>) {
  let was: Json | undefined = before;
  let now: Json | undefined = done.value;
  for (let n = 0; n <= done.places.length; n++) {
    if (Array.isArray(was) && Array.isArray(now) && was !== now) {
      const known = origins.get(was) ?? { from: was, match: was.map((_, i) => i) };
      const match = n === done.places.length && done.match ? done.match.map((j) => (j === -1 ? -1 : known.match[j])) : known.match;
      origins.set(now, { from: known.from, match });
    }
    if (n === done.places.length) break;
    const place = done.places[n];
    was = childOf(was, place);
    now = childOf(now, place);
  }
}

const childOf = (node: Json | undefined, place: string | number): Json | undefined =>
  Array.isArray(node) ? node[place as number] : node !== null && typeof node === 'object' ? node[place] : undefined;

/** The text `base` read as, rewritten where `target` differs, and checked to read as `target`. */
function written(base: Read, target: Json, origins: Origins): string {
  if (target === base.value) return base.source;
  // Read again right before use: the document is kept by readYaml for the last text read only.
  const root = readYaml(base.source).doc.contents;
  const matchOf = (_: YAMLSeq, a: Json[], b: Json[]) => {
    const known = origins.get(b);
    return known?.from === a ? known.match : matchLists(a, b);
  };
  const patcher = new Patcher(base.source, matchOf, root);
  const text = isMap(root) || isSeq(root)
    ? patcher.apply(0, base.source.length, patcher.diff(root, base.value as Json, target, { flow: false, indent: 0 }))
    : stringify(target, RENDER);
  const reread = read(text).value;
  if (reread === undefined || !jsonEqual(reread, target)) {
    const error = new PatchError('The change could not be written into the file without changing something else.');
    error.attempt = text;
    throw error;
  }
  return text;
}

/**
 * The source text with `ops` done, one after the other, touching only what they change; the operations that meet
 * someone else's change come back as conflicts and change nothing. Throws PatchError (and changes nothing) when
 * the source cannot be read or a change cannot be written faithfully. `originals`: a text whose entries an insert
 * puts back as they were written there (taking back a removal brings the removed lines back exactly).
 *
 * The operations are done to the value the text reads as, and the text is written once for all of them: reading
 * the whole file is most of the time a change takes, and reading it again for each of a few hundred operations
 * held the editor's server for half a minute.
 */
export function patchOps(source: string, ops: Op[], originals?: string): Patched {
  let { base, value } = readValue(source);
  let origins: Origins = new Map();
  const conflicts: Conflict[] = [];
  for (const op of ops) {
    const putsBack = originals !== undefined && op.op === 'insert';
    // An entry is put back by its lines, so into the text the operations before it make (an undo is one operation).
    if (putsBack && value !== base.value) {
      ({ base, value } = readValue(written(base, value, origins)));
      origins = new Map();
    }
    const applied = applyOp(value, op);
    if (applied.kind === 'same') continue;
    if (applied.kind === 'conflict') {
      conflicts.push(applied.conflict);
      continue;
    }
    const restored = putsBack ? putBack(base.source, op, applied.value, applied.places, originals) : undefined;
    if (restored !== undefined) {
      ({ base, value } = readValue(restored));
      continue;
    }
    track(origins, value, applied);
    value = applied.value;
  }
  return { text: written(base, value, origins), conflicts };
}

function readValue(source: string): { base: Read; value: Json } {
  const base = read(source);
  if (base.value === undefined) throw new PatchError('The file has a mistake that stops it being read, so the change cannot be placed in it.');
  return { base, value: base.value };
}
