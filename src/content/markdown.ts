import { Marked, Tokenizer, type RendererObject, type Token, type Tokens } from 'marked';
import { attributeHtml, referencedTextHtml, referencedValue, textHtml } from './htmlText.ts';

/**
 * Markdown to safe HTML, by construction: the renderer writes only the tags and attributes below, and everything
 * else as text. There is no sanitiser to run afterwards and no DOM: the build, the editor's server and its preview
 * in the browser render with this alone (Deno could too), in time that grows with the text. Sanitising on a DOM
 * made in Node took time that grew with the square of the text: seconds for a long one, holding the editor's server.
 *
 * What it makes of what is not allowed is what marked and DOMPurify made of it before (tests/content/markdown.test.ts
 * compares them): a heading, quote, code, struck-through text or table keeps its text without its tag (a table's
 * header row went with DOMPurify's rules, and still goes); a picture and a rule leave nothing; a link's address that
 * DOMPurify would have dropped is dropped. Only HTML typed into the text differs: it is shown as typed, where
 * DOMPurify kept some of it as markup.
 */

/** The only HTML a content field may produce: paragraphs, line breaks, emphasis, links and lists. */
export const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'a', 'ol', 'ul', 'li'];
export const ALLOWED_ATTR = ['href', 'target', 'rel'];

/**
 * How deep lists and quotes may nest; text deeper than that reads as plain text. Each level is read again by the
 * level around it, so a field of "- - - - ..." or ">>>>..." a few kilobytes long took seconds, or overflowed the
 * stack, before the checker could answer. No page needs more than three or four levels.
 */
export const MAX_NESTING = 8;
let depth = 0;
function nested<T>(read: () => T): T | undefined {
  if (depth >= MAX_NESTING) return undefined;
  depth++;
  try {
    return read();
  } finally {
    depth--;
  }
}

/**
 * DOMPurify's tests of an address, kept so that a link keeps the addresses it kept: its ALLOWED_URI_REGEXP (on the
 * address without spaces and controls), and text that would end an attribute in XML.
 */
