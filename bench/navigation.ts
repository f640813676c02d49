import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { watchSpeculation } from './speculation.ts';
import { SPECULATION_TAG } from '../build/boot.ts';
import { chromeFlags, chromePath, log, median } from './common.ts';

export interface NavigationFigures {
  /** Links followed from /, each measured `times` times. */
  links: string[];
  /**
   * From the click to the next page's heading painted, the link rested on first, median ms. Chromium refuses to
   * prerender while automated, so this is the page fetched ahead (a visitor's Chromium prerenders it: less still).
   */
  prefetchedMs: number;
  /** The same with no rest on the link (a plain page load), median ms. Each: the new page's first contentful paint. */
  coldMs: number;
  /** The link rested on and clicked with a real pointer, nothing attached to the browser: see measurePrerendered. */
  prerendered: PrerenderedFigures | null;
}

export interface PrerenderedFigures {
  /** From the prerendered page's activation (the click) to its first contentful paint, median ms. */
  ms: number;
  /** How many of the clicks found their page prerendered, of `of`. */
  prerendered: number;
  of: number;
  /** The same for a page of one heading and one line: what this machine takes for any page. */
  floorMs: number;
  /** That page with the site's cross-document view transition: what the transition alone takes here. */
  floorTransitionMs: number;
}

// A string, so the bundler adds no helper of its own to the code the page runs.
const PAINTED = `new Promise((done) => {
  const from = performance.getEntriesByType('navigation')[0].activationStart || 0;
  new PerformanceObserver((list) => {
    const paint = list.getEntries().find((e) => e.name === 'first-contentful-paint');
    if (paint) done(Math.max(0, paint.startTime - from));
  }).observe({ type: 'paint', buffered: true });
})`;

/**
 * The next page painted after a click in Chromium (a desktop window, the local server): the time from the click
 * until the new page's first contentful paint, read in that page (from its navigation's start, or for a prerendered
 * page its activation), the link rested on first
 * (its page fetched ahead by the speculation rules) and not.
 */
export async function measureNavigation(base: string, links: string[], times = 5): Promise<NavigationFigures> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const once = async (href: string, rest: boolean) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      const speculation = await watchSpeculation(context, page);
      await page.goto(base + '/', { waitUntil: 'networkidle' });
      const link = page.locator(`header a[href="${href}"]`).first();
      if (rest) {
        await link.hover();
        for (let i = 0; i < 100 && !(speculation.prefetch.get(href) ?? []).includes('PrefetchSuccessfulButNotUsed'); i++) await page.waitForTimeout(20);
      }
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      return await page.evaluate<number>(PAINTED);
    } finally {
      await context.close();
    }
  };
  try {
    const prefetched: number[] = [];
    const cold: number[] = [];
    for (let i = 0; i < times; i++) {
      for (const href of links) {
        prefetched.push(await once(href, true));
        cold.push(await once(href, false));
      }
    }
    return { links, prefetchedMs: median(prefetched), coldMs: median(cold), prerendered: await measurePrerendered(base, links, Math.max(1, Math.round(times / 2))) };
  } finally {
    await browser.close();
  }
}

const onPath = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const SCREEN = { width: 1280, height: 900 };

/**
 * What a visitor's Chromium does: it prerenders the page of a link rested on, and shows it at the click. Chromium
 * refuses to prerender while DevTools is attached, so here nothing is: Chromium runs in a window of its own under
 * Xvfb, a real pointer (xdotool) rests on the link and clicks it, and DevTools is attached only after, to read the
 * new page's paint timing. The link's place is read first from a separate headless page of the same size. Null when
 * Xvfb or xdotool is missing (Debian's packages xvfb and xdotool).
 */
export async function measurePrerendered(base: string, links: string[], times: number): Promise<PrerenderedFigures | null> {
  if (!onPath('Xvfb') || !onPath('xdotool')) {
    log('Xvfb or xdotool is missing (apt-get install xvfb xdotool): the prerendered page is not measured.');
    return null;
  }
  const display = `:${90 + Math.floor(Math.random() * 100)}`;
  const xvfb = spawn('Xvfb', [display, '-screen', '0', `${SCREEN.width}x${SCREEN.height}x24`, '-nolisten', 'tcp'], { stdio: 'ignore' });
  let floorServer: Server | undefined;
  try {
    await sleep(1000);
    const places = await linkPlaces(base, links);
    const site: number[] = [];
    for (let i = 0; i < times; i++) {
      for (const href of links) {
        const painted = await clickInWindow(display, base + '/', places[href]);
        if (painted !== null) site.push(painted);
      }
    }
    floorServer = await serveFloor(await siteTransition(base));
    const floorBase = `http://127.0.0.1:${(floorServer.address() as AddressInfo).port}`;
    const floors: Record<string, number[]> = { '/next/': [], '/fade/next/': [] };
    for (const start of ['/', '/fade/']) {
      const place = (await linkPlaces(floorBase, [`${start}next/`], start))[`${start}next/`];
      for (let i = 0; i < times; i++) {
        const painted = await clickInWindow(display, floorBase + start, place);
        if (painted !== null) floors[`${start}next/`].push(painted);
      }
    }
    if (!site.length || !floors['/next/'].length || !floors['/fade/next/'].length) {
      log('No click found its page prerendered: the prerendered page is not measured.');
      return null;
    }
    return { ms: median(site), prerendered: site.length, of: times * links.length, floorMs: median(floors['/next/']), floorTransitionMs: median(floors['/fade/next/']) };
  } finally {
    floorServer?.close();
    xvfb.kill();
  }
}

