/**
 * Browser quality of every route of the live site.yaml, invariants only (a staff edit that passes the checker must
 * pass here too): each page of dist/routes.json (every doctor profile included), the
 * aliases and an unknown path, at 375 px and 1280 px in Chromium, served by the real server with its headers.
 * Keyboard and motion are in keyboard.test.ts; head, sitemap and headers in discoverability.test.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cspViolations, finishAnimations, hiddenBlocks, hydratedInPlace, manifest, overflowing, runAxe, scrollThrough, UNKNOWN_PATH,
  unsafeNewTabLinks, visit, wakeIslands, WIDTHS,
} from '../e2e/inspect.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { contentFileType } from '../../src/content/fileTypes.ts';
import { content } from '../e2e/inspect.ts';
import { baseURL } from '../e2e/page.ts';
import { focusProblems, lineBreakProblems, loneLastCards, printProblems, unevenCardRows } from './probes.ts';

const routes = manifest();
const pagePaths = routes.pages.map((p) => p.path);
const everyPath = [...pagePaths, UNKNOWN_PATH];

const tally = { visits: 0, axeViolations: 0, cspViolations: 0, links: 0, internal: 0, downloads: 0, external: 0 };

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => {
  await closeContexts(browser);
  console.log(`quality: ${pagePaths.length} routes + ${routes.aliases.length} aliases + 1 unknown path, ${tally.visits} page visits; `
    + `${tally.links} links (${tally.internal} internal, ${tally.downloads} downloads, ${tally.external} external) checked; `
    + `${tally.axeViolations} axe violations, ${tally.cspViolations} CSP violations.`);
});

// Each route is opened once per setting and everything a page must be at that setting is checked on that visit.
// Visits run a few at a time: most of a visit is waiting for the page's load and its scripts to start.
describe.each(WIDTHS)('every route at %i px', (width) => {
  it.concurrent.for(everyPath)('%s: loads, its islands hydrate in place, one h1, fits the width, no axe violation, no CSP violation, no console error, no number or address broken across lines, keyboard focus on screen and under no header or bar' + (width > 800 ? ', cards in a row of one height and none alone at the end of a row, printed with only its content' : ''), async (path, { expect }) => {
    const v = await visit(browser, path, { width, expectNotFound: path === UNKNOWN_PATH });
    try {
      tally.visits++;
      expect(v.response?.status()).toBe(path === UNKNOWN_PATH ? 404 : 200);
      // Every block that moves woken as a pointer comes over it, and hydrated on its own root with no error.
      await wakeIslands(v.page);
      expect(await hydratedInPlace(v.page), 'React re-rendered the page instead of hydrating the prerendered HTML').toBe(true);
      expect(await v.page.locator('h1').count()).toBe(1);
      // Content stays put with reduced motion: no block, above or below the fold, waits hidden to slide in.
      expect(await hiddenBlocks(v.page)).toEqual([]);
      expect(await unsafeNewTabLinks(v.page)).toEqual([]);
      // Reflow (WCAG 1.4.10): nothing wider than the screen, so no sideways scrolling at 375 px.
      expect(await overflowing(v.page)).toEqual([]);
      const violations = await runAxe(v.page);
      tally.axeViolations += violations.length;
      expect(violations).toEqual([]);
      const csp = await cspViolations(v.page);
      tally.cspViolations += csp.length;
      expect(csp).toEqual([]);
      expect(v.offsite).toEqual([]);
      expect(v.errors).toEqual([]);
      expect(await lineBreakProblems(v.page)).toEqual([]);
      if (width > 800) {
        expect(await unevenCardRows(v.page)).toEqual([]);
        expect(await loneLastCards(v.page)).toEqual([]);
        expect(await printProblems(v.page, content().layout)).toEqual([]);
      }
      // Last: focusing every stop scrolls the page and lays out every block.
      expect(await focusProblems(v.page)).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

describe('with motion (1280 px): every block of every route shows once scrolled to', () => {
  it.concurrent.for(everyPath)('%s', async (path, { expect }) => {
    const v = await visit(browser, path, { width: 1280, reducedMotion: 'no-preference', expectNotFound: path === UNKNOWN_PATH });
    try {
      tally.visits++;
      await scrollThrough(v.page);
      await finishAnimations(v.page);
      expect(await hiddenBlocks(v.page)).toEqual([]);
      const csp = await cspViolations(v.page);
      tally.cspViolations += csp.length;
      expect(csp).toEqual([]);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

describe('with JavaScript disabled (375 px), every route shows its content and fits the width', () => {
  it.concurrent.for(everyPath)('%s', async (path, { expect }) => {
    const v = await visit(browser, path, { width: 375, javaScriptEnabled: false, expectNotFound: path === UNKNOWN_PATH });
    try {
      tally.visits++;
      await expect.poll(() => v.page.locator('h1').isVisible()).toBe(true);
      const text = await v.page.locator('main').innerText();
      expect(text.replace(/\s+/g, ' ').trim().length).toBeGreaterThan(40);
      expect(await hiddenBlocks(v.page)).toEqual([]);
      expect(await overflowing(v.page)).toEqual([]);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Links, from the prerendered HTML of every route (what every visitor, with or without scripts, gets).

interface Anchor { page: string; attrs: Record<string, string> }

const decode = (text: string) => text
  .replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function anchorsIn(html: string, page: string): Anchor[] {
  return [...html.matchAll(/<a\b([^>]*)>/g)].map((match) => {
    const attrs: Record<string, string> = {};
    for (const [, name, value = ''] of match[1].matchAll(/([^\s=]+)(?:="([^"]*)")?/g)) attrs[name.toLowerCase()] = decode(value);
    return { page, attrs };
  });
}

/** The content type a download must be served with, by its extension. */


