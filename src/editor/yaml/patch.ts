import { isMap, isSeq, parse, parseDocument, stringify } from 'yaml';
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

/**
 * The source text changed so that it reads as `next`, touching only what changed. Throws PatchError (and changes
 * nothing) when the source cannot be read or the change cannot be written faithfully.
 */
export function patchYaml(source: string, next: unknown): string {
  const doc = parseDocument(source, { prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) throw new PatchError('The file has a mistake that stops it being read, so the change cannot be placed in it.');
  const target = withoutUndefined(next);
  const old = doc.toJS({ maxAliasCount: -1 }) as Json;
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
  let reread: unknown;
  try {
    reread = parse(result);
  } catch {
    reread = Symbol('unreadable');
  }
  if (!jsonEqual(reread, target)) {
    const error = new PatchError('The change could not be written into the file without changing something else.');
    error.attempt = result;
    throw error;
  }
  return result;
}
