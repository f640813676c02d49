/**
 * Helpers of the browser-quality suites (quality, keyboard, discoverability): open a route the way a visitor does,
 * with watchers for console errors, CSP violations and hydration, and small probes run inside the page.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { loadSite } from '../../src/content/load.ts';
import type { CompiledSite, RouteManifest } from '../../src/content/model.ts';
import { renderEveryBlock } from '../../bench/browser.ts';
import { baseURL } from './page.ts';
import { limit } from '../../bench/machineSpeed.ts';

export const WIDTHS = [375, 1280] as const;
export const viewportFor = (width: number) => ({ width, height: width < 800 ? 800 : 900 });

/** A path no site would have: the not-found page. */
export const UNKNOWN_PATH = '/no-such-page-for-the-quality-suite';

export function manifest(): RouteManifest {
  return JSON.parse(readFileSync(join(inject('distDir'), 'routes.json'), 'utf8')) as RouteManifest;
}

let compiled: CompiledSite | undefined;
/** The compiled content the build used (the same site file), to find which pages hold which kinds of block. */
export function content(): CompiledSite {
  if (!compiled) {
    const result = loadSite(inject('siteFile'));
    if (!result.ok) throw new Error(`site content does not load: ${result.errors.map((e) => e.message).join('\n')}`);
    compiled = result.compiled;
  }
  return compiled;
}

/** Paths of the pages that use a block of this type. */
export function pathsWithBlock(type: string): string[] {
  return content().pages.filter((p) => p.path && p.blocks.some((b) => b.type === type)).map((p) => p.path as string);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Visit {
  page: Page;
  context: BrowserContext;
  response: Response | null;
  /** Console errors and uncaught exceptions. */
  errors: string[];
  /** Requests that tried to leave this machine (blocked). */
  offsite: string[];
  close(): Promise<void>;
}

export interface VisitOptions {
  width?: number;
  reducedMotion?: 'reduce' | 'no-preference';
  javaScriptEnabled?: boolean;
  /** Wait until the page's script has started (default: when scripts run). */
  hydrate?: boolean;
  /** A fake clock, started at this moment when one is given (the page then reads the same time on every run). */
  clock?: boolean | Date;
  /** The path is expected to answer 404 (the not-found page). */
  expectNotFound?: boolean;
}

const initScript = () => {
  const w = window as unknown as { __csp: string[]; __ssrMain: Element | null };
  w.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => {
    w.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
  });
  // Module scripts run after parsing, so at 'interactive' the DOM is still the prerendered one.
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') w.__ssrMain = document.getElementById('main');
  });
};

/** One context per browser and setting, reused by every visit with that setting (its HTTP cache makes visits quick). */
const contexts = new WeakMap<Browser, Map<string, Promise<BrowserContext>>>();

async function newContext(browser: Browser, width: number, reducedMotion: VisitOptions['reducedMotion'], javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: viewportFor(width), reducedMotion, javaScriptEnabled });
  await context.addInitScript(initScript);
  return context;
}

/**
 * Opens a path in a new page (of a browser from sharedChromium): off-machine requests recorded, `securitypolicyviolation`
 * recorded from the first byte, and the prerendered <main> remembered so hydration can be proved to have kept it.
 * Pages with the same settings share a context until it is closed; a page with a fake clock gets a context of its own.
 */
export async function visit(browser: Browser, path: string, options: VisitOptions = {}): Promise<Visit> {
  const { width = 1280, reducedMotion = 'reduce', javaScriptEnabled = true } = options;
  let context: BrowserContext;
  let page: Page | undefined;
  if (options.clock) {
    context = await newContext(browser, width, reducedMotion, javaScriptEnabled);
  } else {
    const byKey = contexts.get(browser) ?? new Map<string, Promise<BrowserContext>>();
    contexts.set(browser, byKey);
    const key = `${width}/${reducedMotion}/${javaScriptEnabled}`;
    if (!byKey.has(key)) {
      const made = newContext(browser, width, reducedMotion, javaScriptEnabled);
      byKey.set(key, made);
      // A file closes its contexts after its last test (closeContexts); the next file's pages get a fresh one.
      void made.then((context) => context.once('close', () => byKey.delete(key)));
    }
    context = await (byKey.get(key) as Promise<BrowserContext>);
    page = takeIdle(context);
  }
  page ??= await context.newPage();
  const base = new URL(baseURL());
  const offsite: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.host !== base.host && url.protocol !== 'data:') offsite.push(url.href);
  });
  if (options.clock) await page.clock.install(options.clock instanceof Date ? { time: options.clock } : undefined);
  const errors: string[] = [];
  const address = baseURL() + path;
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A not-found page is answered with status 404 on purpose; Chromium logs that as a failed load of the document.
    if (message.location().url === address && /status of 404/.test(message.text()) && options.expectNotFound) return;
    errors.push(`${message.text()} [${message.location().url}]`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  const response = await page.goto(address, { waitUntil: 'load' });
  if (javaScriptEnabled && options.hydrate !== false) await waitForStart(page);
  const close = () => (options.clock ? context.close() : putAside(context, page, width));
  return { page, context, response, errors, offsite, close };
}

/**
 * Pages of a shared context whose visit is over, for the next visit to open its path in: a new page cost Chromium
 * about half a core-second (a renderer process, and the browser's side of a tab), a page left blank and used again
 * about a quarter of that.
 */
