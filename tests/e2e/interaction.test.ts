/**
 * Keyboard and motion: a skip link, a visible focus indicator on every stop, the desktop Services menu,
 * the phone menu, accordions and the doctors carousel worked with the keyboard alone; with
 * `prefers-reduced-motion: reduce` the hero keeps still and nothing slides in. Pages are chosen from site.yaml by
 * the blocks they hold, so new pages and blocks are covered without editing this file.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  content, cspViolations, finishAnimations, focusState, hiddenBlocks, manifest, painted, pathsWithBlock, visit, waitForStart,
  wakeIslands, WIDTHS,
  type FocusState,
} from './inspect.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { baseURL, openPage } from './page.ts';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

/** Pages that between them hold every block type in use (the first page found for each type), plus the home page. */
function pagesCoveringEveryBlock(): string[] {
  const chosen = new Set<string>(['/']);
  const seen = new Set<string>();
  for (const page of content().pages) {
    if (!page.path) continue;
    const fresh = page.blocks.some((b) => !seen.has(b.type));
    page.blocks.forEach((b) => seen.add(b.type));
    if (fresh) chosen.add(page.path);
  }
  return [...chosen];
}

/** Presses Tab until `done` is true for the focused element (at most `limit` presses); returns it. */
async function tabUntil(page: Page, done: (state: FocusState) => boolean | Promise<boolean>, limit = 80): Promise<FocusState> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const state = await focusState(page);
    if (state && await done(state)) return state;
  }
  throw new Error(`Tab never reached the element after ${limit} presses`);
}

interface Stop { id: string; label: string; onScreen: boolean; indicator: boolean }

/**
 * The focused element once it has stopped moving: where it sits, and whether it shows a focus indicator. Focus may
 * start a short transition or scroll (a carousel brings a focused slide into view), so it is measured when its
 * position is the same for three frames in a row (for at most about a second).
 */
async function settledFocus(page: Page): Promise<Stop | null> {
  return page.evaluate(async () => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    const measure = () => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth && r.width > 0 && r.height > 0;
    };
    let last = '';
    let same = measure() && el.getAnimations().length === 0 ? 3 : 0;
    for (let i = 0; i < 60 && same < 3; i++) {
      await frame();
      const r = el.getBoundingClientRect();
      const now = [r.left, r.top, r.width, r.height].map(Math.round).join();
      same = now === last && el.getAnimations().every((a) => a.playState !== 'running') ? same + 1 : 0;
      last = now;
    }
    const onScreen = measure();
    const s = getComputedStyle(el);
    const indicator = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || (s.boxShadow !== 'none' && s.boxShadow !== '');
    const path: string[] = [];
    for (let n: Element | null = el; n && n !== document.body; n = n.parentElement) path.unshift(`${n.localName}:${[...(n.parentElement?.children ?? [])].indexOf(n)}`);
    return { id: path.join('>'), label: `${el.localName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`, onScreen, indicator };
  });
}

const focusedMatches = (page: Page, selector: string) => page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector);

