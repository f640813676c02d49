/**
 * Text fields with formatting: what the build makes of the worst a field may hold. The longest text the schema
 * allows, nested as deep as it can be written, is read with its lists and quotes at most MAX_NESTING deep (the
 * deeper text stays, as plain text), through the real checker; the new-tab words go in as text. The renderer makes
 * what marked and DOMPurify made before, without a DOM, in time that grows with the text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { Marked, Tokenizer, type RendererObject } from 'marked';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatError } from '../../src/content/errorFormat.ts';
import { loadSite } from '../../src/content/load.ts';
import { ALLOWED_ATTR, ALLOWED_TAGS, MAX_NESTING, renderMarkdown } from '../../src/content/markdown.ts';
import { getAt, parsePointer } from '../../src/content/pointer.ts';
import { validateAgainstSchema } from '../../src/content/schema.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { limit } from '../../bench/machineSpeed.ts';

const root = join(import.meta.dirname, '..', '..');
const siteFile = join(root, 'tests', 'fixtures', 'minimal-site', 'site.yaml');
const base = readFileSync(siteFile, 'utf8');
const { maxLength } = JSON.parse(readFileSync(join(root, 'schema', 'defs', 'markdown.schema.json'), 'utf8')) as { maxLength: number };
const PARKING = '          Free parking is behind the clinic, off **Tallowwood Lane**.\n';

/** The longest run of lists and quotes inside one another in some HTML. */
function nestingDepth(html: string): number {
  const deepest = (element: Element): number => {
    const own = ['UL', 'OL', 'BLOCKQUOTE'].includes(element.tagName) ? 1 : 0;
    return own + Math.max(0, ...[...element.children].map(deepest));
  };
  return deepest(new JSDOM(html).window.document.body);
}

/** The field filled with one opening written again and again, and a word at the end (dashes alone make a rule). */
const fill = (unit: string) => `${unit.repeat(Math.ceil(maxLength / unit.length)).slice(0, maxLength - 1)}x`;
let indented = '';
for (let level = 0; indented.length < maxLength; level++) indented += `${'  '.repeat(level)}- level ${level + 1}\n`;

const worst: [string, string][] = [
  ['a list nested by indenting each line', indented.slice(0, maxLength)],
  ['lists opened on one line ("- - - ...")', fill('- ')],
  ['numbered lists opened on one line', fill('1. ')],
  ['quotes opened on one line (">>>...")', fill('>')],
  ['quotes and lists in turn', fill('> - ')],
];

describe('a text field at its longest, nested as deep as it can be written', () => {
  it.each(worst)('%s: lists and quotes at most MAX_NESTING deep, the text kept', (_name, text) => {
    expect(text.length).toBe(maxLength);
    const html = renderMarkdown(text);
    expect(nestingDepth(html)).toBeLessThanOrEqual(MAX_NESTING);
  });

  it('keeps the nesting that pages use', () => {
    expect(nestingDepth(renderMarkdown('- a\n  - b\n    - c\n\n> quoted'))).toBe(3);
  });

  it('passes the checker and compiles, the page showing the same bounded nesting', () => {
    const text = base.replace(PARKING, `${indented.slice(0, maxLength - 1).split('\n').map((line) => `          ${line}`).join('\n')}\n`);
    const result = loadSite(siteFile, text);
    expect(result.ok ? [] : result.errors.map(formatError)).toEqual([]);
    if (!result.ok) return;
    const section = result.compiled.pages.find((p) => p.path === '/visit')?.blocks.find((b) => b.type === 'section');
    const html = section && 'body' in section ? String(section.body) : '';
    expect(nestingDepth(html)).toBe(MAX_NESTING);
    expect(html).toContain('- level 100');
  });
});

