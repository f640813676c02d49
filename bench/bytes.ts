/** Bytes a phone downloads, per route, in Chromium: every response as the server would send it. */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES } from '../server/local/static.ts';
import { chromeFlags, chromePath, log } from './common.ts';
import { kb } from './weigh.ts';

export type Kind = 'html' | 'js' | 'css' | 'image' | 'font' | 'other';
export interface Totals { raw: number; gzip: number; brotli: number }
export interface RouteBytes {
  path: string;
  requests: number;
  /** Until the network is quiet after load (includes what hydration fetches). */
  load: Record<Kind, Totals> & { total: Totals };
  /** Everything, after scrolling to the bottom. */
  scrolled: { total: Totals; requests: number };
  /** From the build's files, as the budget tests count them (bench/weigh.ts): initial JS, and everything. */
  budget?: { initialJsGzip: number; allGzip: number };
}

export const compressible = /^(text\/|application\/(json|xml|manifest|javascript)|image\/svg)/;
export const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

export function kindOf(type: string, contentType: string): Kind {
  if (type === 'document' || contentType.startsWith('text/html')) return 'html';
  if (type === 'script' || /javascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || contentType.startsWith('text/css')) return 'css';
  if (type === 'image' || contentType.startsWith('image/')) return 'image';
  if (type === 'font' || contentType.startsWith('font/')) return 'font';
  return 'other';
}

/** As the server sends it: text over its threshold compressed when that is smaller (gzip 9, brotli 11). */
export function sizes(body: Buffer, contentType: string): Totals {
  if (!compressible.test(contentType) || body.length <= COMPRESS_MIN_BYTES) return { raw: body.length, gzip: body.length, brotli: body.length };
  return {
    raw: body.length,
    gzip: Math.min(body.length, gzipSync(body, { level: 9 }).length),
    brotli: Math.min(body.length, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
  };
}

export const zero = (): Totals => ({ raw: 0, gzip: 0, brotli: 0 });
export const add = (a: Totals, b: Totals) => { a.raw += b.raw; a.gzip += b.gzip; a.brotli += b.brotli; };

export async function measureBytes(base: string, paths: string[]): Promise<RouteBytes[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const results: RouteBytes[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ ...phone, reducedMotion: 'no-preference' });
      const origin = new URL(base).host;
      await context.route('**/*', (route) => (new URL(route.request().url()).host === origin ? route.continue() : route.abort('blockedbyclient')));
      const page = await context.newPage();
      const seen: { kind: Kind; size: Totals; afterLoad: boolean }[] = [];
      const pending: Promise<void>[] = [];
      let inflight = 0;
      let lastActivity = performance.now();
      let loaded = false;
      page.on('request', () => { inflight++; lastActivity = performance.now(); });
      const settle = () => { inflight--; lastActivity = performance.now(); };
      page.on('requestfailed', settle);
      page.on('requestfinished', (request) => {
        pending.push((async () => {
          const response = await request.response();
          const status = response?.status() ?? 0;
          // Redirects carry no body; a 304 would mean a cache, which a fresh context never has.
          if (response && status < 300) {
            const contentType = (await response.headerValue('content-type')) ?? '';
            const body = await response.body().catch(() => Buffer.alloc(0));
            seen.push({ kind: kindOf(request.resourceType(), contentType), size: sizes(body, contentType), afterLoad: loaded });
          }
        })().finally(settle));
      });
      const quiet = async (ms: number) => {
        while (inflight > 0 || performance.now() - lastActivity < ms) await page.waitForTimeout(100);
        await Promise.all(pending);
      };
      await page.goto(base + path, { waitUntil: 'load' });
      await quiet(800);
      loaded = true;
      // Read the page to the bottom, a screen at a time, so lazy images load as they would for a reader.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
      });
      await quiet(800);
      const load = { html: zero(), js: zero(), css: zero(), image: zero(), font: zero(), other: zero(), total: zero() };
      const scrolled = { total: zero(), requests: seen.length };
      for (const entry of seen) {
        add(scrolled.total, entry.size);
        if (entry.afterLoad) continue;
        add(load[entry.kind], entry.size);
        add(load.total, entry.size);
      }
      results.push({ path, requests: seen.filter((s) => !s.afterLoad).length, load, scrolled });
      await context.close();
      log(`  bytes ${path}: ${kb(load.total.brotli)} brotli at load`);
    }
  } finally {
    await browser.close();
  }
  return results;
}
