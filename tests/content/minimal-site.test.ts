/**
 * The proof that the engine is generic: a second practice (tests/fixtures/minimal-site/) is built by the real
 * build script with SITE=..., with no code change, then its HTML is read and its pages opened in Chromium.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteManifest } from '../../src/content/model.ts';
import { startServer } from '../../server/local/serve.ts';
import { launchChromium } from '../../bench/browser.ts';
import { buildInfoDir } from '../../server/local/buildInfo.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });

const root = resolve(import.meta.dirname, '..', '..');
/** The day it is built as: its year is the footer's, whatever year the test runs in. */
const BUILT_ON = '2027-03-10';
const site = join(root, 'tests', 'fixtures', 'minimal-site', 'site.yaml');
const outDir = mkdtempSync(join(tmpdir(), 'minimal-site-'));
const html = (route: string) => readFileSync(route === '/' ? join(outDir, 'index.html') : join(outDir, ...route.slice(1).split('/'), 'index.html'), 'utf8');
const text = (markup: string) => markup.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

let manifest: RouteManifest;
beforeAll(() => {
  execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts'), '--outDir', outDir, '--on', BUILT_ON], {
    cwd: root, env: { ...process.env, SITE: site }, stdio: 'pipe',
  });
  manifest = JSON.parse(readFileSync(join(outDir, 'routes.json'), 'utf8')) as RouteManifest;
});
afterAll(() => { for (const dir of [outDir, buildInfoDir(outDir)]) rmSync(dir, { recursive: true, force: true }); });

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : name.endsWith('.html') ? [path] : [];
  });
}

describe('a second practice builds and renders with no code change', () => {
  it('prerenders its own routes, one page per doctor, its alias and its 404 page', () => {
    expect(manifest.pages.map((p) => p.path)).toEqual(['/', '/team', '/team/dr-rosa-quinlan', '/team/dr-ivan-petrov', '/visit']);
    expect(manifest.aliases).toEqual([{ from: '/doctors', to: '/team' }]);
    for (const page of manifest.pages) expect(html(page.path).match(/<h1[\s>]/g), page.path).toHaveLength(1);
    expect(text(readFileSync(join(outDir, '404.html'), 'utf8'))).toContain('We could not find that page');
    expect(readFileSync(join(outDir, '_redirects'), 'utf8')).toContain('/doctors /team 301');
    expect(existsSync(join(outDir, 'images', 'hills.svg'))).toBe(true);
  });

  it('shows only its own content: its name, words and details, and nothing of the other practice', () => {
    const home = html('/');
    expect(home).toContain('<title>Banksia Flat Health</title>');
    expect(home).toContain('<html lang="en-AU"');
    expect(home).toContain('<link rel="canonical" href="https://banksiaflathealth.example/"');
    const words = text(home);
    for (const expected of ['Your local GP in Banksia Flat', 'Jump to content', 'Clinic Hours', 'Clinic News', 'New Friday hours', 'Find Us', `Copyright ${BUILT_ON.slice(0, 4)} Banksia Flat Health`]) {
      expect(words).toContain(expected);
    }
    expect(home).toContain('href="tel:');
    for (const file of htmlFiles(outDir)) expect(readFileSync(file, 'utf8'), file).not.toMatch(/Saltbush|8377|Amelia Hart/);
  });

  it('makes a profile page from the template for each doctor, with or without a photo', () => {
    const rosa = html('/team/dr-rosa-quinlan');
    expect(rosa).toContain('<title>Dr Rosa Quinlan | Banksia Flat Health</title>');
    expect(rosa).toContain('src="/images/team/rosa-quinlan.svg"');
    expect(rosa).toMatch(/<a href="https:\/\/www\.smartraveller\.gov\.au" target="_blank" rel="noopener noreferrer">Smartraveller<span class="visually-hidden"> \(opens in a new tab\)<\/span><\/a>/);
    expect(rosa).toContain('aria-label="Focus areas"');
    expect(text(rosa)).toContain('Travel vaccinations');
    const ivan = html('/team/dr-ivan-petrov');
    expect(text(ivan)).toContain('Dr Ivan Petrov');
    expect(ivan).not.toContain('<img src="/images/team/');
  });

  describe('in a browser', () => {
    let server: Server;
    let browser: Browser;
    let base: string;
    beforeAll(async () => {
      server = await startServer({ distDir: outDir, port: 0, host: '127.0.0.1' });
      const address = server.address();
      base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
      await new Promise((done) => server?.close(done));
    });

    it('hydrates every page without a console error, and redirects an unknown doctor', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      page.on('pageerror', (e) => errors.push(e.message));
      for (const { path } of manifest.pages) {
        await page.goto(base + path, { waitUntil: 'networkidle' });
        await page.waitForFunction(() => document.getElementById('root')?.firstElementChild !== null);
        expect(await page.locator('h1').count(), path).toBe(1);
      }
      expect(errors).toEqual([]);
      await page.goto(base + '/team/dr-nobody', { waitUntil: 'networkidle' });
      await page.waitForURL(base + '/team');
      expect(await page.locator('h1').textContent()).toBe('Our Team');
      await context.close();
    });
  });
});
