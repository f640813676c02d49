/**
 * What a phone does while a page starts: blocks below the fold wait to be laid out until they come near the screen,
 * nothing moves on screen when they are, and the scripts start without one long task. The page is chosen from
 * site.yaml (the one with most blocks).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, painted, visit, waitForStart } from './inspect.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { baseURL, openPage } from './page.ts';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

const longest = () => content().pages.filter((p) => p.path).sort((a, b) => b.blocks.length - a.blocks.length)[0];

/**
 * Whether each block of the page is rendered, or its content skipped by the browser until it nears the screen. A
 * wrapper that lays out nothing of its own (an island's root, an entry with a last day: display: contents) is looked
 * through to the block's element.
 */
const rendered = (page: Page) => page.$$eval('main > div > *', (blocks) => blocks.map((block) => {
  let element: Element = block;
  while (getComputedStyle(element).display === 'contents' && element.firstElementChild) element = element.firstElementChild;
  return element.checkVisibility({ contentVisibilityAuto: true });
}));

/** The layout shifts since `since` (ms) that no input caused: what CLS adds up. */
const shifts = (page: Page, since: number) => page.evaluate((from) => new Promise<number>((done) => {
  new PerformanceObserver((list) => {
    const counted = list.getEntries().filter((e) => e.startTime >= from && !(e as PerformanceEntry & { hadRecentInput: boolean }).hadRecentInput);
    done(counted.reduce((total, e) => total + (e as PerformanceEntry & { value: number }).value, 0));
  }).observe({ type: 'layout-shift', buffered: true });
  setTimeout(() => done(0), 300);
}), since);

/** A reader's scrolling from the top to the end: steps of 200 px, each painted, as a thumb moves a page. */
const read = (page: Page) => page.evaluate(async () => {
  window.scrollTo(0, 0);
  for (let y = 0; y <= document.documentElement.scrollHeight; y += 200) {
    window.scrollTo(0, y);
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }
});

describe('blocks below the fold on a phone', () => {
  it('are laid out only once they come near the screen, and nothing shifts on screen as a reader scrolls', async () => {
    const page = longest();
    expect(page.blocks.length).toBeGreaterThan(4);
    const v = await visit(browser, page.path!, { width: 375 });
    try {
      const before = await rendered(v.page);
      expect(before.slice(0, 2)).toEqual([true, true]);
      expect(before.at(-1)).toBe(false);
      // Brought on screen one after another, each block is rendered there.
      const seen = new Set<number>();
      for (const [index] of before.entries()) {
        await v.page.locator('main > div').nth(index).scrollIntoViewIfNeeded();
        await painted(v.page);
        if ((await rendered(v.page))[index]) seen.add(index);
      }
      expect([...seen].sort((a, b) => a - b)).toEqual(before.map((_, index) => index));
      // A jump straight to a block can move what follows it once the block is laid out; a reader's scrolling lays
      // each block out before it reaches the screen.
      const since = await v.page.evaluate(() => performance.now());
      await read(v.page);
      expect(await shifts(v.page, since)).toBe(0);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('are all there when the page is printed', async () => {
    const v = await visit(browser, longest().path!, { width: 375 });
    try {
      await v.page.emulateMedia({ media: 'print' });
      const last = v.page.locator('main > div > *').last();
      expect(await last.evaluate((b) => b.getBoundingClientRect().height)).toBeGreaterThan(0);
      expect(await last.evaluate((b) => b.checkVisibility({ contentVisibilityAuto: true }))).toBe(true);
    } finally {
      await v.close();
    }
  });
});

describe('the start element', () => {
  it('starts each preload in a task of its own, then the entry, and the page starts', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      // A preload started while an earlier one's task is still running is recorded as true; a task ends before
      // its microtasks run.
      await page.addInitScript(() => {
        const record: boolean[] = [];
        (window as unknown as { preloads: boolean[] }).preloads = record;
        let running = false;
        const append = Element.prototype.append;
        HTMLHeadElement.prototype.append = function (...nodes: (Node | string)[]) {
          for (const node of nodes) {
            if (!(node instanceof HTMLLinkElement) || node.rel !== 'modulepreload') continue;
            record.push(running);
            running = true;
            queueMicrotask(() => { running = false; });
          }
          append.apply(this, nodes);
        };
      });
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(baseURL() + longest().path!, { waitUntil: 'load' });
      await waitForStart(page);
      const start = page.locator('script[data-entry]');
      const chunks = (await start.getAttribute('data-chunks'))!.split(' ');
      const entry = (await start.getAttribute('data-entry'))!;
      expect(chunks.length).toBeGreaterThan(1);
      expect(await page.evaluate(() => (window as unknown as { preloads: boolean[] }).preloads)).toEqual(chunks.map(() => false));
      const last = Math.max(...chunks.map((chunk) => requested.indexOf(chunk)));
      expect(requested.indexOf(entry)).toBeGreaterThan(last);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("runs the page's behaviours without asking for the layout or for a date in a time zone", async () => {
    // Either is a long task on a phone at the start: a layout of the whole page for each read after a change, and
    // the zone's rules loaded for its first date (tens of milliseconds).
    const { page, context, errors } = await openPage(browser, { viewport: { width: 375, height: 800 } });
    try {
      await page.addInitScript(() => {
        const asked: string[] = [];
        (window as unknown as { asked: string[] }).asked = asked;
        const note = (what: string) => {
          if (!document.documentElement.hasAttribute('data-started')) asked.push(`${what}: ${new Error().stack?.split('\n')[3]?.trim()}`);
        };
        const readsLayout = ['getBoundingClientRect', 'getClientRects'] as const;
        for (const name of readsLayout) {
          const read = Element.prototype[name] as (this: Element) => unknown;
          Object.defineProperty(Element.prototype, name, { value(this: Element) { note(name); return read.call(this); } });
        }
        for (const name of ['offsetHeight', 'offsetWidth', 'offsetTop'] as const) {
          const { get } = Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)!;
          Object.defineProperty(HTMLElement.prototype, name, { get(this: HTMLElement) { note(name); return get!.call(this); } });
        }
        const Format = Intl.DateTimeFormat;
        Intl.DateTimeFormat = function (locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
          if (options?.timeZone && options.timeZone !== 'UTC') note(`Intl.DateTimeFormat in ${options.timeZone}`);
          return new Format(locales, options);
        } as typeof Intl.DateTimeFormat;
        const toLocaleString = Date.prototype.toLocaleString;
        Date.prototype.toLocaleString = function (this: Date, locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
          if (options?.timeZone && options.timeZone !== 'UTC') note(`toLocaleString in ${options.timeZone}`);
          return toLocaleString.call(this, locales, options);
        };
      });
      const path = longest().path!;
      await page.goto(baseURL() + path, { waitUntil: 'load' });
      await waitForStart(page);
      // The open-now line and the fading blocks are what did either before.
      expect(await page.locator('[data-today]').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-reveal]').count()).toBeGreaterThan(2);
      expect(await page.evaluate(() => (window as unknown as { asked: string[] }).asked)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