describe('links on every route', () => {
  const anchors: Anchor[] = [];
  const ids = new Map<string, Set<string>>();

  beforeAll(async () => {
    for (const path of everyPath) {
      const html = await (await fetch(baseURL() + path)).text();
      anchors.push(...anchorsIn(html, path));
      ids.set(path, new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1]))));
    }
    tally.links = anchors.length;
  });

  const hrefs = (test: (href: string) => boolean) => [...new Set(anchors.map((a) => a.attrs.href).filter((h): h is string => h !== undefined && test(h)))];
  const isInternal = (href: string) => href.startsWith('/') && !href.startsWith('//');
  const extensionOf = (href: string) => /\.([a-z0-9]+)$/i.exec(new URL(href, 'http://x').pathname)?.[1]?.toLowerCase();

  it('every link has somewhere to go (an href; no dead "buttons")', () => {
    expect(anchors.length).toBeGreaterThan(pagePaths.length);
    expect(anchors.filter((a) => !a.attrs.href || a.attrs.href === '#').map((a) => `${a.page}: <a ${JSON.stringify(a.attrs)}>`)).toEqual([]);
  });

  it('every internal link resolves to a real page (200), or is an alias that redirects (301) to one', async () => {
    const internal = hrefs((h) => isInternal(h) && !extensionOf(h));
    tally.internal = internal.length;
    expect(internal.length).toBeGreaterThan(0);
    const broken: string[] = [];
    for (const href of internal) {
      const path = href.split(/[?#]/)[0];
      const response = await fetch(baseURL() + href, { redirect: 'manual' });
      if (response.status === 200 && pagePaths.includes(path.replace(/(.)\/$/, '$1'))) continue;
      if (response.status === 301) {
        const to = response.headers.get('location') ?? '';
        const final = await fetch(baseURL() + to, { redirect: 'manual' });
        if (final.status === 200) continue;
        broken.push(`${href} -> ${to} answers ${final.status}`);
      } else {
        broken.push(`${href} answers ${response.status}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every #anchor exists on the page it points to', () => {
    const missing = anchors.flatMap(({ page, attrs: { href } }) => {
      if (!href?.includes('#') || !(href.startsWith('#') || isInternal(href))) return [];
      const [path, hash] = href.split('#');
      const target = path === '' ? page : path;
      return hash && !ids.get(target)?.has(decodeURIComponent(hash)) ? [`${page}: ${href}`] : [];
    });
    expect(missing).toEqual([]);
  });

  it('every download answers 200 with the right content type and is not empty', async () => {
    const downloads = hrefs((h) => isInternal(h) && Boolean(extensionOf(h)) && extensionOf(h) !== 'html');
    tally.downloads = downloads.length;
    const wrong: string[] = [];
    for (const href of downloads) {
      const response = await fetch(baseURL() + href);
      const type = response.headers.get('content-type') ?? '';
      const body = await response.arrayBuffer();
      const expected = contentFileType(href);
      if (response.status !== 200 || !expected || type !== expected || body.byteLength === 0) {
        wrong.push(`${href}: ${response.status} ${type} (${body.byteLength} bytes)`);
      }
      if (extensionOf(href) === 'pdf' && !Buffer.from(body).subarray(0, 5).toString().startsWith('%PDF-')) wrong.push(`${href}: not a PDF file`);
    }
    expect(wrong).toEqual([]);
  });

  it('every link that opens a new tab has rel="noopener noreferrer"; links to other sites open in a new tab', () => {
    const unsafe = anchors.filter((a) => a.attrs.target === '_blank' && !/\bnoopener\b/.test(a.attrs.rel ?? ''));
    expect(unsafe.map((a) => `${a.page}: ${a.attrs.href}`)).toEqual([]);
    const external = anchors.filter((a) => /^https?:\/\//.test(a.attrs.href ?? ''));
    tally.external = new Set(external.map((a) => a.attrs.href)).size;
    expect(external.filter((a) => a.attrs.target !== '_blank').map((a) => `${a.page}: ${a.attrs.href}`)).toEqual([]);
  });

  it('phone and e-mail links are well formed', () => {
    const bad = anchors.map((a) => a.attrs.href ?? '').filter((href) =>
      (href.startsWith('tel:') && !/^tel:\+?[0-9]{3,15}$/.test(href))
      || (href.startsWith('mailto:') && !/^mailto:[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(href)));
    expect(bad).toEqual([]);
  });
});

describe('aliases and unknown addresses', () => {
  it.each(routes.aliases.map((a) => [a.from, a.to] as const))('%s redirects (301) to %s, which shows its page', async (from, to) => {
    const response = await fetch(baseURL() + from, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
    const v = await visit(browser, from);
    try {
      tally.visits++;
      expect(new URL(v.page.url()).pathname).toBe(to);
      expect(await v.page.locator('h1').count()).toBe(1);
      expect(await cspViolations(v.page)).toEqual([]);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it.each(routes.prefixRedirects.map((r) => [r.prefix, r.to] as const))('an unknown entry under %s redirects to %s', async (prefix, to) => {
    const response = await fetch(`${baseURL()}${prefix}no-such-person`, { redirect: 'manual' });
    expect([301, 302]).toContain(response.status);
    expect(response.headers.get('location')).toBe(to);
    const v = await visit(browser, `${prefix}no-such-person`);
    try {
      expect(new URL(v.page.url()).pathname).toBe(to);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('an unknown path answers 404 with the not-found page and a way home', async () => {
    const response = await fetch(baseURL() + UNKNOWN_PATH);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<h1[\s>]/);
    expect(html).toContain('href="/"');
    expect(html).toContain('<meta name="robots" content="noindex" />');
  });
});
