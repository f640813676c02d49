import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from 'yaml';

/** Where one part of site.yaml (a section, a doctor, a block) is in its text, for the YAML view. */

type Path = (string | number)[];
type Ranged = Node & { range: [number, number, number] };
const ranged = (node: unknown): node is Ranged => typeof node === 'object' && node !== null && Array.isArray((node as { range?: unknown }).range);

const lineStart = (text: string, pos: number) => text.lastIndexOf('\n', pos - 1) + 1;
const lineEnd = (text: string, pos: number) => {
  const nl = text.indexOf('\n', pos);
  return nl === -1 ? text.length : nl + 1;
};

export interface Part {
  /** The lines the part holds: from the start of its key's or dash's line to the end of its last line (no line break). */
  from: number;
  to: number;
  /** The file's line number of its first line. */
  firstLine: number;
}

/** The lines of the part at `path` (its key or dash included), or null when there is none or the file cannot be read. */
export function partOf(text: string, path: Path): Part | null {
  if (path.length === 0) return null;
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length) return null;
  let parent: unknown = doc.contents;
  for (const key of path.slice(0, -1)) {
    if (isMap(parent) || (isSeq(parent) && typeof key === 'number')) parent = parent.get(key, true);
    else return null;
  }
  const last = path[path.length - 1];
  if ((isMap(parent) || isSeq(parent)) && parent.flow) return null;
  let start: number;
  let node: unknown;
  if (isMap(parent)) {
    const pair = parent.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(last));
    if (!pair || !ranged(pair.key)) return null;
    start = pair.key.range[0];
    node = pair.value;
  } else if (isSeq(parent) && typeof last === 'number') {
    node = parent.items[last];
    if (!ranged(node)) return null;
    start = text.lastIndexOf('-', node.range[0] - 1);
  } else {
    return null;
  }
  if (!ranged(node)) return null;
  let end = node.range[1];
  while (end > start && /\s/.test(text[end - 1])) end--;
  const from = lineStart(text, start);
  // A part that shares its line with something else (`- { ... }` holds several on one line) is not cut out.
  if (text.slice(from, start).trim() !== '' && !/^\s*-?\s*$/.test(text.slice(from, start))) return null;
  // Up to the end of its last line, without the line break: typing at the end of the part stays in the part.
  const to = lineEnd(text, end);
  return { from, to: text[to - 1] === '\n' ? to - 1 : to, firstLine: text.slice(0, from).split('\n').length };
}
