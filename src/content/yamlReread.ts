import { isAlias, isCollection, isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node, type Pair } from 'yaml';

/*
 * Reading the site file again after a small change, without reading all of it. Every save reads the file twice (the
 * writer checks what it wrote; the checker checks the site) and a full read of a practice's file takes tens of
 * milliseconds, most of a save. A change made by the editor is a few lines inside one entry of a list or map: only
 * that entry's lines are read again, on their own, and put in its place; the nodes after it move by the change in
 * length. Anything unusual (a mistake, an anchor, a second document, an entry that does not read alone as it did in
 * place) reads the whole file, so the result is always what a full read gives (tests/content/yaml-reread.test.ts
 * compares the two over thousands of edits).
 */

const OPTIONS = { prettyErrors: false, uniqueKeys: true } as const;

/**
 * The file's YAML with ranges kept, and its line starts for line numbers. `plain` (from readYaml): the text read
 * with no error or warning, and has no anchor or alias, so that a caller need not walk the document to learn it.
 */
export interface ReadYaml { doc: Document.Parsed; lines: LineCounter; plain?: boolean }

/**
 * The last text read and its document. The document is changed in place by the next read of another text: a caller
 * reads again (cheaply: it is kept) right before using a document, and never keeps one across another read.
 */
let last: { text: string; read: ReadYaml; whole: boolean } | null = null;

export function readYaml(text: string): ReadYaml {
  if (last?.text === text) return last.read;
  const again = last?.whole ? reread(last.text, last.read.doc, text) : undefined;
  const { doc, lines } = again ?? readWhole(text);
  // Only a document that read cleanly, with no anchors, is read again in parts.
  const plain = again !== undefined || (!doc.errors.length && !doc.warnings.length && !hasAliases(doc));
  const read = { doc, lines, plain };
  last = { text, read, whole: plain };
  return read;
}

/** A full read, nothing kept. */
export function readWhole(text: string): ReadYaml {
  const lines = new LineCounter();
  return { doc: parseDocument(text, { ...OPTIONS, lineCounter: lines }), lines };
}

function hasAliases(doc: Document): boolean {
  let found = false;
  visit(doc, { Node(_key, node) { if (isAlias(node) || (isScalar(node) || isCollection(node)) && node.anchor) { found = true; return visit.BREAK; } } });
  return found;
}

function lineCounterOf(text: string): LineCounter {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines.addNewLine(at + 1);
  return lines;
}

const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;

/** An entry of a block collection: where its lines start (its dash's or key's line), and the collection it is in. */
interface Entry { parent: Node; index: number; from: number; to: number; column: number }

/** Where an entry's own lines start, when nothing but spaces stands before it on its first line (and a dash, for a list). */
function entryStart(text: string, parent: Node, item: unknown): number | undefined {
  const node = isSeq(parent) ? item as Node | null : (item as Pair).key as Node | null;
  const start = node?.range?.[0];
  if (start === undefined || (isMap(parent) && !isScalar(node))) return undefined;
  let at = start;
  if (isSeq(parent)) {
    at--;
    while (at >= 0 && (text[at] === ' ' || text[at] === '\n' || text[at] === '\r')) at--;
    if (text[at] !== '-') return undefined;
  }
  const from = lineStart(text, at);
  return /^ *$/.test(text.slice(from, at)) ? from : undefined;
}

/** The innermost entry whose lines hold the whole of [p, q): the part of the file to read again. */
function entryHolding(text: string, node: Node | null, end: number, p: number, q: number): Entry | undefined {
  if (!node || !(isMap(node) || isSeq(node)) || node.flow) return undefined;
  const items = node.items as unknown[];
  const starts = items.map((item) => entryStart(text, node, item));
  // From the last: an insertion where one entry ends and the next starts is read with the next.
  for (let index = items.length - 1; index >= 0; index--) {
    const from = starts[index];
    if (from === undefined) return undefined;
    const to = index + 1 < items.length ? starts[index + 1] ?? end : end;
    if (from > p || q > to) continue;
    const value = isSeq(node) ? items[index] as Node : (items[index] as Pair).value as Node | null;
    const entry = { parent: node, index, from, to, column: (isSeq(node) ? text.lastIndexOf('-', (value?.range?.[0] ?? from)) : ((items[index] as Pair).key as Node).range![0]) - from };
    const inner = entryHolding(text, value, to, p, q);
    // A collection ends where its last entry's lines end: the ends of everything around a last entry would move with
    // whatever its lines end with, so a last entry is read with the entry it is in.
    return inner && inner.index < (inner.parent as { items: unknown[] }).items.length - 1 ? inner : entry;
  }
  return undefined;
}