describe('the new-tab words', () => {
  it('are added to each link that opens a new tab as text, whatever they hold', () => {
    expect(renderMarkdown('See [Healthdirect](https://www.healthdirect.gov.au) or [fees](/fees).', "$` $& <b> $'"))
      .toBe('<p>See <a href="https://www.healthdirect.gov.au" target="_blank" rel="noopener noreferrer">Healthdirect<span class="visually-hidden"> $` $&amp; &lt;b&gt; $\'</span></a> or <a href="/fees">fees</a>.</p>');
  });
});

/**
 * The way before: marked's own HTML, sanitised by DOMPurify on a JSDOM document, the link rules applied and the
 * new-tab words added as an element. `typedHtml: 'as text'`: the same, with HTML typed into the text escaped first.
 */
function purified(typedHtml: 'as markup' | 'as text'): (source: string, label?: string) => string {
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    if (/^https?:\/\//i.test(node.getAttribute('href') ?? '')) node.setAttribute('target', '_blank');
    if (node.hasAttribute('target')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('rel');
    }
  });
  let depth = 0;
  const nested = <T>(read: () => T): T | undefined => {
    if (depth >= MAX_NESTING) return undefined;
    depth++;
    try { return read(); } finally { depth--; }
  };
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const asText: RendererObject = {
    html: ({ text }) => escape(text),
    text: (token) => ('escaped' in token && token.escaped && !('tokens' in token && token.tokens) ? escape(token.text) : false),
  };
  const marked = new Marked({ gfm: true, async: false, ...(typedHtml === 'as text' ? { renderer: asText } : {}) }, {
    tokenizer: {
      list(src) { return nested(() => Tokenizer.prototype.list.call(this, src)); },
      blockquote(src) { return nested(() => Tokenizer.prototype.blockquote.call(this, src)); },
    },
  });
  return (source, label) => {
    const body = window.document.createElement('body');
    body.append(purify.sanitize(marked.parse(source, { async: false }), { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false, RETURN_DOM_FRAGMENT: true }));
    for (const link of label ? body.querySelectorAll('a[target="_blank"]') : []) {
      const words = window.document.createElement('span');
      words.className = 'visually-hidden';
      words.textContent = ` ${label}`;
      link.append(words);
    }
    return body.innerHTML.trim();
  };
}

/** HTML as a browser reads it and writes it back: a character reference this renderer leaves to the browser is read. */
const page = new JSDOM('').window.document;
const reread = (html: string) => {
  const body = page.createElement('body');
  body.innerHTML = html;
  return body.innerHTML;
};

const LABEL = "(opens in a new tab) $` $& <b>";
const saltbush = parse(readFileSync(SALTBUSH_SITE_FILE, 'utf8')) as unknown;
const fields = validateAgainstSchema(saltbush).collected.markdown.map((pointer) => String(getAt(saltbush, parsePointer(pointer))));
/** A text of each kind marked reads, between paragraphs: the practice's texts hold few of them. */
const KINDS = [
  '# Heading *em*', 'Setext\n===', '> quote\n> - list', '```js\nx < y && z\n```', '    indented code', '`a<b>&amp;`', '~~struck~~ text',
  '![alt](/p.png "t") after', '---', '| a | b |\n|---|:-:|\n| 1 | [l](/x) |\n| 2 | 3 |', '- [ ] task\n- [x] done', '3. three\n4. four',
  '* loose\n\n* list', 'AT&T &copy; &#150; &#x41; &nbsp; &#0; "q" \'s', 'line  \nbreak\\\nagain', '<https://a.example/?a&b> www.example.com m@example.com',
  '[r][x]\n\n[x]: /y "t"', '[a](x--&gt;) [b]( /x ) [c](<a b>) [d](HTTPS://X.COM) [e](foo:bar) [f]() [g](&quot;) [h](/a&amp;b&#150;)',
];
const kinds = [...KINDS.map((kind) => `Before.\n\n${kind}\n\nAfter.`), KINDS.join('\n\n'), KINDS.join('\n')];
const payloads = readFileSync(join(root, 'tests', 'fixtures', 'xss-payloads.txt'), 'utf8').split('\n').filter((line) => line.trim() !== '' && !line.startsWith('# '));

