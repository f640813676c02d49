/**
 * The JavaScript each route loads in Chromium before anyone touches it, against the route's budget. Every page loads
 * its script of behaviours (the open-now line, the menus: no React); a page with a block that moves (data-islands on
 * its start element, from the registry's `islands`) also loads their wake-up, and that block's code and React only
 * as the block wakes: near the screen, at a touch, or when its address asks for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { ISLANDS_WAKE } from '../../build/boot.ts';
import { viteManifestFile } from '../../server/local/buildInfo.ts';
import { describe as list, kb, sum, weighFile } from '../../bench/weigh.ts';
import type { ViteManifest } from '../../build/prerender.ts';
import type { RouteManifest } from '../../src/content/model.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { limit } from '../../bench/machineSpeed.ts';

const KB = 1024;
// A route of static blocks: its script of behaviours only. A route with islands, before one wakes: the same, within
// the 15 KB the home page may load before its first island nears the screen (the feedback form's may be 45 KB).
const BUDGET = { noIsland: 5 * KB, withIsland: 15 * KB };

describe('JavaScript loaded before any interaction, on every route', () => {
  it('is within the route\'s budget (a route with no block that moves has the static budget)', async () => {
    const distDir = inject('distDir');
    const routes = JSON.parse(readFileSync(join(distDir, 'routes.json'), 'utf8')) as RouteManifest;
    const manifest = JSON.parse(readFileSync(viteManifestFile(distDir), 'utf8')) as ViteManifest;
    const wake = '/' + manifest[ISLANDS_WAKE].file;
    const browser = await sharedChromium();
    const over: string[] = [];
    try {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
      for (const { path } of routes.pages) {
        const scripts = new Set<string>();
        const onRequest = (request: { resourceType(): string; url(): string }) => {
          if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
        };
        page.on('request', onRequest);
        // Left alone until the network is quiet and a little after, nothing scrolled or pressed.
        await page.goto(inject('baseURL') + path, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        page.off('request', onRequest);
        const start = page.locator('script[data-entry]');
        const islands = await start.getAttribute('data-islands');
        const named = (await start.getAttribute('data-chunks'))?.split(' ') ?? [];
        const budget = islands ? BUDGET.withIsland : BUDGET.noIsland;
        const fetched = [...scripts].map((file) => weighFile(distDir, file));
        if (sum(fetched) > budget) over.push(`${path} (${islands ?? 'no island'}): ${kb(sum(fetched))} > ${kb(budget)}\n${list(fetched)}`);
        // The islands' wake-up comes only to a page that has one, and is there before anyone touches it: named among
        // the page's chunks, so it is fetched with them rather than after the entry has run.
        if (scripts.has(wake) !== Boolean(islands)) over.push(`${path} (${islands ?? 'no island'}): the islands' wake-up was ${islands ? 'not ' : ''}loaded`);
        if (named.includes(wake) !== Boolean(islands)) over.push(`${path} (${islands ?? 'no island'}): the islands' wake-up was ${islands ? 'not ' : ''}among the page's chunks`);
        // No React before a block that moves wakes: it is the island's code that brings it.
        const react = await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/framework-[^/]*\.js$/.test(e.name)));
        if (react) over.push(`${path}: React was loaded before any block woke`);
      }
    } finally {
      await closeContexts(browser);
    }
    expect(over).toEqual([]);
  }, limit(300_000));
});
