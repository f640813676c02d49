import { isMap, isPair, isScalar, isSeq, parse, parseDocument, stringify, type Node, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { isObject, jsonEqual, withoutUndefined, type Json, type JsonObject } from './json.ts';

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

export class PatchError extends Error {
  /** The text that was produced but did not read back as intended (for diagnosis; never written). */
  attempt?: string;
}

interface Edit { from: number; to: number; text: string }

/** Where a value sits: in a flow collection or a block one, at which column, after which key or dash. */
interface Slot { flow: boolean; indent: number; keyEnd?: number; dash?: number }

type AnyPair = Pair<Node | null, Node | null>;

const RENDER = { lineWidth: 0, indent: 2, flowCollectionPadding: true, singleQuote: false } as const;

function isParsedNode(node: unknown): node is Node & { range: [number, number, number] } {
  return typeof node === 'object' && node !== null && Array.isArray((node as { range?: unknown }).range);
}

function readsAs(text: string, expected: unknown): boolean {
  try {
    const doc = parseDocument(text, { prettyErrors: false });
    return doc.errors.length === 0 && jsonEqual(doc.toJS(), expected);
  } catch {
    return false;
  }
}

const isScalarValue = (v: Json): v is string | number | boolean | null => v === null || typeof v !== 'object';

/** How alike two list items are, 0 to 1: equal is 1; maps by the share of their fields that are equal. */
function similarity(a: Json, b: Json): number {
  if (jsonEqual(a, b)) return 1;
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    let same = 0;
    for (const k of keys) if (k in a && k in b && jsonEqual(a[k], b[k])) same++;
    const share = same / Math.max(1, keys.size);
    // A different block type is a different thing, however many fields look alike.
    return a.type !== undefined && a.type !== b.type ? share / 4 : share;
  }
  return 0;
}

/**
 * Pairs each new list item with the old item it is (or -1 when it is new). Equal or alike items are paired in
 * order (the longest such chain); the leftover items between two pairs are paired one to one when there are as
 * many on each side, since that is an edit in place.
 */
export function alignLists(oldList: Json[], newList: Json[]): number[] {
  const n = oldList.length;
  const m = newList.length;
  const sim: number[][] = oldList.map((a) => newList.map((b) => similarity(a, b)));
  const score: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const s = sim[i - 1][j - 1];
      score[i][j] = Math.max(score[i - 1][j], score[i][j - 1], s >= 0.5 ? score[i - 1][j - 1] + s : -1);
    }
  }
  const match = new Array<number>(m).fill(-1);
  for (let i = n, j = m; i > 0 && j > 0;) {
    const s = sim[i - 1][j - 1];
    if (s >= 0.5 && score[i][j] === score[i - 1][j - 1] + s) { match[j - 1] = i - 1; i--; j--; }
    else if (score[i][j] === score[i - 1][j]) i--;
    else j--;
  }
  // Leftovers between anchors, paired one to one when the counts agree (unless an old one moved elsewhere intact).
  const movedAway = (i: number) => newList.some((item, j) => match[j] === -1 && jsonEqual(item, oldList[i]));
  let prevOld = -1;
  let prevNew = -1;
  for (let j = 0; j <= m; j++) {
    if (j < m && match[j] === -1) continue;
    const oldEnd = j < m ? match[j] : n;
    const olds = Array.from({ length: oldEnd - prevOld - 1 }, (_, k) => prevOld + 1 + k);
    const news = Array.from({ length: j - prevNew - 1 }, (_, k) => prevNew + 1 + k);
    if (olds.length === news.length && !olds.some(movedAway)) news.forEach((nj, k) => { match[nj] = olds[k]; });
    prevOld = oldEnd;
    prevNew = j;
  }
  return match;
}

class Patcher {
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

  // ---- rendering new text -------------------------------------------------------------------------------------

  plainOk(text: string, value: Json, flow: boolean): boolean {
    if (text.includes('\n') || text !== text.trim() || text === '') return false;
    if (!readsAs(`k: ${text}\n`, { k: value })) return false;
    return !flow || readsAs(`[${text}]\n`, [value]);
  }

  renderKey(key: string): string {
    return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : JSON.stringify(key);
  }