const idle = new WeakMap<BrowserContext, Page[]>();

function takeIdle(context: BrowserContext): Page | undefined {
  const pages = idle.get(context) ?? [];
  idle.set(context, pages);
  let page = pages.pop();
  while (page?.isClosed()) page = pages.pop();
  return page;
}

/**
 * Puts a visit's page aside as a new one: its listeners and routes gone, its screen the context's again, and blank,
 * so that nothing of the page it showed reaches the next visit (a late request, a log).
 */
async function putAside(context: BrowserContext, page: Page, width: number) {
  if (page.isClosed()) return;
  page.removeAllListeners();
  try {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    const viewport = viewportFor(width);
    const size = page.viewportSize();
    if (size?.width !== viewport.width || size.height !== viewport.height) await page.setViewportSize(viewport);
    await page.goto('about:blank');
  } catch (error) {
    // Closed meanwhile (its context, after a file's last test): nothing to keep.
    if (page.isClosed()) return;
    throw error;
  }
  idle.get(context)?.push(page);
}

/** The page's script (src/site/entry-page.ts) has run: its behaviours are on, its islands wait for their moment. */
export async function waitForStart(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-started'), undefined, { timeout: limit(15_000) });
}

/**
 * Wakes every block that moves on the page as a visitor would, a pointer coming over each, and waits until React has
 * hydrated each on its own root; returns their types.
 */
export async function wakeIslands(page: Page): Promise<string[]> {
  const shells = page.locator('[data-island]');
  const types: string[] = [];
  for (let i = 0; i < await shells.count(); i++) {
    const shell = shells.nth(i);
    types.push((await shell.getAttribute('data-island'))!);
    await shell.locator(':scope > *').first().hover();
    await page.waitForFunction((index) => document.querySelectorAll('[data-island]')[index].hasAttribute('data-hydrated'), i, { timeout: limit(15_000) });
  }
  return types;
}

/**
 * Nothing was drawn again in the browser: the prerendered <main> is still the page's, and each island React hydrated
 * is the prerendered element it was given, owned by React now (not a fresh render beside it).
 */
export function hydratedInPlace(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const before = (window as unknown as { __ssrMain: Element | null }).__ssrMain;
    const mainKept = Boolean(before) && before === document.getElementById('main') && document.contains(before);
    const islands = [...document.querySelectorAll('[data-island][data-hydrated]')];
    return mainKept && islands.every((shell) => Object.keys(shell).some((key) => key.startsWith('__reactContainer')));
  });
}

export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

export interface AxeViolation { id: string; impact: string | null; help: string; nodes: string[] }

/** axe-core over the whole document: WCAG 2.0/2.1/2.2 A and AA, and best practice. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await renderEveryBlock(page);
  // Evaluated through the DevTools protocol, so the page's script-src 'self' policy does not apply to it.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`.replace(/\s+/g, ' ')),
    }));
  });
}

/** Blocks (main's direct children) that are hidden or still moving in: the scroll-reveal's hidden state. */
export function hiddenBlocks(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('#main > *')].flatMap((block, index) => {
    const style = getComputedStyle(block);
    const hidden = Number(style.opacity) < 1 || style.visibility === 'hidden' || (style.transform !== 'none' && style.transform !== '');
    return hidden ? [`block ${index + 1} (${block.textContent?.trim().slice(0, 40)}): opacity ${style.opacity}, transform ${style.transform}`] : [];
  }));
}

/**
 * Elements that stick out past the right edge of the screen: the page would scroll sideways, or, inside a block a
 * browser draws only near the screen (content-visibility, which clips what overflows it), be cut off at the edge. So
 * every block is drawn first: a FAQ question 416 px wide on a 375 px phone was cut off and passed.
 */
export async function overflowing(page: Page): Promise<string[]> {
  await renderEveryBlock(page);
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.right > width + 1 && r.width > 0 && getComputedStyle(el).position !== 'fixed';
    }).slice(0, 5).map((el) => `${el.localName}.${el.className}: right edge at ${Math.round(el.getBoundingClientRect().right)} px`);
  });
}

/** Links that open a new tab without rel="noopener" (and noreferrer). */
export function unsafeNewTabLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('a[target="_blank"]')]
    .filter((a) => !(a.getAttribute('rel') ?? '').split(/\s+/).includes('noopener'))
    .map((a) => a.outerHTML.slice(0, 160)));
}

/** Two frames drawn: what the page changed is painted, and its observers' reports of it are handed over. */
export function painted(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** A reader's scrolling to the end of the page, each step painted (and the observers' reports of it handed over). */
export async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const painted = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const step = Math.max(200, Math.floor(window.innerHeight * 0.6));
    for (let y = 0; y <= document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await painted();
    }
    window.scrollTo(0, document.documentElement.scrollHeight);
    await painted();
  });
}

/** Jumps every running (finite) CSS transition and animation to its end state. */
export function finishAnimations(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (const animation of document.getAnimations()) if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
  });
}

export interface FocusState { tag: string; text: string; visible: boolean; indicator: boolean; inMain: boolean; href: string | null }

/** The element that has focus: what it is, whether it is on screen, and whether it shows a focus indicator. */
export function focusState(page: Page): Promise<FocusState | null> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return {
      tag: element.localName,
      text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60),
      visible: rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden',
      indicator: outline || ring,
      inMain: Boolean(element.closest('main')),
      href: element.getAttribute('href'),
    };
  });
}
