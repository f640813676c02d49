import { entryWord, shortText } from './ids.ts';
import { nameField } from './names.ts';
import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair } from 'yaml';

export interface Location { line: number; col: number }

type Range = [number, number, number] | null | undefined;

function childOf(node: unknown, key: string | number): { value: unknown; keyNode?: unknown; pair?: Pair } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(key));
    return pair ? { value: pair.value, keyNode: pair.key, pair } : undefined;
  }
  if (isSeq(node) && typeof key === 'number') {
    const item = node.items[key];
    return item === undefined ? undefined : { value: item };
  }
  return undefined;
}

/** The YAML node at a data path (and the pair it is the value of, in a map), or undefined when it is not there. */
export function nodeAt(doc: Document, path: (string | number)[]): { node: unknown; pair?: Pair; parent: unknown } | undefined {
  let node: unknown = doc.contents;
  let parent: unknown = undefined;
  let pair: Pair | undefined;
  for (const key of path) {
    const child = childOf(node, key);
    if (!child) return undefined;
    parent = node;
    pair = child.pair;
    node = child.value;
  }
  return { node, pair, parent };
}

/**
 * Finds where a data path sits in the YAML source. `at: 'key'` points at a map key (for unknown keys);
 * when the path does not exist (a missing field) it falls back to the deepest node that does.
 */
export function locate(doc: Document, lines: LineCounter, path: (string | number)[], at: 'value' | 'key' = 'value'): Location {
  let node: unknown = doc.contents;
  let range: Range = (doc.contents as Node | null)?.range;
  for (let i = 0; i < path.length; i++) {
    const child = childOf(node, path[i]);
    if (!child) break;
    const last = i === path.length - 1;
    const target = last && at === 'key' && child.keyNode ? child.keyNode : child.value;
    const r = (target as Node | null)?.range ?? (child.keyNode as Node | undefined)?.range;
    if (r) range = r;
    node = child.value;
  }
  const offset = range ? range[0] : 0;
  const { line, col } = lines.linePos(offset);
  return { line, col };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
function itemName(item: unknown, index: number): string {
  const field = nameField(item);
  return field ? `"${shortText((item as Record<string, string>)[field])}"` : `entry ${index + 1}`;
}

/**
 * A data path in words for people: 'Page "/fees" > block 2 (cta-band) > heading',
 * 'Doctor "Dr Amelia Hart" > bio', 'nav > items > "Services" > groups > "Preventative" > links > entry 2'.
 */
export function describePath(data: unknown, path: (string | number)[]): string {
  if (path.length === 0) return 'Top of the file';
  const words: string[] = [];
  let node: unknown = data;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const child = node && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined;
    const parentKey = path[i - 1];
    if (typeof key === 'number') {
      if (i === 1 && path[0] === 'pages') {
        const pagePath = child && typeof child === 'object' ? (child as { path?: unknown }).path : undefined;
        words.push(typeof pagePath === 'string' ? `Page "${pagePath}"` : `Page ${key + 1}`);
      } else if (parentKey === 'blocks') {
        const type = child && typeof child === 'object' ? (child as { type?: unknown }).type : undefined;
        words.push(typeof type === 'string' ? `block ${key + 1} (${type})` : `block ${key + 1}`);
      } else if (i === 2 && path[0] === 'entities') {
        const collection = String(parentKey);
        words[words.length - 1] = `${capitalise(entryWord(collection))} ${itemName(child, key)}`;
        node = child;
        continue;
      } else {
        words.push(itemName(child, key));
      }
    } else if (i === 0 && key === 'pages' && path.length > 1) {
      // The next part names the page.
    } else if (i === 0 && key === 'notFound') {
      words.push('Not-found page');
    } else if (i === 0 && key === 'entities' && path.length > 1) {
      // The next part names the list.
    } else if (key === 'blocks' && typeof path[i + 1] === 'number') {
      // The next part says "block N (type)".
    } else {
      words.push(String(key));
    }
    node = child;
  }
  return words.join(' > ');
}

/**
 * The data path of the groups around a position in the file that start on an earlier line than `beforeLine`
 * (for syntax errors, which have no path of their own: the broken line itself may be read wrongly).
 */
export function pathAtOffset(doc: Document, offset: number, beforeLine: number, lines: LineCounter): (string | number)[] {
  const path: (string | number)[] = [];
  let node: unknown = doc.contents;
  const within = (n: unknown, from?: unknown) => {
    const start = ((from ?? n) as Node | null)?.range?.[0];
    const end = (n as Node | null)?.range?.[2];
    return start !== undefined && end !== undefined && start <= offset && offset < end && lines.linePos(start).line < beforeLine;
  };
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && (isMap(p.value) || isSeq(p.value)) && within(p.value, p.key));
      if (!pair || !isScalar(pair.key)) break;
      path.push(String(pair.key.value));
      node = pair.value;
    } else if (isSeq(node)) {
      const index = node.items.findIndex((item) => (isMap(item) || isSeq(item)) && within(item));
      if (index < 0) break;
      path.push(index);
      node = node.items[index];
    } else {
      break;
    }
  }
  return path;
}
