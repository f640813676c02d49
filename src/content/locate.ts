import { isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

export interface Location { line: number; col: number }

type Range = [number, number, number] | null | undefined;

function childOf(node: unknown, key: string | number): { value: unknown; keyNode?: unknown } | undefined {
  if (isMap(node)) {
    const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(key));
    return pair ? { value: pair.value, keyNode: pair.key } : undefined;
  }
  if (isSeq(node) && typeof key === 'number') {
    const item = node.items[key];
    return item === undefined ? undefined : { value: item };
  }
  return undefined;
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
