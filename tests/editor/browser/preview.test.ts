/**
 * The hosted editor's preview page, as built (dist/admin/preview.html) and served under the admin's policy: it draws
 * a page of the practice from the text the editor sends, in the browser, with the site's own components and styles.
 */
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DIR, buildAdmin } from '../../../build/adminBuild.ts';
import { adminHeaders, securityHeaders, sharedFileHeaders } from '../../../build/headers.ts';
import { SALTBUSH_SITE_FILE } from '../../fixtures/saltbush.ts';
import { limit } from '../../../bench/machineSpeed.ts';
import { closeContexts, sharedChromium } from '../../chromium.ts';

const root = resolve(import.meta.dirname, '..', '..', '..');
const text = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
const PUBLIC = join(SALTBUSH_SITE_FILE, '..', 'public');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.webp': 'image/webp', '.woff2': 'font/woff2' };
/**
 * The editor's place, reduced to its frame: a page of /admin/ under the admin's policy, giving the frame the preview
 * page as its own document, sandboxed (scripts run, with no origin of their own), as the editor's PreviewFrame does.
 */
const PARENT = '<!doctype html><html lang="en"><title>Editor</title><iframe sandbox="allow-scripts" width="1280" height="900" title="Preview"></iframe><script src="assets/parent.js"></script></html>';
/** A script a static host would serve if it were committed under public/: the admin's policy must not run it. */
const PLANTED = "window.planted = localStorage.getItem('site-editor-session') ?? 'ran';";
const PARENT_SCRIPT = "fetch('preview.html').then((r) => r.text()).then((html) => { const frame = document.querySelector('iframe'); frame.onload = () => { document.body.dataset.loaded = 'yes'; }; frame.srcdoc = html; });";

let out: string;
let server: Server;
let browser: Browser;
let page: Page;
let origin: string;
const problems: string[] = [];

/** The admin build as `npm start` serves it (its headers from build/headers.ts); the practice's pictures beside it. */
function serve(req: { url?: string }, res: import('node:http').ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  const admin = path.startsWith(`/${ADMIN_DIR}/`);
  const headers = { ...securityHeaders, ...(admin ? adminHeaders : {}), ...sharedFileHeaders(path) };
  // The site serves its own icon; the practice's folder of pictures has none.
  if (path === '/favicon.ico') return res.writeHead(204).end();
  if (path === `/${ADMIN_DIR}/parent.html`) return res.writeHead(200, { ...headers, 'Content-Type': 'text/html' }).end(PARENT);
  if (path === `/${ADMIN_DIR}/assets/parent.js`) return res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(PARENT_SCRIPT);
  if (path === '/images/planted.js') return res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' }).end(PLANTED);
  const file = admin ? join(out, path) : join(PUBLIC, path);
  if (!existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
  res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'admin-preview-'));
  await buildAdmin(root, out);
  server = createServer(serve);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await sharedChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' || /Content.Security.Policy|Refused to/i.test(m.text())) problems.push(`console: ${m.text()}`); });
  // A violation is reported to the page as an event too, with where it came from.
  await page.addInitScript(() => addEventListener('securitypolicyviolation', (e) => console.error('CSP violation:', e.violatedDirective, e.sourceFile, e.lineNumber)));
  await page.goto(`${origin}/${ADMIN_DIR}/parent.html`);
  // The preview page's own document has loaded (its scripts have run, so it listens), not the frame's first blank one.
  await page.waitForFunction(() => document.body.dataset.loaded === 'yes');
}, limit(300_000));

afterAll(async () => {
  await closeContexts(browser);
  server?.close();
  if (out) rmSync(out, { recursive: true, force: true });
});

/**
 * Sends the frame a version and the page to show, as the editor does (to any origin: the sandboxed frame has none to
 * name); resolves with the frame's answer, taken only from the frame itself.
 */
function show(request: { text: string; path: string }): Promise<boolean> {
  return page.evaluate((req) => new Promise<boolean>((done) => {
    const frame = document.querySelector('iframe');
    addEventListener('message', function answered(event: MessageEvent<{ type?: string; current?: boolean }>) {
      if (event.source !== frame?.contentWindow || event.data.type !== 'preview:shown') return;
      removeEventListener('message', answered);
      done(event.data.current === true);
    });
    frame?.contentWindow?.postMessage({ type: 'editor:site', ...req }, '*');
  }), request);
}

const frame = () => page.frameLocator('iframe');

describe('the preview page of the admin build', () => {
  it('draws a page of the practice, with a change, in the site\'s own layout and styles', async () => {
    expect(await show({ text: text.replace('closes: "17:30" }', 'closes: "17:45" }'), path: '/' })).toBe(true);
    await expect.poll(() => frame().locator('body').innerText()).toMatch(/5:45/);
    expect(await frame().locator('body').innerText()).not.toMatch(/5:30/);
    // The site's header and footer, and its stylesheet applied (the header is laid out, not a bare list).
    await expect.poll(() => frame().locator('header').count()).toBeGreaterThan(0);
    expect(await frame().locator('footer').count()).toBeGreaterThan(0);
    expect(await frame().locator('body').evaluate((body) => getComputedStyle(body).fontFamily)).not.toMatch(/^"?Times/);
    expect(await frame().locator('main h1').count()).toBe(1);
  });

  it('keeps the last version it could show while the text has problems, and shows the page asked for', async () => {
    expect(await show({ text: text.replace('closes: "17:30" }', 'closes: [half past five] }'), path: '/' })).toBe(false);
    expect(await frame().locator('body').innerText()).toMatch(/5:45/);
    expect(await show({ text: text.replace('closes: "17:30" }', 'closes: "17:45" }'), path: '/fees' })).toBe(true);
    await expect.poll(() => frame().locator('main h1').innerText()).toMatch(/fee/i);
  });

  it('follows a link of the page within the preview', async () => {
    await frame().locator('header a[href="/"]').first().click();
    await expect.poll(() => page.frames()[1]?.url()).toBe('about:srcdoc');
    await expect.poll(() => frame().locator('main h1').count()).toBe(1);
  });

  it('draws the practice\'s pictures in the sandboxed frame: the logo and the first picture of the page', async () => {
    expect(await show({ text, path: '/' })).toBe(true);
    for (const picture of [frame().locator('header img').first(), frame().locator('main img').first()]) {
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  });

  it('broke no rule of the admin\'s policy and wrote no error', () => {
    expect(problems).toEqual([]);
  });

  it('runs no script of the site\'s origin but the admin build\'s own: a file planted under /images/ is refused', async () => {
    const other = await browser.newPage();
    try {
      await other.goto(`${origin}/${ADMIN_DIR}/parent.html`);
      await other.waitForFunction(() => document.body.dataset.loaded === 'yes');
      const outcome = await other.evaluate(() => new Promise<string>((done) => {
        const script = document.createElement('script');
        script.src = '/images/planted.js';
        script.onload = () => done(`ran: ${String((window as unknown as { planted?: string }).planted)}`);
        script.onerror = () => done('refused');
        document.head.append(script);
      }));
      expect(outcome).toBe('refused');
    } finally {
      await other.close();
    }
  });
});
