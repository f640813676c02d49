/**
 * The site's policy on the development pages (the editor's preview, `npm run dev`) blocks nothing they need: in
 * Chromium the pages hydrate, the preview shows in the editor's frame, and no `securitypolicyviolation` is reported,
 * not even by the problem panel a broken save brings up.
 */
import { readFileSync, rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEditor, type RunningEditor } from '../../../server/local/editServer.ts';
import { sandbox, type Sandbox } from '../sandbox.ts';
import { limit } from '../../../bench/machineSpeed.ts';
import { closeContexts, sharedChromium } from '../../chromium.ts';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const HEADING = 'Your local GP in Banksia Flat';

let box: Sandbox;
let editor: RunningEditor;
let dev: ViteDevServer;
let cache: string;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  box = sandbox('minimal');
  cache = mkdtempSync(join(tmpdir(), 'policy-vite-'));
  editor = await startEditor({ siteFile: box.siteFile, port: 0, ui: true });
  vi.stubEnv('SITE', box.siteFile);
  dev = await createServer({ configFile: join(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'silent', cacheDir: join(cache, '.vite'), server: { port: 0, host: '127.0.0.1' } });
  await dev.listen();
  browser = await sharedChromium();
  context = await browser.newContext();
  // In every page and frame: each violation of its policy, as the browser reports it.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`));
  });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await closeContexts(browser);
  await editor?.close();
  await dev?.close();
  box?.cleanup();
  rmSync(cache, { recursive: true, force: true });
});

const violations = (target: Page | Frame) => target.evaluate(() => (window as unknown as { violations: string[] }).violations);

/**
 * Console errors of a page and its frames, but the live-reload socket's, which tests do not need, and the browser's
 * own ask for /favicon.ico, which only the build makes (from the logo).
 */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' && !/WebSocket|websocket/.test(m.text()) && !m.location().url.endsWith('/favicon.ico')) errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

describe('the site\'s policy on the development pages', () => {
  it('the preview runs in the editor\'s frame, its problem panel included, with nothing blocked', async () => {
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto(editor.url);
    const preview = () => page.frames().find((f) => f.url().startsWith(editor.previewUrl));
    await expect.poll(() => preview() !== undefined, { timeout: limit(60_000) }).toBe(true);
    const frame = preview() as Frame;
    await frame.locator('h1', { hasText: HEADING }).waitFor({ timeout: limit(60_000) });
    const good = readFileSync(box.siteFile, 'utf8');
    writeFileSync(box.siteFile, good.replace('postcode: "2999"', 'postcode: 2999'));
    await frame.locator('#site-problems').waitFor({ timeout: limit(60_000) });
    // The panel's own stylesheet applies: it is fixed at the top of the page.
    expect(await frame.locator('#site-problems').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    writeFileSync(box.siteFile, good);
    await frame.locator('#site-problems').waitFor({ state: 'detached', timeout: limit(60_000) });
    expect(await violations(frame)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('npm run dev hydrates its page with nothing blocked', async () => {
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto(dev.resolvedUrls?.local[0] ?? '', { waitUntil: 'networkidle' });
    await page.locator('h1', { hasText: HEADING }).waitFor({ timeout: limit(60_000) });
    // Hydrated: React has attached to the page (its own property on the root's children).
    await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('#root') ?? {}).some((key) => key.startsWith('__reactContainer'))), { timeout: limit(30_000) }).toBe(true);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