/** Moves every place at or after `from` by `by`: a node that starts there, or ends past it (one that ends there is before it). */
function shift(node: Node, from: number, by: number) {
  visit(node, { Node(_key, n) {
    const range = n.range;
    if (!range) return;
    if (range[0] >= from) range[0] += by;
    if (range[1] > from) range[1] += by;
    if (range[2] > from) range[2] += by;
  } });
}

const keyOf = (pair: unknown) => {
  const key = (pair as Pair).key;
  return isScalar(key) ? key.value : undefined;
};

const STRETCH = 1024;

/**
 * How many characters `a` and `b` have alike at their start, and then at their end (not counting that start twice).
 * Compared a kilobyte at a time as strings, then a character at a time within the kilobyte that differs: a
 * character at a time all the way was several milliseconds of a save in a function just started.
 */
function alikeAtEnds(a: string, b: string): { start: number; end: number } {
  const shortest = Math.min(a.length, b.length);
  let start = 0;
  while (start + STRETCH <= shortest && a.slice(start, start + STRETCH) === b.slice(start, start + STRETCH)) start += STRETCH;
  while (start < shortest && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let end = 0;
  while (end + STRETCH <= shortest - start && a.slice(a.length - end - STRETCH, a.length - end) === b.slice(b.length - end - STRETCH, b.length - end)) end += STRETCH;
  while (end < shortest - start && a.charCodeAt(a.length - 1 - end) === b.charCodeAt(b.length - 1 - end)) end++;
  return { start, end };
}

/** `doc` (of `before`) made into the document of `text` by reading again only the entry that changed; undefined if it cannot. */
function reread(before: string, doc: Document.Parsed, text: string): ReadYaml | undefined {
  const { start: p, end: s } = alikeAtEnds(before, text);
  const q = before.length - s;
  const by = text.length - before.length;
  const entry = entryHolding(before, doc.contents, before.length, p, q);
  if (!entry || entry.index === (entry.parent as { items: unknown[] }).items.length - 1) return undefined;
  const end = entry.to + by;
  // The entry still ends a line: the lines after it are as they were, in their place.
  if (end < entry.from || (end < text.length && text[end - 1] !== '\n')) return undefined;
  const part = text.slice(entry.from, end);
  // A second document, or a directive, is the whole file's business. So is a part that is most of the file (two
  // edits far apart, a pasted block): reading it alone would save little, and it may still not fit and be read twice.
  if (/^(---|\.\.\.|%)/m.test(part) || part.length * 2 > text.length) return undefined;
  const alone = parseDocument(part, OPTIONS);
  const root = alone.contents;
  if (alone.errors.length || alone.warnings.length || hasAliases(alone) || !root) return undefined;
  const parent = entry.parent;
  if (isMap(parent) !== isMap(root) || isSeq(parent) !== isSeq(root) || (root as { flow?: boolean }).flow) return undefined;
  const items = (root as { items: unknown[] }).items;
  if (!items.length || items.some((item) => entryStart(part, root, item) === undefined)) return undefined;
  // The entries read alone stand where the old one stood, in the same column, under the same parent.
  const column = isSeq(root) ? part.lastIndexOf('-', (items[0] as Node).range![0]) - lineStart(part, (items[0] as Node).range![0]) : ((items[0] as Pair).key as Node).range![0] - lineStart(part, ((items[0] as Pair).key as Node).range![0]);
  if (column !== entry.column) return undefined;
  if (isMap(parent)) {
    const others = new Set(parent.items.filter((_, i) => i !== entry.index).map(keyOf));
    const keys = items.map(keyOf);
    if (keys.some((key) => key === undefined || others.has(key)) || new Set(keys).size !== keys.length) return undefined;
  }
  shift(root, 0, entry.from);
  shift(doc.contents as Node, q, by);
  (parent as { items: unknown[] }).items.splice(entry.index, 1, ...items);
  if (doc.range) for (let k = 1; k < 3; k++) if (doc.range[k] > q) doc.range[k] += by;
  return { doc, lines: lineCounterOf(text) };
}