describe('the renderer, against marked and DOMPurify on JSDOM', () => {
  const before = purified('as markup');

  it('gives the same HTML for every text with formatting of the practice, and for each kind of markdown, with and without the new-tab words', () => {
    expect(fields.length).toBeGreaterThan(50);
    for (const text of [...fields, ...kinds]) for (const label of [undefined, LABEL]) expect(renderMarkdown(text, label), text).toBe(before(text, label));
  });

  it('gives the same HTML for every XSS payload, or the same once read by a browser, or shows typed HTML as typed', () => {
    // Differences allowed, and why: (1) a character reference the renderer does not know ("&bogus;") is left for the
    // browser to read, where DOMPurify wrote it back read ("&amp;bogus;"): the same page. (2) HTML typed into the text
    // is shown as typed, where DOMPurify kept the allowed tags as markup and dropped the rest (a <script>'s words
    // with it): everything else is then exactly what DOMPurify makes of the text with that HTML escaped.
    const typedAsText = purified('as text');
    const lexer = new Marked({ gfm: true });
    const typesHtml = (text: string) => {
      let found = false;
      lexer.walkTokens(lexer.lexer(text), (token) => { found ||= token.type === 'html'; });
      return found;
    };
    const counts = { same: 0, reread: 0, typedHtml: 0 };
    for (const text of payloads) for (const label of [undefined, LABEL]) {
      const [html, was] = [renderMarkdown(text, label), before(text, label)];
      if (html === was) counts.same++;
      else if (reread(html) === was) counts.reread++;
      else if (typesHtml(text) && [html, reread(html)].includes(typedAsText(text, label))) counts.typedHtml++;
      else expect(html, text).toBe(was);
    }
    expect(counts.same).toBeGreaterThan(10);
    expect(counts.typedHtml).toBeGreaterThan(100);
  });

  it('writes no tag or attribute but the allowed ones, and the new-tab words, whatever the text holds', () => {
    const made = new Set<string>();
    for (const text of [...payloads, ...fields]) {
      const body = page.createElement('body');
      body.innerHTML = renderMarkdown(text, LABEL);
      for (const element of body.querySelectorAll('*')) {
        const words = element.className === 'visually-hidden' && element.parentElement?.getAttribute('target') === '_blank';
        const tag = element.localName === 'span' && !words ? 'span (not the new-tab words)' : element.localName;
        made.add(tag);
        for (const attribute of element.attributes) made.add(`${tag}[${attribute.name}]`);
      }
    }
    const allowed = [...ALLOWED_TAGS, ...ALLOWED_TAGS.flatMap((tag) => ALLOWED_ATTR.map((name) => `${tag}[${name}]`)), 'span', 'span[class]'];
    expect([...made].filter((tag) => !allowed.includes(tag))).toEqual([]);
    expect(made).toContain('a[target]');
  });

  it('drops an address that would run code, however it is written', () => {
    for (const text of payloads.filter((p) => /^\[click\]/.test(p))) expect(renderMarkdown(text)).not.toMatch(/href="\s*(javascript|data|vbscript)/i);
    expect(renderMarkdown('[a](java&#115;cript:alert(1)) [b](javascript&colon;alert(1)) [c](&#x6A;avascript:1)')).toBe('<p><a>a</a> <a>b</a> <a>c</a></p>');
  });
});

describe('a long text', () => {
  // Sanitising these on JSDOM took 8 s and 3 s (30 s through the checker): its work grew with the square of the text.
  it.each([
    ['6,000 paragraphs', 'a\n\n'.repeat(6000)],
    ['4,000 lines of typed HTML (a 40 KB request to the editor)', '<p>ab</p>\n'.repeat(4000)],
  ])('%s renders well within 2 seconds', (_name, text) => {
    const started = performance.now();
    const html = renderMarkdown(text);
    expect(performance.now() - started).toBeLessThan(limit(2000));
    expect(html.length).toBeGreaterThan(text.length);
  });
});
