import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RouteManifest } from '../../src/content/model.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { baseURL, openPage } from './page.ts';
import { waitForStart, wakeIslands } from './inspect.ts';

const manifest = JSON.parse(readFileSync(join(inject('distDir'), 'routes.json'), 'utf8')) as RouteManifest;

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

describe('every prerendered route starts cleanly', () => {
  // A few routes at a time: a visit mostly waits for the page's network to go quiet.
  it.concurrent.for(manifest.pages.map((p) => p.path))('%s: no console errors, one h1, content in the HTML, each island hydrated on its own root once woken', async (path, { expect }) => {
    const html = await (await fetch(baseURL() + path)).text();
    expect(html).toMatch(/<h1[\s>]/);
    const { page, errors, context } = await openPage(browser);
    await page.goto(baseURL() + path, { waitUntil: 'networkidle' });
    await waitForStart(page);
    const islands = await wakeIslands(page);
    // The prerendered element of each is the root React adopted: nothing was drawn again beside it.
    expect(await page.$$eval('[data-island]', (shells) => shells.map((shell) => Object.keys(shell).some((key) => key.startsWith('__reactContainer'))))).toEqual(islands.map(() => true));
    expect(await page.locator('h1').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('every route\'s headings go down one level at a time, from its h1: a screen reader\'s list of them skips none', async () => {
    const skipped: string[] = [];
    for (const { path } of manifest.pages) {
      const html = await (await fetch(baseURL() + path)).text();
      const main = /<main[\s>][\s\S]*<\/main>/.exec(html)?.[0] ?? '';
      const levels = [...main.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
      expect(levels[0], path).toBe(1);
      levels.forEach((level, i) => { if (i > 0 && level > levels[i - 1] + 1) skipped.push(`${path}: h${levels[i - 1]} then h${level}`); });
    }
    expect(skipped).toEqual([]);
  });

  it('serves /fees and /fees/ the same page with no hydration error', async () => {
    for (const path of ['/fees', '/fees/']) {
      const { page, errors, context } = await openPage(browser);
      const response = await page.goto(baseURL() + path, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(await page.title()).toContain('Fees');
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