const SAFE_ADDRESS = /^(?:(?:(?:f|ht)tps?|mailto|tel|callto|sms|cid|xmpp|matrix):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
const SPACES = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const BREAKOUT = /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;

/**
 * The address a link keeps, as the browser will read it from the HTML; undefined where DOMPurify dropped it (the
 * link stays, without an address); null where marked writes no link at all (an address it cannot encode).
 */
function safeHref({ href, autolink }: Tokens.Link): string | undefined | null {
  let encoded: string;
  try {
    encoded = encodeURI(href).replace(/%25/g, '%');
  } catch {
    return null;
  }
  // An autolink's address is taken as written; any other's references are read, as the browser reads them.
  const value = (autolink ? encoded : referencedValue(encoded)).trim();
  if (BREAKOUT.test(value)) return undefined;
  return value === '' || SAFE_ADDRESS.test(value.replace(SPACES, '')) ? value : undefined;
}

/** Every kind of token, so that none is written by marked's own renderer (which writes any HTML it was given). */
const renderer: Required<RendererObject> = {
  space: () => '',
  def: () => '',
  paragraph({ tokens }) { return `<p>${this.parser.parseInline(tokens)}</p>\n`; },
  strong({ tokens }) { return `<strong>${this.parser.parseInline(tokens)}</strong>`; },
  em({ tokens }) { return `<em>${this.parser.parseInline(tokens)}</em>`; },
  br: () => '<br>',
  list(token) {
    const tag = token.ordered ? 'ol' : 'ul';
    return `<${tag}>\n${token.items.map((item) => this.listitem(item)).join('')}</${tag}>\n`;
  },
  listitem(item) { return `<li>${this.parser.parse(item.tokens)}</li>\n`; },
  // Typed HTML, and text inside it, is shown as typed.
  html: ({ text }) => textHtml(text),
  text(token) {
    if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
    return 'escaped' in token && token.escaped ? textHtml(token.text) : referencedTextHtml(token.text);
  },
  // Not allowed: the text stays, with the line breaks between the tags that held it.
  heading({ tokens }) { return `${this.parser.parseInline(tokens)}\n`; },
  blockquote({ tokens }) { return `\n${this.parser.parse(tokens)}\n`; },
  code: ({ text }) => `${text ? `${textHtml(text.replace(/\n$/, ''))}\n` : ''}\n`,
  codespan: ({ text }) => textHtml(text),
  del({ tokens }) { return this.parser.parseInline(tokens); },
  hr: () => '\n',
  image: () => '',
  checkbox: () => ' ',
  table(token) {
    const row = (cells: Tokens.TableCell[]) => `\n${cells.map((cell) => `${this.parser.parseInline(cell.tokens)}\n`).join('')}\n`;
    return `\n\n${token.rows.map(row).join('')}\n`;
  },
  tablerow: () => '',
  tablecell: () => '',
  link(token) {
    const text = token.autolink ? textHtml(token.text) : this.parser.parseInline(token.tokens);
    const href = safeHref(token);
    if (href === null) return text;
    if (href === undefined) return `<a>${text}</a>`;
    // Links to other sites open in a new tab; a link that opens a new tab must not get a handle on this one.
    if (!/^https?:\/\//i.test(href)) return `<a href="${attributeHtml(href)}">${text}</a>`;
    return `<a href="${attributeHtml(href)}" target="_blank" rel="noopener noreferrer">${text}${newTabWords}</a>`;
  },
};

/** The words for screen readers of the text being rendered, as HTML (set by renderMarkdown for its one call). */
let newTabWords = '';

/**
 * What five of marked's block rules cannot match without, in a short pattern: a tag at the start (html), a second
 * line that begins a table's dashes (table), a line of = or - under some text (lheading), a > at the start
 * (blockquote), a [ at the start (def, a link's address given apart). marked tries each of them, with patterns of up
 * to a thousand characters, at every paragraph of every field; in a function just started, compiling and running
 * them was nearly a third of the markdown's time. Where the short pattern finds nothing the long one cannot match, so
 * marked's own rule is skipped (undefined: not this kind of block); otherwise it runs as ever (false: marked's own).
 * tests/content/markdownRules.test.ts holds each to marked's own rule.
 */
export const BLOCK_NEEDS = {
  html: /^ {0,3}</,
  table: /^ *[^\n ].*\n {0,3}(?:\| *)?:?-/,
  lheading: /\n {0,3}(?:=+|-+)[ \t]*(?:\n|$)/,
  blockquote: /^ {0,3}>/,
  def: /^ {0,3}\[/,
} as const;

/**
 * How far one inline rule of marked reads ahead. Some read to the end of the text from every place they are tried, so
 * a field of "_a*" or "_a" repeated took time that grew with the square of its length (seconds for 10,000
 * characters, holding the editor's server): emphasis looks for its closing * or _ (and ~ for struck-through text),
 * and the rules for plain text and for addresses look for an @ that would make an e-mail address. Cut to these
 * reaches, the time grows with the length, and the result is the same wherever what they look for is within reach:
 * no field emphasises more than a paragraph at once, and no address or unbroken word is that long.
 */
export const EMPHASIS_REACH = 500;
export const WORD_REACH = 2000;

/**
 * The same text and masked text (the text with links and code masked, from the start of the run of inline text, which
 * marked reads back from) cut to a reach: from the run of marks before the opening one, two characters more.
 */
function withinReach(src: string, maskedSrc: string): [string, string] {
  if (src.length <= EMPHASIS_REACH) return [src, maskedSrc];
  const at = maskedSrc.length - src.length;
  let from = at;
  while (from > 0 && maskedSrc[from - 1] === src[0]) from--;
  from = Math.max(0, from - 2);
  return [src.slice(0, EMPHASIS_REACH), maskedSrc.slice(from, at + EMPHASIS_REACH)];
}

const marked = new Marked({ gfm: true, breaks: false, async: false, renderer }, {
  tokenizer: {
    emStrong(src, maskedSrc, prevChar) { return Tokenizer.prototype.emStrong.call(this, ...withinReach(src, maskedSrc), prevChar); },
    del(src, maskedSrc, prevChar) { return Tokenizer.prototype.del.call(this, ...withinReach(src, maskedSrc), prevChar); },
    url(src) { return Tokenizer.prototype.url.call(this, src.slice(0, WORD_REACH)); },
    inlineText(src) { return Tokenizer.prototype.inlineText.call(this, src.slice(0, WORD_REACH)); },
    list(src) { return nested(() => Tokenizer.prototype.list.call(this, src)); },
    blockquote(src) { return BLOCK_NEEDS.blockquote.test(src) ? nested(() => Tokenizer.prototype.blockquote.call(this, src)) : undefined; },
    def: (src) => (BLOCK_NEEDS.def.test(src) ? false : undefined),
    html: (src) => (BLOCK_NEEDS.html.test(src) ? false : undefined),
    table: (src) => (BLOCK_NEEDS.table.test(src) ? false : undefined),
    lheading: (src) => (BLOCK_NEEDS.lheading.test(src) ? false : undefined),
  },
});

// The same text always gives the same HTML; the editor and the dev server compile the whole site on every change.
const rendered = new Map<string, string>();

/**
 * Markdown to safe HTML. Links that open a new tab get the site's words for screen readers (ui.newTab), as every
 * other new-tab link does, written as text.
 */
export function renderMarkdown(source: string, newTabLabel?: string): string {
  const key = JSON.stringify([source, newTabLabel ?? null]);
  const known = rendered.get(key);
  if (known !== undefined) return known;
  newTabWords = newTabLabel ? `<span class="visually-hidden"> ${textHtml(newTabLabel)}</span>` : '';
  let clean: string;
  try {
    clean = marked.parse(source, { async: false }).trim();
  } finally {
    newTabWords = '';
  }
  if (rendered.size > 5000) rendered.clear();
  rendered.set(key, clean);
  return clean;
}

/** A stretch of a text that its page shows bold, in italics or as a link (`href`), in plain words. */
export interface Styled { kind: 'bold' | 'italic' | 'link'; text: string; href?: string }

/**
 * A markdown text as a reader of its page reads it: the words without their marks (`**also runs**` is "also runs",
 * `[Fees](/fees)` "Fees", a heading or a list's line without its # or bullet, `\*` a star), and the stretches the
 * marks make bold, italic or links. For the editor's words about a change, where marks read as noise. Lexed by the
 * renderer's own marked, so with the same reach and nesting limits: its time grows with the text's length.
 */
export function markdownReading(source: string): { text: string; styled: Styled[] } {
  const styled: Styled[] = [];
  return { text: readTokens(marked.lexer(source), styled).trim(), styled };
}

/** Blocks (paragraphs, a list's lines) are read on lines of their own; inline tokens run on. */
const BLOCKS = new Set(['blockquote', 'list_item']);
const STYLES: Partial<Record<string, Styled['kind']>> = { strong: 'bold', em: 'italic', link: 'link' };

function readTokens(tokens: Token[], styled: Styled[], joiner = ''): string {
  return tokens.map((token) => readToken(token, styled)).join(joiner);
}

function readToken(token: Token, styled: Styled[]): string {
  switch (token.type) {
    case 'list': {
      // A numbered list's numbers are on the page (and may be a year: "2026. A new clinic"); bullets are not words.
      const { items, ordered, start } = token as Tokens.List;
      const first = typeof start === 'number' ? start : 1;
      return items.map((item, i) => `${ordered ? `${first + i}. ` : ''}${readTokens(item.tokens, styled, '\n')}`).join('\n');
    }
    case 'table': {
      const { header, rows } = token as Tokens.Table;
      return [header, ...rows].map((cells) => cells.map((cell) => readTokens(cell.tokens, styled)).join(' ')).join('\n');
    }
    // What the page shows nothing of (see the renderer): a picture, a rule, a checkbox, an address given apart.
    case 'image': case 'checkbox': return ' ';
    case 'hr': case 'def': case 'space': case 'br': return '\n';
    default: break;
  }
  if ('tokens' in token && token.tokens) {
    const text = readTokens(token.tokens, styled, BLOCKS.has(token.type) ? '\n' : '');
    const kind = STYLES[token.type];
    if (kind) styled.push({ kind, text: text.replace(/\s+/g, ' ').trim(), ...(kind === 'link' ? { href: (token as Tokens.Link).href } : {}) });
    return token.type === 'paragraph' || token.type === 'heading' ? `${text}\n` : text;
  }
  const text = 'text' in token && typeof token.text === 'string' ? token.text : '';
  // Typed HTML and code are shown as typed; plain text's references (&amp;) as the characters the page shows.
  return token.type === 'text' && !('escaped' in token && token.escaped) ? referencedValue(text) : text;
}