  /** A value on one line, spaced as the file's authors write it: `[a, b]`, `{ label: Home, href: / }`. */
  renderFlow(value: Json): string {
    if (Array.isArray(value)) return `[${value.map((v) => this.renderFlow(v)).join(', ')}]`;
    if (isObject(value)) {
      const pairs = Object.keys(value).filter((k) => value[k] !== undefined).map((k) => `${this.renderKey(k)}: ${this.renderFlow(value[k])}`);
      return pairs.length ? `{ ${pairs.join(', ')} }` : '{}';
    }
    // A line break in a text is written \\n inside double quotes, so the value stays on its one line.
    return this.renderScalar(value, null, { flow: true, indent: 0 });
  }

  /** A block scalar (| or >) holding `value`, its lines indented by `indent`; undefined when none can. */
  renderBlockScalar(value: string, style: 'BLOCK_LITERAL' | 'BLOCK_FOLDED', indent: number, width: number): string | undefined {
    const trailing = /\n*$/.exec(value)?.[0].length ?? 0;
    if (trailing > 1 || value.trim() === '' || /^[ \t\n]/.test(value)) return undefined;
    const body = value.slice(0, value.length - trailing);
    const pad = ' '.repeat(indent);
    const header = (style === 'BLOCK_LITERAL' ? '|' : '>') + (trailing ? '' : '-');
    let lines: string[];
    if (style === 'BLOCK_LITERAL' || /\n[ \t]/.test(body) || /[ \t]\n/.test(body)) {
      if (style === 'BLOCK_FOLDED') return this.renderBlockScalar(value, 'BLOCK_LITERAL', indent, width);
      lines = body.split('\n');
    } else {
      // Folded: one line break between two lines reads as a space, so a paragraph may be wrapped at any single space;
      // n line breaks in the text are written as n empty lines.
      lines = [];
      const parts = body.split(/(\n+)/);
      for (const part of parts) {
        if (part.startsWith('\n')) { for (let k = 0; k < part.length; k++) lines.push(''); continue; }
        lines.push(...this.wrap(part, width - indent));
      }
    }
    return header + '\n' + lines.map((l) => (l ? pad + l : '')).join('\n');
  }

