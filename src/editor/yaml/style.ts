import { isObject, type Json } from './json.ts';

/** A text of several lines: a line break with text after it. */
const severalLines = (text: string) => /\n[^]*\S/.test(text);

/**
 * Whether the file ends its texts of several lines with a line break, as `bio: |` writes them (`|-` and `>-` do
 * not): the texts under `key` decide, else all of the file's. A new text is kept so, and is then written as its
 * neighbours are: `|` can only hold a text that ends with a line break.
 */
export function endsWithLineBreak(doc: Json, key: string): boolean {
  const count = { key: [0, 0], all: [0, 0] };
  const walk = (node: Json, name: string) => {
    if (typeof node === 'string') {
      if (!severalLines(node)) return;
      const ends = node.endsWith('\n') ? 1 : 0;
      count.all[ends]++;
      if (name === key) count.key[ends]++;
    } else if (Array.isArray(node)) node.forEach((item) => walk(item, name));
    else if (isObject(node)) for (const [k, v] of Object.entries(node)) walk(v, k);
  };
  walk(doc, '');
  const [without, ending] = count.key[0] + count.key[1] ? count.key : count.all;
  return ending > without;
}

/** `text` with the line break at its end that the file's texts of several lines under `key` have (see above). */
export function withFileEnding(doc: Json, key: string, text: string): string {
  return severalLines(text) && !text.endsWith('\n') && endsWithLineBreak(doc, key) ? `${text}\n` : text;
}
