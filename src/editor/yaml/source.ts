import { parseDocument, type Node, type Pair, type Scalar } from 'yaml';
import { jsonEqual, type Json } from './json.ts';

/** The YAML source being patched: offsets, lines and the regions its entries occupy; the types the patcher shares. */

export class PatchError extends Error {
  /** The text that was produced but did not read back as intended (for diagnosis; never written). */
  attempt?: string;
}

/** A replacement of the source between two offsets. */
export interface Edit { from: number; to: number; text: string }

/**
 * Where a value sits: in a flow collection or a block one, at which column, after which key or dash. `siblings`: for
 * an item of a list, the other items (an empty text tells nothing of how its field is written; they do). `like`: the
 * same field as its authors write it elsewhere, asked only for a text that is written anew (finding it may walk every
 * map of the file, and a change leaves most fields as they are).
 */
export interface Slot { flow: boolean; indent: number; keyEnd?: number; dash?: number; siblings?: (Node | null)[]; like?: () => Scalar | undefined }

export type AnyPair = Pair<Node | null, Node | null>;

export function isParsedNode(node: unknown): node is Node & { range: [number, number, number] } {
  return typeof node === 'object' && node !== null && Array.isArray((node as { range?: unknown }).range);
}

export function readsAs(text: string, expected: unknown): boolean {
  try {
    const doc = parseDocument(text, { prettyErrors: false });
    return doc.errors.length === 0 && jsonEqual(doc.toJS(), expected);
  } catch {
    return false;
  }
}

export const isScalarValue = (v: Json): v is string | number | boolean | null => v === null || typeof v !== 'object';

/** Offsets and lines of the source text, and its edits put together. */
export class SourceText {
  constructor(readonly src: string) {}

  lineStart(pos: number): number {
    return this.src.lastIndexOf('\n', pos - 1) + 1;
  }

  /** The offset just after the line break that ends the line holding `pos` (or the end of the text). */
  lineEnd(pos: number): number {
    const nl = this.src.indexOf('\n', pos);
    return nl === -1 ? this.src.length : nl + 1;
  }

  column(pos: number): number {
    return pos - this.lineStart(pos);
  }

  trimEnd(end: number): number {
    while (end > 0 && /\s/.test(this.src[end - 1])) end--;
    return end;
  }

  /** The end of what a node holds, without the line break or blank lines that may follow it. */
  contentEnd(node: Node): number {
    if (!isParsedNode(node)) throw new PatchError('A part of the file has no position.');
    return this.trimEnd(node.range[1]);
  }

  apply(from: number, to: number, edits: Edit[]): string {
    const sorted = edits.filter((e) => e.from >= from && e.to <= to).sort((a, b) => a.from - b.from || a.to - b.to);
    if (sorted.length !== edits.length) throw new PatchError('An edit fell outside the part being changed.');
    let out = '';
    let at = from;
    for (const edit of sorted) {
      if (edit.from < at) throw new PatchError('Two edits overlap.');
      out += this.src.slice(at, edit.from) + edit.text;
      at = edit.to;
    }
    return out + this.src.slice(at, to);
  }

  isCommentLine(start: number): boolean {
    const end = this.lineEnd(start);
    return /^\s*#/.test(this.src.slice(start, end));
  }

  /**
   * The lines each entry of a block collection occupies: from the comment lines just above it (no blank line in
   * between) to the end of the line where its value ends. `starts` are the offsets of each key or dash.
   */
  regions(starts: number[], ends: number[]): { start: number; end: number; line: number }[] {
    const out: { start: number; end: number; line: number }[] = [];
    starts.forEach((start, i) => {
      const line = this.lineStart(start);
      const floor = i > 0 ? out[i - 1].end : 0;
      let top = line;
      // Only whole lines can be taken: an entry that shares its line with a dash or key starts where it starts.
      const sharesLine = this.src.slice(line, start).trim() !== '';
      if (!sharesLine) {
        while (top > floor) {
          const prev = this.lineStart(top - 1);
          if (prev < floor || !this.isCommentLine(prev)) break;
          top = prev;
        }
      }
      out.push({ start: sharesLine ? start : top, end: this.lineEnd(ends[i]), line: sharesLine ? start : line });
    });
    return out;
  }
}