  wrap(paragraph: string, width: number): string[] {
    const out: string[] = [];
    let rest = paragraph;
    while (rest.length > width) {
      let cut = -1;
      for (let i = Math.min(width, rest.length - 1); i > 0; i--) {
        if (rest[i] === ' ' && rest[i - 1] !== ' ' && rest[i + 1] !== ' ' && rest[i + 1] !== undefined) { cut = i; break; }
      }
      if (cut === -1) break;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut + 1);
    }
    out.push(rest);
    return out;
  }

  /** The text of a scalar value, in the old node's style when it can still hold it, else plain, else quoted. */
  renderScalar(value: Json, old: Scalar | null, slot: Slot): string {
    if (typeof value !== 'string') {
      const text = value === null ? 'null' : String(value);
      return this.plainOk(text, value, slot.flow) ? text : JSON.stringify(String(value));
    }
    const style = old && typeof old.value === 'string' ? old.type : 'PLAIN';
    const candidates: string[] = [];
    if (!slot.flow && (style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED' || value.includes('\n'))) {
      const blockStyle = style === 'BLOCK_FOLDED' ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL';
      const { indent, width } = this.blockLayout(old, slot);
      const block = this.renderBlockScalar(value, blockStyle, indent, width);
      if (block !== undefined && readsAs(`k: ${block}\n`, { k: value })) return block;
    }
    // Quotes the author chose are kept; quotes that were only there because the old text needed them (a trailing
    // space typed on the way, a ': ') go when the new text does not need them.
    const quoted = style === 'QUOTE_DOUBLE' || style === 'QUOTE_SINGLE';
    const chosen = quoted && old !== null && this.plainOk(String(old.value), String(old.value), slot.flow);
    if (quoted && !chosen) candidates.push(value);
    if (style === 'QUOTE_SINGLE' && !value.includes('\n')) candidates.push(`'${value.replace(/'/g, "''")}'`);
    if (!quoted) candidates.push(value);
    for (const text of candidates) {
      if (text === value ? this.plainOk(text, value, slot.flow) : readsAs(`k: ${text}\n`, { k: value })) return text;
    }
    return JSON.stringify(value);
  }

  /** Indentation and line width of a block scalar's lines: those it had, or two more than its key. */
  blockLayout(old: Scalar | null, slot: Slot): { indent: number; width: number } {
    if (old && isParsedNode(old) && (old.type === 'BLOCK_LITERAL' || old.type === 'BLOCK_FOLDED')) {
      const lines = this.src.slice(old.range[0], old.range[1]).split('\n').slice(1).filter((l) => l.trim());
      const indent = lines.length ? /^ */.exec(lines[0])?.[0].length ?? slot.indent + 2 : slot.indent + 2;
      const width = Math.max(80, ...lines.map((l) => l.length));
      return { indent, width };
    }
    return { indent: slot.indent + 2, width: 120 };
  }

  /** Short collections of plain values are written on one line, as the file's authors do: `{ label: Home, href: / }`. */
  flowable(value: Json): boolean {
    return !JSON.stringify(value).includes('\\n') && this.renderFlow(value).length <= 100;
  }

  /** `value` as block YAML lines, each indented by `indent`, in the file's own style. */
  renderBlock(value: Json, indent: number): string[] {
    const pad = ' '.repeat(indent);
    const slot: Slot = { flow: false, indent };
    if (Array.isArray(value)) {
      if (!value.length) return [pad + '[]'];
      return value.flatMap((item) => {
        if (isScalarValue(item)) return (pad + '- ' + this.renderScalar(item, null, slot)).split('\n');
        if (this.flowable(item)) return [pad + '- ' + this.renderFlow(item)];
        const inner = this.renderBlock(item, indent + 2);
        return [pad + '- ' + inner[0].trimStart(), ...inner.slice(1)];
      });
    }
    if (isObject(value)) {
      const keys = Object.keys(value).filter((k) => value[k] !== undefined);
      if (!keys.length) return [pad + '{}'];
      return keys.flatMap((key) => {
        const v = value[key];
        const head = pad + this.renderKey(key) + ':';
        if (isScalarValue(v)) return (head + ' ' + this.renderScalar(v, null, slot)).split('\n');
        if (this.flowable(v)) return [head + ' ' + this.renderFlow(v)];
        return [head, ...this.renderBlock(v, indent + 2)];
      });
    }
    return (pad + this.renderScalar(value, null, slot)).split('\n');
  }

  // ---- comparing ------------------------------------------------------------------------------------------------

  diff(node: Node | null, oldValue: Json, newValue: Json, slot: Slot): Edit[] {
    if (jsonEqual(oldValue, newValue)) return [];
    // A one-line collection that now holds text of several lines is written out in block form instead.
    if ((isMap(node) || isSeq(node)) && node.flow && !slot.flow && !isScalarValue(newValue) && JSON.stringify(newValue).includes('\\n')) {
      return [this.replace(node, newValue, slot)];
    }
    if (isMap(node) && isObject(oldValue) && isObject(newValue) && Object.keys(newValue).length > 0) {
      return this.diffMap(node, oldValue, newValue, slot);
    }
    if (isSeq(node) && Array.isArray(oldValue) && Array.isArray(newValue) && newValue.length > 0) {
      return this.diffSeq(node, oldValue, newValue, slot);
    }
    return [this.replace(node, newValue, slot)];
  }

  /** Replaces a whole value (a scalar, or a collection that became something else). */
  replace(node: Node | null, value: Json, slot: Slot): Edit {
    const inline = isScalarValue(value) || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
    if (node && isParsedNode(node) && (slot.flow || (isScalar(node) && inline))) {
      const text = isScalarValue(value) ? this.renderScalar(value, isScalar(node) ? node : null, slot) : this.renderFlow(value);
      return { from: node.range[0], to: isScalar(node) ? this.scalarEnd(node) : this.contentEnd(node), text };
    }
    const end = node && isParsedNode(node) ? (isScalar(node) ? this.scalarEnd(node) : this.contentEnd(node)) : undefined;
    if (slot.keyEnd !== undefined) {
      const colon = this.src.indexOf(':', slot.keyEnd);
      const to = end ?? colon + 1;
      if (inline) return { from: slot.keyEnd, to, text: ': ' + (isScalarValue(value) ? this.renderScalar(value, null, slot) : this.renderFlow(value)) };
      return { from: slot.keyEnd, to, text: ':\n' + this.renderBlock(value, slot.indent + 2).join('\n') };
    }
    if (slot.dash !== undefined && end !== undefined) {
      if (inline) return { from: slot.dash + 1, to: end, text: ' ' + (isScalarValue(value) ? this.renderScalar(value, null, slot) : this.renderFlow(value)) };
      const [first, ...rest] = this.renderBlock(value, slot.indent + 2);
      return { from: slot.dash + 1, to: end, text: ' ' + first.trimStart() + (rest.length ? '\n' + rest.join('\n') : '') };
    }
    throw new PatchError('This change cannot be written into the file without rewriting it.');
  }

  scalarEnd(node: Scalar): number {
    if (!isParsedNode(node)) throw new PatchError('A value has no position.');
    return node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED' ? this.trimEnd(node.range[1]) : node.range[1];
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

  /** Existing keys in their order, each new key placed after the key it follows in the new value. */
  order(oldKeys: string[], newKeys: string[]): string[] {
    const kept = oldKeys.filter((k) => newKeys.includes(k));
    const out = [...kept];
    newKeys.forEach((key, i) => {
      if (out.includes(key)) return;
      const before = newKeys.slice(0, i).reverse().find((k) => out.includes(k));
      out.splice(before === undefined ? out.length : out.indexOf(before) + 1, 0, key);
    });
    return out;
  }

  diffMap(map: YAMLMap, oldValue: JsonObject, newValue: JsonObject, slot: Slot): Edit[] {
    const pairs = map.items.filter(isPair) as AnyPair[];
    const oldKeys = pairs.map((p) => this.keyOf(p));
    const newKeys = Object.keys(newValue).filter((k) => newValue[k] !== undefined);
    const flow = slot.flow || Boolean(map.flow);
    const childEdits = (pair: AnyPair, key: string) => this.diff(pair.value, oldValue[key] ?? null, newValue[key], this.pairSlot(pair, flow));
    const kept = pairs.filter((_, i) => newKeys.includes(oldKeys[i]));
    const structural = kept.length !== pairs.length || newKeys.length !== kept.length;
    if (!structural) return pairs.flatMap((p, i) => childEdits(p, oldKeys[i]));
    const order = this.order(oldKeys, newKeys);

    if (flow) {
      if (!isParsedNode(map)) throw new PatchError('A group of fields has no position.');
      const open = map.range[0];
      const close = this.contentEnd(map);
      const pad = this.src[open + 1] === ' ' ? ' ' : '';
      const texts = order.map((key) => {
        const i = oldKeys.indexOf(key);
        if (i === -1) return `${this.renderKey(key)}: ${this.renderFlow(newValue[key])}`;
        const pair = pairs[i];
        return this.apply((pair.key as Node & { range: [number, number, number] }).range[0], this.pairEnd(pair), childEdits(pair, key));
      });
      return [{ from: open, to: close, text: `{${pad}${texts.join(', ')}${pad}}` }];
    }

    const starts = pairs.map((p) => (p.key as Node & { range: [number, number, number] }).range[0]);
    const regions = this.regions(starts, pairs.map((p) => this.pairEnd(p)));
    const column = this.column(starts[0]);
    const edits: Edit[] = [];
    pairs.forEach((pair, i) => {
      const key = oldKeys[i];
      if (newKeys.includes(key)) { edits.push(...childEdits(pair, key)); return; }
      // A first key that shares its line with a list dash ("- slug: x"): the next key moves up onto the dash line.
      const compactFirst = i === 0 && regions[0].start === starts[0] && pairs.length > 1;
      edits.push({ from: regions[i].start, to: compactFirst ? starts[1] : regions[i].end, text: '' });
    });
    // New keys: after the existing key they follow, or at the end of the map.
    const inserts = new Map<number, string[]>();
    order.forEach((key, i) => {
      if (oldKeys.includes(key)) return;
      const anchor = order.slice(0, i).reverse().find((k) => oldKeys.includes(k));
      const at = regions[anchor === undefined ? regions.length - 1 : oldKeys.indexOf(anchor)].end;
      const lines = this.renderBlock({ [key]: newValue[key] }, column);
      inserts.set(at, [...(inserts.get(at) ?? []), ...lines]);
    });
    for (const [at, lines] of inserts) {
      const needsBreak = at > 0 && this.src[at - 1] !== '\n';
      edits.push({ from: at, to: at, text: (needsBreak ? '\n' : '') + lines.join('\n') + (needsBreak ? '' : '\n') });
    }
    return edits;
  }

  diffSeq(seq: YAMLSeq, oldList: Json[], newList: Json[], slot: Slot): Edit[] {
    const items = seq.items as (Node | null)[];
    const flow = slot.flow || Boolean(seq.flow);
    const match = alignLists(oldList, newList);
    const itemSlot = (j: number): Slot => {
      const node = items[j];
      if (!isParsedNode(node)) throw new PatchError('A list entry has no position.');
      if (flow) return { flow: true, indent: this.column(node.range[0]) };
      const dash = this.src.lastIndexOf('-', node.range[0] - 1);
      return { flow: false, indent: this.column(dash), dash };
    };
    const childEdits = (j: number, value: Json) => this.diff(items[j], oldList[j], value, itemSlot(j));
    const inPlace = newList.length === oldList.length && match.every((j, k) => j === k);
    if (inPlace) return newList.flatMap((value, k) => childEdits(k, value));

    const nodeEnd = (j: number) => {
      const node = items[j];
      if (!node) throw new PatchError('A list entry is empty.');
      return isScalar(node) ? this.scalarEnd(node) : this.contentEnd(node);
    };
    const used = new Set(match.filter((j) => j >= 0));
    const moved = new Map<number, number>();
    newList.forEach((value, k) => {
      if (match[k] !== -1) return;
      const j = oldList.findIndex((old, i) => !used.has(i) && jsonEqual(old, value));
      if (j !== -1) { moved.set(k, j); used.add(j); }
    });
    const template = (value: Json) => {
      let best = 0;
      let bestScore = -1;
      oldList.forEach((old, j) => {
        const s = similarity(old, value) + (typeof old === typeof value && Array.isArray(old) === Array.isArray(value) ? 0.01 : 0);
        if (s > bestScore) { bestScore = s; best = j; }
      });
      return best;
    };

    if (flow) {
      if (!isParsedNode(seq)) throw new PatchError('A list has no position.');
      const open = seq.range[0];
      const close = this.contentEnd(seq);
      const pad = this.src[open + 1] === ' ' ? ' ' : '';
      const texts = newList.map((value, k) => {
        const j = match[k] !== -1 ? match[k] : moved.get(k);
        if (j === undefined) return isScalarValue(value) ? this.renderScalar(value, null, { flow: true, indent: 0 }) : this.renderFlow(value);
        const node = items[j] as Node & { range: [number, number, number] };
        return this.apply(node.range[0], nodeEnd(j), childEdits(j, value));
      });
      return [{ from: open, to: close, text: `[${pad}${texts.join(', ')}${pad}]` }];
    }

    const dashes = items.map((_, j) => itemSlot(j).dash as number);
    const regions = this.regions(dashes, items.map((_, j) => nodeEnd(j)));
    const separators = regions.slice(0, -1).map((r, j) => this.src.slice(r.end, regions[j + 1].start));
    const pieces = newList.map((value, k) => {
      const j = match[k] !== -1 ? match[k] : moved.get(k);
      if (j !== undefined) return this.apply(regions[j].start, regions[j].end, childEdits(j, value));
      const t = template(value);
      return this.apply(regions[t].line, regions[t].end, childEdits(t, value));
    });
    let text = '';
    pieces.forEach((piece, k) => {
      if (k > 0) {
        const prev = match[k - 1];
        const sep = prev >= 0 && match[k] === prev + 1 ? separators[prev] : separators[Math.min(k - 1, separators.length - 1)] ?? '';
        if (!text.endsWith('\n')) text += '\n';
        text += sep;
      }
      text += piece;
    });
    const from = regions[0].start;
    const to = regions[regions.length - 1].end;
    if (this.src.slice(from, to).endsWith('\n') && !text.endsWith('\n')) text += '\n';
    return [{ from, to, text }];
  }
}

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
