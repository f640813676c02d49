/**
 * `npm run dev` while staff edit site.yaml: the real Vite dev server with the project's config, a copy of the small
 * fixture site, real Chromium. Saves are written the ways editors write them. The preview never lies: it shows the
 * new page, or the checker's messages with a word that the page underneath is the last version that worked, and
 * never "the file has no content" for a file that is only half written.
 */
import { cpSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { limit } from '../../bench/machineSpeed.ts';

const root = resolve(import.meta.dirname, '..', '..');
const fixture = join(root, 'tests', 'fixtures', 'minimal-site');
const work = mkdtempSync(join(tmpdir(), 'site-dev-'));
const siteFile = join(work, 'site.yaml');
cpSync(join(fixture, 'site.yaml'), siteFile);
symlinkSync(join(fixture, 'public'), join(work, 'public'));
const good = readFileSync(siteFile, 'utf8');
const HEADING = 'Your local GP in Banksia Flat';
const withHeading = (heading: string) => good.replace(`heading: ${HEADING}`, `heading: ${heading}`);
const broken = good.replace('  subtitle: Community', '  subtitel: Community').replace('postcode: "2999"', 'postcode: 2999');
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** How editors save: truncate the file then write it (a moment apart), or write a new file and rename it over. */
async function save(text: string, how: 'truncate' | 'rename' = 'truncate') {
  if (how === 'rename') {
    const temp = `${siteFile}.tmp-${Date.now()}`;
    writeFileSync(temp, text);
    renameSync(temp, siteFile);
    return;
  }
  const fd = openSync(siteFile, 'w');
  await pause(40);
  const bytes = Buffer.from(text);
  writeSync(fd, bytes, 0, Math.floor(bytes.length / 2));
  await pause(20);
  writeSync(fd, bytes, Math.floor(bytes.length / 2));
  closeSync(fd);
}

let server: ViteDevServer;
let browser: Browser;
let url: string;
const previousSite = process.env.SITE;

async function start() {
  // vite.config.ts reads SITE when Vite loads it, as `SITE=... npm run dev` does.
  process.env.SITE = siteFile;
  server = await createServer({
    configFile: join(root, 'vite.config.ts'), root, logLevel: 'silent', cacheDir: join(work, '.vite'),
    server: { port: 0, strictPort: false, host: '127.0.0.1' },
  });
  await server.listen();
  url = server.resolvedUrls?.local[0] ?? '';
}

beforeAll(async () => {
  browser = await sharedChromium();
});
afterAll(async () => {
  await closeContexts(browser);
  await server?.close();
  if (previousSite === undefined) delete process.env.SITE;
  else process.env.SITE = previousSite;
  rmSync(work, { recursive: true, force: true });
});

const panel = (page: Page) => page.locator('#site-problems');

/** Every text the problem panel showed on a page, across its reloads. */
const shown = new WeakMap<Page, string[]>();

/**
 * Opens the preview with a recorder of every text the problem panel ever shows, once the page is drawn: a quiet
 * network is not enough, as a busy machine can still be running the app's modules.
 */
async function open(): Promise<Page> {
  const page = await browser.newPage();
  const seen: string[] = [];
  shown.set(page, seen);
  await page.exposeFunction('recordPanel', (text: string) => { if (seen[seen.length - 1] !== text) seen.push(text); });
  await page.addInitScript(() => {
    const record = (window as unknown as { recordPanel: (text: string) => void }).recordPanel;
    new MutationObserver(() => {
      // '' while there is no panel, so each time it comes back counts.
      record(document.getElementById('site-problems')?.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor({ timeout: limit(60_000) });
  return page;
}

async function expectPage(page: Page, heading: string) {
  await page.locator('h1', { hasText: heading }).waitFor({ timeout: limit(60_000) });
  await panel(page).waitFor({ state: 'detached', timeout: limit(60_000) });
}

function expectCheckerMessages(text: string | null) {
  expect(text).toContain('site.yaml has 2 problems. Fix them and save the file again.');
  expect(text).toContain('Line 9, site > subtitel: "subtitel" is not a field here. Did you mean "subtitle"? Correct the spelling.');
  expect(text).toContain('contact > address > postcode: 2999 was read as a number, but text is expected here. Put it in quotes: "2999".');
  expect(text).not.toMatch(/ at |node_modules|\.ts:\d+|vite|server\.hmr|fix the code/i);
}

describe('the preview while site.yaml is edited', () => {
  it('shows a broken save in plain words over the last page that worked, says so, keeps it on Esc, and recovers', async () => {
    await start();
    const page = await open();
    await expectPage(page, HEADING);

    await save(broken);
    await panel(page).waitFor({ timeout: limit(60_000) });
    const text = await panel(page).textContent();
    expectCheckerMessages(text);
    expect(text).toContain('The page below is from the last version of site.yaml that worked, not from what you saved.');
    expect(await panel(page).locator('pre').textContent()).toContain('>  9 |   subtitel: Community General Practice');
    expect(await page.locator('vite-error-overlay').count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await panel(page).isVisible()).toBe(true);

    // Opened (or reloaded) while the file is broken: the same panel, the same older page under it.
    const second = await open();
    await panel(second).waitFor({ timeout: limit(60_000) });
    expectCheckerMessages(await panel(second).textContent());
    expect(await second.locator('h1').textContent()).toBe(HEADING);

    await save(good, 'rename');
    await expectPage(page, HEADING);
    await expectPage(second, HEADING);
    await second.close();
    await page.close();
  });

  it('shows a warning as a note that leaves the page working', async () => {
    const page = await open();
    await save(withHeading('Warned page').replace('title: New Friday hours', 'title: Friday hours changed #2 of 2025'));
    await expectPage(page, 'Warned page');
    const note = page.locator('#site-warnings');
    await note.waitFor({ timeout: limit(60_000) });
    expect(await note.textContent()).toContain('1 warning (the site still works):');
    expect(await note.textContent()).toContain('The text stops at " #"');
    await save(good);
    await expectPage(page, HEADING);
    await page.close();
  });

  it('shows a change of content in place (the page is not reloaded, its scroll stays) and reloads for a change of routes', async () => {
    const page = await open();
    await page.setViewportSize({ width: 375, height: 400 });
    await page.evaluate(() => { (window as unknown as { loadedOnce: boolean }).loadedOnce = true; window.scrollTo(0, 150); });
    expect(await page.evaluate(() => window.scrollY), 'the page is scrolled before the change is saved').toBe(150);
    const sameDocument = () => page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce === true);
    await save(withHeading('Shown in place'));
    await expectPage(page, 'Shown in place');
    expect(await sameDocument()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(150);

    await save(withHeading('Shown in place').replaceAll('/visit', '/visit-us'));
    await page.waitForFunction(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce !== true, null, { timeout: limit(60_000) });
    await expectPage(page, 'Shown in place');
    expect(await page.locator('a[href="/visit-us"]').count()).toBeGreaterThan(0);
    await save(good);
    await page.close();
  });

  it('a change saved while the page is still loading is not missed: the page loads again once it listens', async () => {
    const page = await browser.newPage();
    // Hold back the module that listens for changes until the layout has been served and the file has changed.
    let release = () => {};
    const held = new Promise<void>((done) => { release = done; });
    await page.route(/hotContent\.ts/, async (route) => { await held; await route.continue(); });
    const layoutServed = page.waitForResponse(/virtual:site\/layout/);
    const opened = page.goto(url);
    await layoutServed;
    await save(good.replace('name: Banksia Flat Health', 'name: Banksia Flat Clinic'));
    await pause(1_500);
    release();
    await opened;
    await page.locator('header', { hasText: 'Banksia Flat Clinic' }).first().waitFor({ timeout: limit(60_000) });
    await save(good);
    await page.close();
  });

  it('follows 30 saves written the way editors write, each to the right page or the right message, never "no content"', async () => {
    const page = await open();
    for (let i = 1; i <= 30; i++) {
      const how = i % 2 ? 'truncate' : 'rename';
      if (i % 5 === 0) {
        await save(broken, how);
        await panel(page).waitFor({ timeout: limit(60_000) });
        await page.waitForFunction(() => document.getElementById('site-problems')?.textContent?.includes('"subtitel" is not a field here'), null, { timeout: limit(60_000) });
      } else {
        await save(withHeading(`Heading after save ${i}`), how);
        await expectPage(page, `Heading after save ${i}`);
      }
    }
    const seen = shown.get(page) ?? [];
    expect(seen.filter((text) => /no content|cannot be read/i.test(text))).toEqual([]);
    // Six broken saves, each shown: the panel came six times.
    expect(seen.filter((text) => text !== '').length).toBeGreaterThanOrEqual(6);
    await page.close();
    await server.close();
  });

  it('shows the problems of a file that is broken when the preview starts, and the site once it is fixed', async () => {
    await save(broken);
    await start();
    const page = await browser.newPage();
    await page.goto(url);
    await panel(page).waitFor({ timeout: limit(60_000) });
    const text = await panel(page).textContent();
    expectCheckerMessages(text);
    expect(text).toContain('The site cannot be shown until the file is fixed.');
    await save(good);
    await expectPage(page, HEADING);
    await page.close();
  });
});
