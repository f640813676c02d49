/**
 * Text fields with formatting: what the build makes of the worst a field may hold. The longest text the schema
 * allows, nested as deep as it can be written, is read with its lists and quotes at most MAX_NESTING deep (the
 * deeper text stays, as plain text), through the real checker; the new-tab words go in as text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { formatError } from '../../src/content/errors.ts';
import { loadSite } from '../../src/content/load.ts';
import { MAX_NESTING, renderMarkdown } from '../../src/content/markdown.ts';

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
