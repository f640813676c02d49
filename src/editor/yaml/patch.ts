import { isMap, isSeq, parseDocument, stringify, type Document, type YAMLSeq } from 'yaml';
import { applyOp, type Conflict } from '../ops/apply.ts';
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
 * How: each operation is done to the value the text reads as, by path and entry id (ops/apply.ts), which also says
 * which entry of the changed list is which; then the nodes on its path are rewritten where the value changed. A
 * changed scalar is replaced at its range, in its own quoting style when that style can still hold the new text. A
 * map gains or loses whole lines (a key and its value, with the comment lines just above it). A list keeps every
 * entry's text; a new entry is written by copying its most similar sibling and changing what differs. The result is
 * parsed again and must read as exactly the intended value, or nothing is written.
 */

const RENDER = { lineWidth: 0, indent: 2, flowCollectionPadding: true, singleQuote: false } as const;

interface Read { source: string; doc: Document.Parsed; value: Json | undefined }
/**
 * The last text read, kept: a change starts from the text the previous change wrote and checked, so reading the
 * file once per change is enough (reading the whole file is most of a change's time).
 */
let lastRead: Read | null = null;
function read(source: string): Read {
  if (lastRead?.source === source) return lastRead;
  const doc = parseDocument(source, { prettyErrors: false, uniqueKeys: true });
  lastRead = { source, doc, value: doc.errors.length ? undefined : doc.toJS({ maxAliasCount: -1 }) as Json };
  return lastRead;
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

/** One operation written into the text; the same text when it was already done; a conflict when it cannot be done. */
function patchOne(source: string, op: Op, originals?: string): { text: string } | { conflict: Conflict } {
  const { doc, value: old } = read(source);
  if (old === undefined) throw new PatchError('The file has a mistake that stops it being read, so the change cannot be placed in it.');
  const applied = applyOp(old, op);
  if (applied.kind === 'same') return { text: source };
  if (applied.kind === 'conflict') return { conflict: applied.conflict };
  const target = applied.value;
  const restored = originals === undefined ? undefined : putBack(source, op, target, applied.places, originals);
  if (restored !== undefined) return { text: restored };
  // Every list on the operation's way keeps its entries in place; the list it changes is matched as it says.
  const known = new Map<unknown, number[]>();
  const places = applied.places;
  for (let n = 0; n <= places.length; n++) {
    const node = n === 0 ? doc.contents : doc.getIn(places.slice(0, n), true);
    if (!isSeq(node)) continue;
    const match = n === places.length ? applied.match : undefined;
    known.set(node, match ?? node.items.map((_, i) => i));
  }
  const root = doc.contents;
  const patcher = new Patcher(source, (seq: YAMLSeq, a: Json[], b: Json[]) => known.get(seq) ?? matchLists(a, b), root);
  const text = isMap(root) || isSeq(root)
    ? patcher.apply(0, source.length, patcher.diff(root, old, target, { flow: false, indent: 0 }))
    : stringify(target, RENDER);
  const reread = read(text).value;
  if (reread === undefined || !jsonEqual(reread, target)) {
    const error = new PatchError('The change could not be written into the file without changing something else.');
    error.attempt = text;
    throw error;
  }
  return { text };
}

/**
 * The source text with `ops` done, one after the other, touching only what they change; the operations that meet
 * someone else's change come back as conflicts and change nothing. Throws PatchError (and changes nothing) when
 * the source cannot be read or a change cannot be written faithfully. `originals`: a text whose entries an insert
 * puts back as they were written there (taking back a removal brings the removed lines back exactly).
 */
export function patchOps(source: string, ops: Op[], originals?: string): Patched {
  let text = source;
  const conflicts: Conflict[] = [];
  for (const op of ops) {
    const done = patchOne(text, op, originals);
    if ('conflict' in done) conflicts.push(done.conflict);
    else text = done.text;
  }
  return { text, conflicts };
}
