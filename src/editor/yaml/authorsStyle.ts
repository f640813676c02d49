import { isMap, isScalar, visit, type Node, type Scalar } from 'yaml';
import { Renderer, type Like } from './render.ts';
import { isParsedNode, PatchError, type AnyPair, type Slot } from './source.ts';

/**
 * How the file's authors write what is around a change: the quoting of a field in the entries beside it or elsewhere
 * in the file, and where a value, a key or a pair ends in the text.
 */
export class AuthorsStyle extends Renderer {
  /** The same key anywhere in the file, as its authors wrote it (found once per key). */
  private readonly inFile = new Map<string, Scalar | undefined>();
  /** Every map of the file, found once (a file has thousands; a change asks for a few keys). */
  private maps: Node[] | undefined;

  constructor(src: string, readonly root: Node | null = null) {
    super(src);
  }

  /** Whether a text's quotes were only what its own text needed ("" or "2500", which would read as a number). */
  quotesNeeded(node: Scalar, flow: boolean): boolean {
    const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
    return node.value === '' || (quoted && !this.plainOk(String(node.value), String(node.value), flow));
  }

  /**
   * The same field of the entries of a list (`siblings`), as their authors chose to write it: a new or retyped field
   * of an entry is written as they write theirs. A text whose quotes its own text needed tells nothing of that.
   */
  likeAmong(siblings: (Node | null)[] | undefined): Like {
    return (key) => this.chosenIn(siblings ?? [], key) ?? this.likeInFile(key);
  }

  /** The first of `maps` that holds `key` as a text written as its author chose. */
  chosenIn(maps: (Node | null)[], key: string): Scalar | undefined {
    for (const map of maps) {
      const v = isMap(map) ? map.get(key, true) : undefined;
      if (isMap(map) && isScalar(v) && typeof v.value === 'string' && !this.quotesNeeded(v, Boolean(map.flow))) return v;
    }
    return undefined;
  }

  /** With no neighbour (a list of one entry), the same key elsewhere in the file: `closes: "17:30"` under other hours. */
  likeInFile(key: string): Scalar | undefined {
    if (!this.inFile.has(key)) {
      if (!this.maps) {
        const maps: Node[] = [];
        if (this.root) visit(this.root, { Map: (_, map) => { maps.push(map); } });
        this.maps = maps;
      }
      this.inFile.set(key, this.chosenIn(this.maps, key));
    }
    return this.inFile.get(key);
  }

  scalarEnd(node: Scalar): number {
    if (!isParsedNode(node)) throw new PatchError('A value has no position.');
    if (node.type !== 'BLOCK_LITERAL' && node.type !== 'BLOCK_FOLDED') return node.range[1];
    // The end of its last line of text, spaces at its end included: they are part of the text ("Joined " typed on
    // the way to "Joined the practice"); only the line breaks and blank lines after it are not.
    const lines = this.src.slice(node.range[0], node.range[1]).split('\n');
    let last = lines.length - 1;
    while (last > 0 && lines[last].trim() === '') last--;
    return node.range[0] + lines.slice(0, last + 1).join('\n').length;
  }

  keyOf(pair: AnyPair): string {
    if (!isScalar(pair.key)) throw new PatchError('The file uses a key that is not plain text.');
    return String(pair.key.value);
  }

  pairSlot(pair: AnyPair, flow: boolean): Slot {
    const key = pair.key;
    if (!isParsedNode(key)) throw new PatchError('A key has no position.');
    return { flow, indent: this.column(key.range[0]), keyEnd: key.range[1] };
  }

  pairEnd(pair: AnyPair): number {
    if (pair.value && isParsedNode(pair.value)) return isScalar(pair.value) ? this.scalarEnd(pair.value) : this.contentEnd(pair.value);
    const key = pair.key as Node & { range: [number, number, number] };
    return this.src.indexOf(':', key.range[1]) + 1;
  }
}