describe('skip link', () => {
  it.each(WIDTHS)('at %i px the first Tab shows "skip to content", and Enter moves focus to the main content', async (width) => {
    const v = await visit(browser, '/', { width });
    try {
      await v.page.keyboard.press('Tab');
      const skip = await focusState(v.page);
      expect(skip).toMatchObject({ tag: 'a', href: '#main', visible: true, indicator: true });
      await v.page.keyboard.press('Enter');
      expect(await v.page.evaluate(() => document.activeElement?.id)).toBe('main');
      // The next Tab continues inside the main content, not back in the header.
      await v.page.keyboard.press('Tab');
      expect((await focusState(v.page))?.inMain).toBe(true);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

describe('visible focus: Tab through every stop, each one on screen with a focus indicator', () => {
  const cases = [
    ...pagesCoveringEveryBlock().map((path) => [path, 1280] as const),
    ...['/', ...pathsWithBlock('feedback-form').slice(0, 1)].map((path) => [path, 375] as const),
  ];
  it.each(cases)('%s at %i px', async (path, width) => {
    const v = await visit(browser, path, { width });
    try {
      const total = await v.page.evaluate(() => document.querySelectorAll('a[href], button, summary, input, select, textarea, [tabindex]:not([tabindex="-1"])').length);
      const problems: string[] = [];
      let stops = 0;
      let first: string | null = null;
      for (let i = 0; i < total + 5; i++) {
        await v.page.keyboard.press('Tab');
        const state = await settledFocus(v.page);
        if (!state || state.id === first) break; // focus left the page, or came round again
        first ??= state.id;
        stops++;
        if (!state.onScreen) problems.push(`${state.label} is off screen when focused`);
        if (!state.indicator) problems.push(`${state.label} shows no focus indicator`);
      }
      expect(stops).toBeGreaterThan(3);
      // Joined, so that a failure's report names each stop rather than "[ Array(1) ]".
      expect(problems.join('\n'), 'the stops that were hidden or showed no focus').toBe('');
      expect(v.errors.join('\n'), 'errors on the page').toBe('');
    } finally {
      await v.close();
    }
  });
});

describe('menus by keyboard', () => {
  it('desktop (1280 px): Services opens with Enter, Tab reaches its links, Escape closes it, Enter on a link goes there', async () => {
    const v = await visit(browser, '/', { width: 1280 });
    try {
      const trigger = 'header nav details > summary';
      await tabUntil(v.page, () => focusedMatches(v.page, trigger));
      await v.page.keyboard.press('Enter');
      expect(await v.page.evaluate(() => (document.activeElement?.parentElement as HTMLDetailsElement).open)).toBe(true);
      await v.page.keyboard.press('Tab');
      const link = await focusState(v.page);
      expect(link).toMatchObject({ tag: 'a', visible: true, indicator: true });
      expect(await focusedMatches(v.page, 'header nav details[open] a')).toBe(true);
      await v.page.keyboard.press('Escape');
      expect(await focusedMatches(v.page, trigger)).toBe(true);
      expect(await v.page.locator('header nav details[open]').count()).toBe(0);

      await v.page.keyboard.press('Enter');
      await v.page.keyboard.press('Tab');
      const target = await focusState(v.page);
      await v.page.keyboard.press('Enter');
      await v.page.waitForURL((url) => url.pathname === target?.href);
      // The new page is loaded, from its start: focus at the top of the document, the skip link next.
      await expect.poll(() => v.page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await waitForStart(v.page);
      await expect.poll(() => v.page.locator('header details[open]').count()).toBe(0);
      await expect.poll(() => v.page.locator('h1').count()).toBe(1);
      expect(await cspViolations(v.page)).toEqual([]);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('phone (375 px): the menu opens with Enter, Services and a group in it expand with Enter, choosing a link goes there and closes the menu', async () => {
    const v = await visit(browser, '/', { width: 375 });
    try {
      const toggle = 'header details:not(nav details) > summary';
      await tabUntil(v.page, () => focusedMatches(v.page, toggle));
      expect((await focusState(v.page))?.indicator).toBe(true);
      await v.page.keyboard.press('Enter');
      expect(await v.page.locator('header details[open]:not(nav details)').count()).toBe(1);
      // Tab on to Services inside the open menu and expand it, then its first group.
      await tabUntil(v.page, () => focusedMatches(v.page, 'header details[open] details > summary'), 30);
      await v.page.keyboard.press('Enter');
      expect(await v.page.evaluate(() => (document.activeElement?.parentElement as HTMLDetailsElement).open)).toBe(true);
      await v.page.keyboard.press('Tab');
      expect(await focusedMatches(v.page, 'header details[open] details details > summary')).toBe(true);
      await v.page.keyboard.press('Enter');
      expect(await v.page.evaluate(() => (document.activeElement?.parentElement as HTMLDetailsElement).open)).toBe(true);
      await v.page.keyboard.press('Tab');
      const link = await focusState(v.page);
      expect(link).toMatchObject({ tag: 'a', visible: true, indicator: true });
      await v.page.keyboard.press('Enter');
      await v.page.waitForURL((url) => url.pathname === link?.href);
      await expect.poll(() => v.page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await waitForStart(v.page);
      await expect.poll(() => v.page.locator('header details[open]:not(nav details)').count()).toBe(0);
      await expect.poll(() => v.page.locator('h1').count()).toBe(1);
      // Escape also closes it, and gives focus back to the toggle.
      await v.page.locator(toggle).focus();
      await v.page.keyboard.press('Enter');
      await v.page.keyboard.press('Tab');
      await v.page.keyboard.press('Escape');
      expect(await v.page.locator('header details[open]:not(nav details)').count()).toBe(0);
      expect(await focusedMatches(v.page, toggle)).toBe(true);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

// Every route whose prerendered main content holds a <details>, whichever block draws it.
const withAccordions = (await Promise.all(manifest().pages.map(async ({ path }) => {
  const html = await (await fetch(baseURL() + path)).text();
  return /<details[\s>]/.test(html.slice(html.indexOf('<main'), html.indexOf('</main>'))) ? [path] : [];
}))).flat();

describe('accordions by keyboard', () => {

  it('some pages have accordions', () => expect(withAccordions.length).toBeGreaterThan(0));

  it.each(withAccordions)('%s: Enter and Space open and close each group; a single-open group keeps one open', async (path) => {
    const v = await visit(browser, path, { width: 1280 });
    try {
      const summaries = v.page.locator('main details > summary');
      const count = await summaries.count();
      expect(count).toBeGreaterThan(0);
      const isOpen = (i: number) => summaries.nth(i).evaluate((s) => (s.parentElement as HTMLDetailsElement).open);
      await summaries.nth(0).focus();
      const before = await isOpen(0);
      await v.page.keyboard.press('Enter');
      expect(await isOpen(0)).toBe(!before);
      await v.page.keyboard.press(' ');
      expect(await isOpen(0)).toBe(before);
      // Details that share a name: opening the next one closes the first.
      const named = await summaries.nth(0).evaluate((s) => (s.parentElement as HTMLDetailsElement).name);
      if (named && count > 1 && await summaries.nth(1).evaluate((s, n) => (s.parentElement as HTMLDetailsElement).name === n, named)) {
        if (!await isOpen(0)) { await summaries.nth(0).focus(); await v.page.keyboard.press('Enter'); }
        await summaries.nth(1).focus();
        await v.page.keyboard.press('Enter');
        expect(await isOpen(1)).toBe(true);
        expect(await isOpen(0)).toBe(false);
        await v.page.keyboard.press('Enter');
        expect(await isOpen(1)).toBe(false);
      }
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

/** Index (in the list of slides) of the slide at the start of the carousel's viewport, once it stops moving. */
async function firstVisibleSlide(page: Page): Promise<number> {
  let last = -1;
  for (let i = 0; i < 60; i++) {
    const now = await page.evaluate(() => {
      const carousel = document.querySelector('[aria-roledescription="carousel"]');
      const slides = [...(carousel?.querySelectorAll('[aria-roledescription="slide"]') ?? [])];
      const viewport = slides[0]?.parentElement?.parentElement;
      if (!viewport) return -1;
      const left = viewport.getBoundingClientRect().left;
      const offsets = slides.map((s) => Math.abs(s.getBoundingClientRect().left + parseFloat(getComputedStyle(s).paddingLeft) - left));
      const best = Math.min(...offsets);
      return best < 2 ? offsets.indexOf(best) : -1;
    });
    if (now !== -1 && now === last) return now;
    last = now;
    await page.waitForTimeout(60);
  }
  throw new Error('the carousel never settled on a slide');
}

describe('doctors carousel by keyboard', () => {
  // Phone width with reduced motion (slides change at once), desktop width with motion (slides glide).
  const cases = pathsWithBlock('doctor-carousel').flatMap((path) => WIDTHS.map((width) => [path, width, width < 800 ? 'reduce' : 'no-preference'] as const));
  it.each(cases)('%s at %i px (motion: %s): next/previous buttons with Enter and Space, arrow keys, and it loops', async (path, width, motion) => {
    const v = await visit(browser, path, { width, reducedMotion: motion });
    try {
      const carousel = v.page.locator('[aria-roledescription="carousel"]').first();
      const [previous, next] = [carousel.locator('button').nth(0), carousel.locator('button').nth(1)];
      // Embla arrives as the carousel comes near the screen, as a reader scrolls to it.
      await carousel.scrollIntoViewIfNeeded();
      await expect.poll(() => next.isEnabled()).toBe(true);
      const total = await carousel.locator('[aria-roledescription="slide"]').count();
      expect(await firstVisibleSlide(v.page)).toBe(0);
      // Reach the previous button by keyboard from the carousel's heading area, then use Tab to the next button.
      await previous.focus();
      await v.page.keyboard.press('Tab');
      expect(await next.evaluate((b) => b === document.activeElement)).toBe(true);
      expect((await focusState(v.page))?.indicator).toBe(true);
      await v.page.keyboard.press('Enter');
      expect(await firstVisibleSlide(v.page)).toBe(1);
      await v.page.keyboard.press(' ');
      expect(await firstVisibleSlide(v.page)).toBe(2);
      await v.page.keyboard.press('ArrowLeft');
      expect(await firstVisibleSlide(v.page)).toBe(1);
      await v.page.keyboard.press('ArrowLeft');
      await v.page.keyboard.press('ArrowLeft');
      expect(await firstVisibleSlide(v.page)).toBe(total - 1);
      await v.page.keyboard.press('ArrowRight');
      expect(await firstVisibleSlide(v.page)).toBe(0);
      await previous.focus();
      await v.page.keyboard.press('Enter');
      expect(await firstVisibleSlide(v.page)).toBe(total - 1);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

/** The doctors carousel's slides. */
const SLIDES = '[aria-roledescription="carousel"] [aria-roledescription="slide"]';

/**
 * Focuses the profile link of the last slide whose card is wholly in view, so that the next Tab goes to a slide out of
 * view; returns that slide's index.
 */
async function focusBeforeHiddenSlide(page: Page): Promise<number> {
  const links = page.locator(`${SLIDES} a`);
  const hidden = await page.evaluate((selector) => {
    const slides = [...document.querySelectorAll(selector)];
    const viewport = slides[0]?.parentElement?.parentElement?.getBoundingClientRect();
    return slides.findIndex((slide) => viewport !== undefined && slide.getBoundingClientRect().right > viewport.right + 1);
  }, SLIDES);
  expect(hidden, 'the carousel has a slide out of view to Tab to (more doctors than fit)').toBeGreaterThan(0);
  expect(await links.count(), 'every slide has a profile link').toBeGreaterThan(hidden);
  await links.nth(hidden - 1).focus();
  return hidden;
}

/**
 * Whether the focus is in the slide with this index, and, once it stops moving, on screen and inside the part of the
 * carousel that is not clipped (a link clipped off at the side can still be within the window at 1280 px).
 */
async function focusShownIn(page: Page, index: number): Promise<{ inSlide: boolean; onScreen: boolean }> {
  const onScreen = (await settledFocus(page))?.onScreen ?? false;
  return page.evaluate(({ i, onScreen, selector }) => {
    const slide = document.querySelectorAll(selector)[i];
    const focused = document.activeElement?.getBoundingClientRect();
    const view = slide?.parentElement?.parentElement?.getBoundingClientRect();
    const unclipped = focused !== undefined && view !== undefined && focused.left >= view.left - 1 && focused.right <= view.right + 1;
    return { inSlide: slide?.contains(document.activeElement) ?? false, onScreen: onScreen && unclipped };
  }, { i: index, onScreen, selector: SLIDES });
}

describe('doctors carousel after the window changes size (a phone turned)', () => {
  it.each(['reduce', 'no-preference'] as const)('motion %s: it stays on the slide it showed, at the slide\'s edge', async (motion) => {
    const v = await visit(browser, pathsWithBlock('doctor-carousel')[0], { width: 375, reducedMotion: motion });
    try {
      const carousel = v.page.locator('[aria-roledescription="carousel"]').first();
      await carousel.scrollIntoViewIfNeeded();
      const next = carousel.locator('button').nth(1);
      await expect.poll(() => next.isEnabled()).toBe(true);
      await next.click();
      expect(await firstVisibleSlide(v.page)).toBe(1);
      await v.page.setViewportSize({ width: 420, height: 800 });
      await painted(v.page);
      expect(await firstVisibleSlide(v.page)).toBe(1);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

describe('doctors carousel: Tab to a slide out of view brings it into view', () => {
  const path = pathsWithBlock('doctor-carousel')[0];

  it.each(WIDTHS)('at %i px, also when the focus comes a moment after the key, as on a busy phone', async (width) => {
    const v = await visit(browser, path, { width });
    try {
      const carousel = v.page.locator('[aria-roledescription="carousel"]').first();
      await carousel.scrollIntoViewIfNeeded();
      await expect.poll(() => carousel.locator('button').nth(1).isEnabled()).toBe(true);
      const hidden = await focusBeforeHiddenSlide(v.page);
      // Busy: the key's handlers hold the page 30 ms before the focus moves.
      await v.page.evaluate(() => addEventListener('keydown', () => { const end = performance.now() + 30; while (performance.now() < end); }));
      await v.page.keyboard.press('Tab');
      expect(await focusShownIn(v.page, hidden)).toEqual({ inSlide: true, onScreen: true });
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('at 375 px before the carousel\'s script has come, and the carousel then starts from that slide', async () => {
    const v = await visit(browser, path, { width: 375 });
    try {
      let asked = false;
      let release = () => {};
      const held = new Promise<void>((done) => { release = done; });
      await v.page.route(/embla/, async (route) => { asked = true; await held; await route.continue(); });
      const hidden = await focusBeforeHiddenSlide(v.page);
      await expect.poll(() => asked, { message: 'the carousel asked for its script once focus came to it' }).toBe(true);
      await v.page.keyboard.press('Tab');
      expect(await focusShownIn(v.page, hidden)).toEqual({ inSlide: true, onScreen: true });
      release();
      await expect.poll(() => v.page.locator('[aria-roledescription="carousel"] button').nth(1).isEnabled()).toBe(true);
      expect(await firstVisibleSlide(v.page)).toBe(hidden);
      expect(await focusShownIn(v.page, hidden)).toEqual({ inSlide: true, onScreen: true });
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });
});

/**
 * The page's observers get the browser's own reports, only held back until handOverReports and then handed over
 * together, as a busy phone would.
 */
async function holdObserverReports(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Observer = window.IntersectionObserver;
    const held: (() => void)[] = [];
    (window as unknown as { handOver: () => void }).handOver = () => { for (const report of held.splice(0)) report(); };
    window.IntersectionObserver = class extends Observer {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        let pending: IntersectionObserverEntry[] = [];
        super((entries, observer) => {
          if (!pending.length) held.push(() => { const batch = pending; pending = []; callback(batch, observer); });
          pending.push(...entries);
        }, options);
      }
    };
  });
}

const handOverReports = (page: Page) => page.evaluate(() => (window as unknown as { handOver: () => void }).handOver());

/** / at 1280 px with motion welcome, started and painted, its observers' reports held back. */
async function homeWithHeldReports() {
  const opened = await openPage(browser, { viewport: { width: 1280, height: 800 }, reducedMotion: 'no-preference' });
  await holdObserverReports(opened.page);
  await opened.page.goto(baseURL() + '/', { waitUntil: 'load' });
  await waitForStart(opened.page);
  await painted(opened.page);
  return opened;
}

/**
 * Stops the page's (fake) clock about half a second ahead: from here on, time moves only by runFor. (Pausing needs a
 * moment that is still to come when the browser gets the order, which on a busy machine can take a while.)
 */
async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt(await page.evaluate((ahead) => Date.now() + ahead, 500 * attempt));
      return;
    } catch (error) {
      if (attempt === 3 || !/to the past/.test(String(error))) throw error;
    }
  }
}

/** The picture the hero shows now: the one slide fully opaque once transitions are done. */
async function heroPicture(page: Page): Promise<string[]> {
  await finishAnimations(page);
  return page.evaluate(() => {
    const hero = document.querySelector('main h1')?.closest('section');
    return [...(hero?.querySelectorAll('img') ?? [])].filter((img) => getComputedStyle(img).opacity === '1').map((img) => img.getAttribute('src') ?? '');
  });
}

describe('motion', () => {
  const heroes = content().pages.flatMap((page) => page.blocks.flatMap((block) =>
    block.type === 'hero' && page.path && block.images.length > 1 ? [[page.path, block.intervalMs] as const] : []));

  it('some page has a rotating hero', () => expect(heroes.length).toBeGreaterThan(0));

  it.each(heroes)('%s: the hero picture changes every %i ms when motion is welcome', async (path, interval) => {
    const v = await visit(browser, path, { width: 1280, reducedMotion: 'no-preference', clock: true });
    try {
      // Its script comes in time for the first change (or as a pointer comes over it): here, the pointer.
      expect(await wakeIslands(v.page)).toContain('hero');
      await pauseClock(v.page);
      const first = await heroPicture(v.page);
      expect(first).toHaveLength(1);
      // The first change is due an interval after the page started: found within one interval, a quarter at a time.
      let changed = first;
      for (let step = 0; step < 5 && changed.join() === first.join(); step++) {
        await v.page.clock.runFor(interval / 4);
        changed = await heroPicture(v.page);
      }
      expect(changed).toHaveLength(1);
      expect(changed).not.toEqual(first);
      // From that change on, the next comes an interval later, not before.
      await v.page.clock.runFor(interval * 0.5);
      expect(await heroPicture(v.page)).toEqual(changed);
      await v.page.clock.runFor(interval * 0.75);
      const third = await heroPicture(v.page);
      expect(third).toHaveLength(1);
      expect(third).not.toEqual(changed);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it.each(heroes)('%s: with prefers-reduced-motion the hero keeps its first picture (checked over 4 intervals of %i ms)', async (path, interval) => {
    const v = await visit(browser, path, { width: 1280, reducedMotion: 'reduce', clock: true });
    try {
      await pauseClock(v.page);
      const first = await heroPicture(v.page);
      expect(first).toHaveLength(1);
      await v.page.clock.runFor(interval * 4);
      expect(await heroPicture(v.page)).toEqual(first);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('with motion, blocks below the fold wait hidden and slide in; with reduced motion they never hide', async () => {
    const moving = await visit(browser, '/', { width: 1280, reducedMotion: 'no-preference' });
    try {
      await expect.poll(() => hiddenBlocks(moving.page).then((h) => h.length)).toBeGreaterThan(0);
    } finally {
      await moving.close();
    }
    const still = await visit(browser, '/', { width: 1280, reducedMotion: 'reduce' });
    try {
      await still.page.waitForTimeout(300);
      expect(await hiddenBlocks(still.page)).toEqual([]);
      await still.page.mouse.wheel(0, 4000);
      expect(await hiddenBlocks(still.page)).toEqual([]);
    } finally {
      await still.close();
    }
  });

  it('with motion, a block scrolled into view before the browser reported where it began shows', async () => {
    // A busy page can be handed an observer's reports several at once; the newest says where the block is. These
    // are the browser's own reports, only held back and handed over together, as a phone that is busy would.
    const { page, context, errors } = await homeWithHeldReports();
    try {
      const below = page.locator('[data-reveal]').filter({ visible: true }).last();
      expect(await below.evaluate((block) => block.getBoundingClientRect().top >= innerHeight), 'the last block of / starts below the fold').toBe(true);
      await below.evaluate((block) => block.scrollIntoView({ block: 'center' }));
      await painted(page);
      await handOverReports(page);
      await painted(page);
      await finishAnimations(page);
      expect(await below.evaluate((block) => getComputedStyle(block).opacity)).toBe('1');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('with motion, a block scrolled past before any report of it in view shows, for the reader who scrolls back', async () => {
    const { page, context, errors } = await homeWithHeldReports();
    try {
      // The first reports: the blocks below the fold are hidden, to fade in.
      await handOverReports(page);
      await painted(page);
      const index = await page.evaluate(() => [...document.querySelectorAll('[data-reveal]')].findIndex((block) => {
        const box = block.getBoundingClientRect();
        return box.top >= innerHeight && box.height > 0 && document.documentElement.scrollHeight - (box.bottom + scrollY) > innerHeight;
      }));
      expect(index, 'a block of / starts below the fold with a screen of page after it').toBeGreaterThanOrEqual(0);
      const block = page.locator('[data-reveal]').nth(index);
      expect(await block.evaluate((b) => getComputedStyle(b).opacity), 'the block is hidden, to fade in').toBe('0');
      // A flick past it: in view for a frame, then above the screen, and the reports come together only after.
      await block.evaluate((b) => b.scrollIntoView({ block: 'center' }));
      await painted(page);
      await block.evaluate((b) => window.scrollTo(0, b.getBoundingClientRect().bottom + scrollY + 10));
      await painted(page);
      await handOverReports(page);
      await painted(page);
      await finishAnimations(page);
      expect(await block.evaluate((b) => getComputedStyle(b).opacity)).toBe('1');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('with motion, on a phone whose processor is six times slower, every block of a long page shows once scrolled through', async () => {
    const path = content().pages.filter((p) => p.path).sort((a, b) => b.blocks.length - a.blocks.length)[0].path as string;
    const { page, context, errors } = await openPage(browser, { viewport: { width: 375, height: 667 }, reducedMotion: 'no-preference' });
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.goto(baseURL() + path, { waitUntil: 'load' });
      await waitForStart(page);
      // A reader's quick scroll to the end, a screen at a time, with no pause for the page to catch up.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 600) await page.mouse.wheel(0, 600);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await painted(page);
      await finishAnimations(page);
      expect(await hiddenBlocks(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

});
