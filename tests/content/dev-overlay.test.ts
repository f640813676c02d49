/**
 * `npm run dev` while editing: the real Vite dev server with the project's config, a copy of the small fixture
 * site, real Chromium. A broken save shows the checker's own messages in Vite's error overlay (no stack trace);
 * the page comes back by itself when the file is fixed, and a page opened while the file is broken shows them too.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchChromium } from '../e2e/browser.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const root = resolve(import.meta.dirname, '..', '..');
const fixture = join(root, 'tests', 'fixtures', 'minimal-site');
const work = mkdtempSync(join(tmpdir(), 'site-dev-'));
const siteFile = join(work, 'site.yaml');
cpSync(join(fixture, 'site.yaml'), siteFile);
symlinkSync(join(fixture, 'public'), join(work, 'public'));
const good = readFileSync(siteFile, 'utf8');
const broken = good.replace('  subtitle: Community', '  subtitel: Community').replace('postcode: "2999"', 'postcode: 2999');

let server: ViteDevServer;
let browser: Browser;
let url: string;
const previousSite = process.env.SITE;

beforeAll(async () => {
  // vite.config.ts reads SITE when Vite loads it, as `SITE=... npm run dev` does.
  process.env.SITE = siteFile;
  // A private dependency cache, so this server never re-optimises the one other dev servers use.
  server = await createServer({
    configFile: join(root, 'vite.config.ts'), root, logLevel: 'silent', cacheDir: join(work, '.vite'),
    server: { port: 0, strictPort: false, host: '127.0.0.1' },
  });
  await server.listen();
  url = server.resolvedUrls?.local[0] ?? '';
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (previousSite === undefined) delete process.env.SITE;
  else process.env.SITE = previousSite;
  rmSync(work, { recursive: true, force: true });
});

const overlayText = (page: Page) => page.locator('vite-error-overlay .message-body').textContent({ timeout: 60_000 });
const save = (text: string) => writeFileSync(siteFile, text);

async function expectContent(page: Page) {
  // The overlay lies over the page (whose heading may still be there under it): wait until it has gone.
  const overlay = page.locator('vite-error-overlay');
  await overlay.waitFor({ state: 'detached', timeout: 60_000 }).catch(() => undefined);
  const shown = (await overlay.count()) ? await overlay.locator('.message-body').textContent() : null;
  expect(shown).toBeNull();
  await page.locator('h1', { hasText: 'Your local GP in Banksia Flat' }).waitFor({ timeout: 60_000 });
}

function expectCheckerMessages(text: string | null) {
  expect(text).toContain('site > subtitel [site.subtitel]  "subtitel" is not a field here. Did you mean "subtitle"? Correct the spelling.');
  expect(text).toContain('contact > address > postcode [contact.address.postcode]  2999 was read as a number, but text is expected here. Put it in quotes: "2999".');
  expect(text).toContain('2 problems in the site content. Fix them and save the file again.');
}

describe('the dev server while site.yaml is edited', () => {
  it('shows the errors of a broken save in the overlay, then recovers when the file is fixed', async () => {
    const page = await browser.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    await expectContent(page);

    save(broken);
    expectCheckerMessages(await overlayText(page));
    const stack = await page.locator('vite-error-overlay .stack').textContent();
    expect(stack?.trim() ?? '').toBe('');
    expect(await page.locator('vite-error-overlay .file').textContent()).toMatch(/site\.yaml:9:3$/);
    expect(await page.locator('vite-error-overlay .frame').textContent()).toContain('>  9 |   subtitel: Community General Practice');

    save(good);
    await expectContent(page);
    await page.close();
  });

  it('shows the same errors on a page opened while the file is broken, and loads the site once it is fixed', async () => {
    save(broken);
    await new Promise((done) => setTimeout(done, 1500));
    const page = await browser.newPage();
    await page.goto(url);
    expectCheckerMessages(await overlayText(page));

    save(good);
    await expectContent(page);
    await page.close();
  });
});
