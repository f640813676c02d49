/**
 * A long article's list of its sections, in Chromium: /privacy of the frozen copy opens with an "On this page" list
 * of links to its headings; a link of it, with and without scripts, brings its heading into view below the header on
 * a small phone (375 x 667), clear of the call bar; an article of three sections has none (a build of the frozen copy
 * with /work-cover's article cut to three, since every article of the copy is long).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isMap, isSeq, parseDocument } from 'yaml';
import { buildInfoDir } from '../../server/local/buildInfo.ts';
import { startServer } from '../../server/local/serve.ts';
import { documentsDirFor, publicDirFor } from '../../src/content/siteFiles.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { baseURL, openPage } from './page.ts';

const root = resolve(import.meta.dirname, '..', '..');
const PHONE = { width: 375, height: 667 };
const PRIVACY = ['Information We Collect', 'How We Use Your Information', 'Disclosure of Information', 'Storage and Security',
  'Access to Your Information', 'Complaints', 'Contact Us'];

let browser: Browser;
let short: { dir: string; siteFile: string; server: Server; url: string } | undefined;

/** The frozen copy, in a practice folder of its own, with /work-cover's article cut to its first three sections. */
function practiceWithShortArticle(): string {
  const dir = mkdtempSync(join(tmpdir(), 'site-contents-'));
  cpSync(publicDirFor(SALTBUSH_SITE_FILE), join(dir, 'public'), { recursive: true });
  cpSync(documentsDirFor(SALTBUSH_SITE_FILE), join(dir, 'documents'), { recursive: true });
  const doc = parseDocument(readFileSync(SALTBUSH_SITE_FILE, 'utf8'));
  const pages = doc.get('pages');
  const page = isSeq(pages) ? pages.items.find((p) => isMap(p) && p.get('path') === '/work-cover') : undefined;
  const blocks = isMap(page) ? page.get('blocks') : undefined;
  const article = isSeq(blocks) ? blocks.items.find((b) => isMap(b) && b.get('type') === 'article') : undefined;
  const sections = isMap(article) ? article.get('sections') : undefined;
  if (!isSeq(sections) || sections.items.length < 4) throw new Error('The frozen copy has no long article on /work-cover');
  sections.items.splice(3);
  writeFileSync(join(dir, 'site.yaml'), doc.toString());
  return join(dir, 'site.yaml');
}

beforeAll(async () => {
  browser = await sharedChromium();
  const siteFile = practiceWithShortArticle();
  const dir = mkdtempSync(join(tmpdir(), 'site-contents-dist-'));
  execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts'), '--outDir', dir], {
    stdio: 'inherit', cwd: root, env: { ...process.env, SITE: siteFile },
  });
  const server = await startServer({ distDir: dir, port: 0, host: '127.0.0.1' });
  const address = server.address();
  short = { dir, siteFile, server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
});

afterAll(async () => {
  await closeContexts(browser);
  if (!short) return;
  const { dir, siteFile, server } = short;
  await new Promise((done) => server.close(done));
  for (const folder of [dir, buildInfoDir(dir), dirname(siteFile)]) rmSync(folder, { recursive: true, force: true });
});

const contents = (page: Page) => page.getByRole('navigation', { name: 'On this page' });

/** Where a heading is against the header above it and the call bar below it, and whether it is on top there. */
const placeOf = (page: Page, id: string) => page.evaluate((target) => {
  const heading = document.getElementById(target)?.querySelector('h2');
  if (!heading) return null;
  const r = heading.getBoundingClientRect();
  const bar = document.querySelector('aside[data-call-bar]');
  const barTop = bar && bar.checkVisibility() ? bar.getBoundingClientRect().top : innerHeight;
  const atMiddle = document.elementFromPoint(r.left + 10, r.top + r.height / 2);
  return {
    top: r.top, bottom: r.bottom, barTop,
    headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
    onTop: Boolean(atMiddle && heading.contains(atMiddle)),
  };
}, id);

describe('the list of a long article\'s sections', () => {
  it('/privacy has it: a nav named "On this page", a link to each heading of the article in order', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: PHONE });
    await page.goto(`${baseURL()}/privacy`, { waitUntil: 'networkidle' });
    await expect.poll(() => contents(page).count()).toBe(1);
    const links = contents(page).getByRole('link');
    expect(await links.allTextContents()).toEqual(PRIVACY);
    const targets = await links.evaluateAll((all) => all.map((a) => {
      const id = a.getAttribute('href')!.slice(1);
      return document.getElementById(id)?.querySelector('h2')?.textContent ?? `nothing for #${id}`;
    }));
    expect(targets).toEqual(PRIVACY);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const javaScriptEnabled of [true, false]) {
    it(`a link of it brings its heading into view below the header at 375 x 667 (${javaScriptEnabled ? 'with' : 'without'} scripts)`, async () => {
      const { page, context, errors } = await openPage(browser, { viewport: PHONE, javaScriptEnabled });
      await page.goto(`${baseURL()}/privacy`, { waitUntil: 'networkidle' });
      for (const words of ['Complaints', 'Disclosure of Information']) {
        const link = contents(page).getByRole('link', { name: words, exact: true });
        const id = (await link.getAttribute('href'))!.slice(1);
        await link.click();
        await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${id}`);
        await expect.poll(async () => (await placeOf(page, id))?.top ?? -1).toBeGreaterThan(0);
        const place = (await placeOf(page, id))!;
        expect(place.top).toBeGreaterThanOrEqual(place.headerBottom);
        expect(place.bottom).toBeLessThanOrEqual(place.barTop);
        expect(place.onTop).toBe(true);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('a page whose article has three sections has none, its headings still linkable (the same page with five has one)', async () => {
    for (const [url, sections, lists] of [[short!.url, 3, 0], [baseURL(), 5, 1]] as const) {
      const { page, context, errors } = await openPage(browser, { viewport: PHONE });
      await page.goto(`${url}/work-cover`, { waitUntil: 'networkidle' });
      await expect.poll(() => page.locator('main section[id] > h2').count()).toBe(sections);
      expect(await contents(page).count()).toBe(lists);
      expect(await page.locator('main nav a[href^="#"]').count()).toBe(lists && sections);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
