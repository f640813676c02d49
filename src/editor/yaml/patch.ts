import { isMap, isSeq, parseDocument, stringify, type Document } from 'yaml';
import { Patcher } from './diff.ts';
import { jsonEqual, withoutUndefined, type Json } from './json.ts';
import { PatchError } from './source.ts';

export { alignLists } from './align.ts';
export { PatchError } from './source.ts';

/**
 * Writes a new value into YAML source text by changing only the nodes whose value changed. Everything else keeps
 * its bytes: comments, key order, quoting, flow maps `{ a: b }`, folded and literal text, blank lines. (Rendering the
 * whole document again, as yaml's Document.toString() does, unfolds folded text and re-spaces flow maps: a handful
 * of edits would rewrite hundreds of lines.)
 *
 * How: the old and new values are compared node by node. A changed scalar is replaced at its range, in its own
 * quoting style when that style can still hold the new text. A map gains or loses whole lines (a key and its value,
 * with the comment lines just above it). A list is matched item by item (equal items first, then the most similar),
 * so a moved item keeps its text and comments, and a new item is written by copying its most similar sibling and
 * changing what differs, in the same style as its neighbours. The result is parsed again and must read as exactly
 * the new value, or nothing is written.
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

/**
 * The source text changed so that it reads as `next`, touching only what changed. Throws PatchError (and changes
 * nothing) when the source cannot be read or the change cannot be written faithfully.
 */
export function patchYaml(source: string, next: unknown): string {
  const { doc, value: old } = read(source);
  if (old === undefined) throw new PatchError('The file has a mistake that stops it being read, so the change cannot be placed in it.');
  const target = withoutUndefined(next);
  if (jsonEqual(old, target)) return source;
  const patcher = new Patcher(source);
  const root = doc.contents;
  let result: string;
  if (isMap(root) || isSeq(root)) {
    const edits = patcher.diff(root, old, target, { flow: false, indent: 0 });
    result = patcher.apply(0, source.length, edits);
  } else {
    result = stringify(target, RENDER);
  }
  const reread = read(result).value;
  if (reread === undefined || !jsonEqual(reread, target)) {
    const error = new PatchError('The change could not be written into the file without changing something else.');
    error.attempt = result;
    throw error;
  }
  return result;
}