/** The middle of each link in the header, in a page of the window's size. */
async function linkPlaces(base: string, links: string[], start = '/'): Promise<Record<string, { x: number; y: number }>> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  try {
    const page = await browser.newPage({ viewport: SCREEN });
    await page.goto(base + start, { waitUntil: 'networkidle' });
    const places: Record<string, { x: number; y: number }> = {};
    for (const href of links) {
      const box = await page.locator(`header a[href="${href}"]`).first().boundingBox();
      if (!box) throw new Error(`No link to ${href} is shown in the header of ${start} at ${SCREEN.width} px.`);
      places[href] = { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
    }
    return places;
  } finally {
    await browser.close();
  }
}

/** Opens / in a new window, rests the pointer on the place, clicks; the next page's paint after activation, or null when it was not prerendered. */
async function clickInWindow(display: string, start: string, place: { x: number; y: number }): Promise<number | null> {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const env = { ...process.env, DISPLAY: display };
  const chrome = spawn(chromePath, [
    ...chromeFlags, '--remote-debugging-port=0', `--user-data-dir=${profile}`, '--kiosk', '--window-position=0,0',
    `--window-size=${SCREEN.width},${SCREEN.height}`, start,
  ], { env, stdio: 'ignore', detached: true });
  try {
    const portFile = join(profile, 'DevToolsActivePort');
    for (let i = 0; i < 100 && !existsSync(portFile); i++) await sleep(50);
    const port = readFileSync(portFile, 'utf8').split('\n')[0];
    // Nothing may attach before the click, so the page is given time to load instead of being watched.
    await sleep(2500);
    const pointer = (...args: string[]) => spawnSync('xdotool', args, { env });
    pointer('mousemove', String(place.x), String(place.y));
    await sleep(1500);
    pointer('click', '1');
    await sleep(1500);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const page = browser.contexts()[0].pages()[0];
      const activated = await page.evaluate<number>(`performance.getEntriesByType('navigation')[0].activationStart`);
      return activated > 0 ? Math.round(await page.evaluate<number>(PAINTED)) : null;
    } finally {
      await browser.close();
    }
  } finally {
    // Its whole process group: the helpers of a Chromium keep writing to its profile after the browser itself ends.
    const exited = new Promise((done) => { if (chrome.exitCode !== null) done(null); else chrome.once('exit', done); });
    process.kill(-chrome.pid!, 'SIGKILL');
    await exited;
    // Chromium's helpers may still be writing their last files as it goes.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/**
 * The site's cross-document view transition as its page / carries it, so the floor page takes the very same rule;
 * none (the two floors alike) when the site has dropped it.
 */
async function siteTransition(base: string): Promise<string> {
  const html = await (await fetch(base + '/')).text();
  const rule = /@media[^{}]*\{\s*@view-transition\s*\{[^{}]*\}\s*\}/.exec(html)?.[0];
  if (!rule) log('The page at / has no @view-transition rule: the floor with the transition is the plain floor.');
  return rule ? `<style>${rule}</style>` : '';
}

const floorPage = (title: string, head: string, link: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body><header>${link}</header><h1>${title}</h1><p>One line.</p></body></html>`;

/**
 * Pages of one heading and one line: / links to /next/ with the site's speculation rules; /fade/ and /fade/next/ are
 * the same with `fade`, the site's cross-document view transition.
 */
async function serveFloor(fade: string): Promise<Server> {
  const pages: Record<string, string> = {
    '/': floorPage('Floor', SPECULATION_TAG, '<a href="/next/">Next</a>'),
    '/next/': floorPage('Next', '', ''),
    '/fade/': floorPage('Floor', SPECULATION_TAG + fade, '<a href="/fade/next/">Next</a>'),
    '/fade/next/': floorPage('Next', fade, ''),
  };
  const server = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? '');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return server;
}
