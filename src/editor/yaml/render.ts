import type { Scalar } from 'yaml';
import { isObject, type Json } from './json.ts';
import { isParsedNode, isScalarValue, readsAs, SourceText, type Slot } from './source.ts';

/** The same field of the entries beside a new one (its quoting, `|` or `>`), when they have it written. */
export type Like = (key: string) => Scalar | undefined;

/** New YAML text for values, written as the file's authors write it: their quoting, flow maps, folded text. */
export class Renderer extends SourceText {
  plainOk(text: string, value: Json, flow: boolean): boolean {
    if (text.includes('\n') || text !== text.trim() || text === '') return false;
    if (!readsAs(`k: ${text}\n`, { k: value })) return false;
    return !flow || readsAs(`[${text}]\n`, [value]);
  }

  renderKey(key: string): string {
    return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? key : JSON.stringify(key);
  }

  /**
   * A value on one line, spaced as the file's authors write it: `[a, b]`, `{ label: Home, href: / }`. `like`: for a
   * field of a new entry, the same field of an entry beside it, whose quoting it takes (`price: "$85.00"`).
   */
  renderFlow(value: Json, like?: Like): string {
    if (Array.isArray(value)) return `[${value.map((v) => this.renderFlow(v)).join(', ')}]`;
    if (isObject(value)) {
      const pairs = Object.keys(value).filter((k) => value[k] !== undefined).map((k) => this.renderFlowField(k, value[k], like));
      return pairs.length ? `{ ${pairs.join(', ')} }` : '{}';
    }
    // A line break in a text is written \\n inside double quotes, so the value stays on its one line.
    return this.renderScalar(value, null, { flow: true, indent: 0 });
  }

  /** `key: value` inside a one-line map, the value quoted as the same field beside it is (`like`). */
  renderFlowField(key: string, value: Json, like?: Like): string {
    const style = like?.(key);
    return `${this.renderKey(key)}: ${style && isScalarValue(value) ? this.renderScalar(value, style, { flow: true, indent: 0 }) : this.renderFlow(value)}`;
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

  /** `value` as block YAML lines, each indented by `indent`, in the file's own style (`like`: as in renderFlow). */
  renderBlock(value: Json, indent: number, like?: Like): string[] {
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
        if (isScalarValue(v)) return (head + ' ' + this.renderScalar(v, like?.(key) ?? null, slot)).split('\n');
        if (this.flowable(v)) return [head + ' ' + this.renderFlow(v)];
        return [head, ...this.renderBlock(v, indent + 2)];
      });
    }
    return (pad + this.renderScalar(value, null, slot)).split('\n');
  }
}
