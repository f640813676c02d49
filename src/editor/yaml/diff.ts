import { isMap, isPair, isScalar, isSeq, type Node, type YAMLMap, type YAMLSeq } from 'yaml';
import { matchLists } from '../ops/match.ts';
import { isObject, jsonEqual, type Json, type JsonObject } from './json.ts';
import { AuthorsStyle } from './authorsStyle.ts';
import { isParsedNode, isScalarValue, PatchError, type AnyPair, type Edit, type Slot } from './source.ts';

/** The edits that turn the old value's source into the new value: node by node, only where something changed. */
export class Patcher extends AuthorsStyle {
  /**
   * `matchOf`: which entry of a changed list is which old one. An operation knows it for the list it changes (and
   * that every list on its way keeps its entries in place); lists inside a value set whole are matched by id.
   */
  /** `root`: the file's parsed contents, where a field with no neighbour to copy finds how the file writes it. */
  constructor(src: string, readonly matchOf: (seq: YAMLSeq, oldList: Json[], newList: Json[]) => number[] = (_, a, b) => matchLists(a, b), root: Node | null = null) {
    super(src, root);
  }

  diff(node: Node | null, oldValue: Json, newValue: Json, slot: Slot): Edit[] {
    if (jsonEqual(oldValue, newValue)) return [];
    // A one-line collection that now holds text of several lines is written out in block form instead.
    if ((isMap(node) || isSeq(node)) && node.flow && !slot.flow && !isScalarValue(newValue) && JSON.stringify(newValue).includes('\\n')) {
      return [this.replace(node, newValue, slot)];
    }
    // An empty `{}` (a new entry saved before anything was typed in it) chose no style: the entry is written as its
    // siblings are, on lines of its own unless they are one-line maps.
    const siblingsOnOneLine = slot.siblings?.some((n) => isMap(n) && n.items.length > 0 && n.flow) ?? false;
    if (isMap(node) && isParsedNode(node) && node.flow && node.items.length === 0 && !slot.flow && isObject(newValue) && Object.keys(newValue).length > 0) {
      return [siblingsOnOneLine ? { from: node.range[0], to: this.contentEnd(node), text: this.renderFlow(newValue, this.likeAmong(slot.siblings)) } : this.replace(node, newValue, slot)];
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
      // An emptied text kept quotes only because "" needs them, "2500" because it would read as a number: the same
      // field of a sibling shows the authors' style.
      const like = isScalar(node) && this.quotesNeeded(node, slot.flow) ? slot.like?.() : undefined;
      const style = like ?? (isScalar(node) ? node : null);
      const text = isScalarValue(value) ? this.renderScalar(value, style, slot) : this.renderFlow(value);
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
      const [first, ...rest] = this.renderBlock(value, slot.indent + 2, this.likeAmong(slot.siblings));
      return { from: slot.dash + 1, to: end, text: ' ' + first.trimStart() + (rest.length ? '\n' + rest.join('\n') : '') };
    }
    throw new PatchError('This change cannot be written into the file without rewriting it.');
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
    const like = this.likeAmong(slot.siblings);
    const childEdits = (pair: AnyPair, key: string) => this.diff(pair.value, oldValue[key] ?? null, newValue[key], { ...this.pairSlot(pair, flow), like: () => like(key) });
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
        if (i === -1) return this.renderFlowField(key, newValue[key], like);
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
      const lines = this.renderBlock({ [key]: newValue[key] }, column, like);
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
    const match = this.matchOf(seq, oldList, newList);
    const itemSlot = (j: number): Slot => {
      const node = items[j];
      if (!isParsedNode(node)) throw new PatchError('A list entry has no position.');
      if (flow) return { flow: true, indent: this.column(node.range[0]), siblings: items };
      const dash = this.src.lastIndexOf('-', node.range[0] - 1);
      return { flow: false, indent: this.column(dash), dash, siblings: items };
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
    // A new entry is written by copying the sibling most like it (the same kind of block, the most fields alike).
    const template = (value: Json) => {
      let best = 0;
      let bestScore = -1;
      oldList.forEach((old, j) => {
        const s = likeness(old, value);
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

/** How alike two entries are: the same shape, the same block type, then the share of fields with equal values. */
function likeness(a: Json, b: Json): number {
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b)) return 0;
  if (!isObject(a) || !isObject(b)) return 1;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  let same = 0;
  for (const k of keys) if (k in a && k in b && jsonEqual(a[k], b[k])) same++;
  return 1 + (a.type === b.type ? 2 : 0) + same / Math.max(1, keys.size);
}
