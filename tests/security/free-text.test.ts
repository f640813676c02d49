/**
 * Text typed into any free-text field reaches the page as typed. To a string replacement "$&", "$`", "$'" and "$$"
 * are patterns (the matched text, the HTML before it, the HTML after it, a dollar): text put into HTML that way
 * printed other HTML in their place. Every free-text field of the frozen practice gets them, with a quote that would
 * end an attribute, and every page is rendered as the prerender writes it.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { formatError } from '../../src/content/errorFormat.ts';
import { loadSite, type CheckResult } from '../../src/content/load.ts';
import { setAt } from '../../src/content/pointer.ts';
import { freeTexts, type FreeText } from './freeText.ts';
import { renderPages } from './renderPages.ts';
import { limit } from '../../bench/machineSpeed.ts';

const fixture = resolve(import.meta.dirname, '..', 'fixtures', 'saltbush');
const TYPED = ` $& $\` $' $$ " onmouseover="alert(1)" x="`;
/** Each field's own mark, so that a failure names the field. */
const mark = (i: number) => `⟦${i}⟧`;
const MARK = /⟦(\d+)⟧/g;

let work: string;
let texts: FreeText[];
let checked: CheckResult;
let pages: { url: string; document: Document }[];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'free-text-'));
  const data = parse(readFileSync(join(fixture, 'site.yaml'), 'utf8')) as unknown;
  texts = freeTexts(data);
  texts.forEach((text, i) => {
    const typed = `${mark(i)}${TYPED}`;
    const kept = text.maxLength === undefined ? text.value : text.value.slice(0, Math.max(0, text.maxLength - typed.length - 1));
    setAt(data, text.path, `${kept} ${typed}`);
  });
  const siteFile = join(work, 'site.yaml');
  writeFileSync(siteFile, stringify(data, { lineWidth: 0 }));
  for (const folder of ['public', 'documents']) symlinkSync(join(fixture, folder), join(work, folder));
  checked = loadSite(siteFile);
  if (!checked.ok) return;
  pages = (await renderPages(siteFile, work)).map(({ url, html }) => ({ url, document: new JSDOM(html).window.document }));
}, limit(180_000));

afterAll(() => { if (work) rmSync(work, { recursive: true, force: true }); });

/** A markdown field travels as its HTML (a news item's body in a page's data): what a reader sees is its text. */
function htmlText(document: Document, html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content.textContent ?? '';
}

/** Every string a page carries: its text, its attribute values and the strings of its structured data. */
function strings(document: Document): string[] {
  const out: string[] = [];
  const walker = document.createTreeWalker(document.documentElement, 4 /* NodeFilter.SHOW_TEXT */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.tagName !== 'SCRIPT') out.push(node.nodeValue ?? '');
  }
  const collect = (value: unknown): void => {
    if (typeof value === 'string') out.push(value.startsWith('<') ? htmlText(document, value) : value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  // An island's block travels as JSON in its data-block attribute: its strings are what it hydrates with.
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      if (attribute.name === 'data-block') collect(JSON.parse(attribute.value));
      else out.push(attribute.value);
    }
  }
  // Structured data, and the page's data for its islands.
  for (const script of document.querySelectorAll('script[type="application/ld+json"], script[type="application/json"]')) collect(JSON.parse(script.textContent ?? ''));
  return out;
}

describe('text typed with replacement patterns and quotes, in every free-text field', () => {
  it('is in many fields, and the site with it passes the checker', () => {
    expect(texts.length).toBeGreaterThan(500);
    expect(checked.ok ? [] : checked.errors.map(formatError)).toEqual([]);
  });

  it('adds no attribute to any element of any page (no on* handler)', () => {
    const handlers = pages.flatMap(({ url, document }) => [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${url}: <${element.tagName.toLowerCase()} ${a.name}="${a.value}">`)));
    expect(handlers).toEqual([]);
  });

  it('shows as typed wherever a page shows it, in text, attributes and structured data', () => {
    const changed: string[] = [];
    for (const { url, document } of pages) {
      for (const text of strings(document)) {
        for (const found of text.matchAll(MARK)) {
          const after = text.slice(found.index + found[0].length, found.index + found[0].length + TYPED.length);
          if (after !== TYPED) changed.push(`${url} ${texts[Number(found[1])].path.join('.')}: ${JSON.stringify(after)}`);
        }
      }
    }
    expect([...new Set(changed)]).toEqual([]);
  });

  it('reaches the pages from almost every field (the others show after a visitor acts: a form\'s errors, a next slide)', () => {
    const seen = new Set<number>();
    for (const { document } of pages) for (const text of strings(document)) for (const found of text.matchAll(MARK)) seen.add(Number(found[1]));
    const unseen = texts.filter((_, i) => !seen.has(i)).map((t) => t.path.join('.'));
    expect(unseen.length, unseen.join('\n')).toBeLessThan(texts.length / 20);
  });
});
