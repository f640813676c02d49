/**
 * What a patient needs first, in Chromium on the frozen copy of the practice: today's hours by the practice's clock,
 * calling and booking at hand, the fees open, help in a crisis at the top.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { holidaysAfterBuild } from '../fixtures/saltbush.ts';
import { baseURL, openPage } from './page.ts';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

async function visit(path: string, options: Parameters<typeof openPage>[1] = {}, at?: string) {
  const watched = await openPage(browser, { viewport: DESKTOP, ...options });
  if (at) await watched.page.clock.setFixedTime(new Date(at));
  await watched.page.goto(baseURL() + path, { waitUntil: 'networkidle' });
  await watched.page.waitForFunction(() => document.getElementById('root')?.firstElementChild !== null);
  return watched;
}

/**
 * The first listed public holiday on a weekday that the build's pages know, at 11:00 in Adelaide: a time the surgery
 * is open on any other weekday.
 */
function nextWeekdayHoliday(): string {
  const next = holidaysAfterBuild().map((h) => h.date).find((date) => ![0, 6].includes(new Date(date).getUTCDay()));
  if (!next) throw new Error('The frozen copy lists no weekday public holiday after the e2e build: add one to tests/fixtures/saltbush/site.yaml');
  const summer = Number(next.slice(5, 7)) >= 10 || Number(next.slice(5, 7)) <= 3;
  return `${next}T11:00:00${summer ? '+10:30' : '+09:30'}`;
}

describe("today's hours", () => {
  // Adelaide is 10:30 ahead of UTC in summer: Wednesday 25 November 2026, then Saturday 28, then a listed holiday.
  // The header's line, at more moments and widths, is tests/e2e/open-now.test.ts's.
  it.each([
    ['2026-11-25T08:29:00+10:30', 'Closed now, opens today at 8:30 AM. Emergency: call 000', 'tel:000'],
    ['2026-11-25T08:30:00+10:30', 'Open now, closes 5:30 PM', ''],
    ['2026-11-25T17:29:00+10:30', 'Open now, closes 5:30 PM', ''],
    // Closed, the after-hours service sooner than the surgery: it is the one named.
    ['2026-11-25T17:30:00+10:30', 'Closed now. After-hours GP from 6:00 PM, call 1800 022 222', 'tel:1800022222'],
    ['2026-11-25T18:00:00+10:30', 'Closed now. After-hours GP: call 1800 022 222 until 10:00 PM', 'tel:1800022222'],
    ['2026-11-28T11:00:00+10:30', 'Closed now. After-hours GP from 1:00 PM, call 1800 022 222', 'tel:1800022222'],
    [nextWeekdayHoliday(), 'Closed now. After-hours GP: call 1800 022 222 until 10:00 PM', 'tel:1800022222'],
    // 9:00 in Perth is 11:30 in Adelaide: the practice's clock counts, not the visitor's.
    ['2026-12-24T09:00:00+08:00', 'Open now, closes 5:30 PM', ''],
  ])('at %s the footer says "%s"', async (at, line, tel) => {
    const { page, context, errors } = await visit('/', {}, at);
    const today = page.locator('footer .today');
    await expect.poll(() => today.textContent()).toBe(line);
    if (tel) expect(await today.locator('a').getAttribute('href')).toBe(tel);
    // The weekly table stays under it.
    expect(await page.locator('footer .hours').textContent()).toContain('Monday to Friday');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the footer\'s is not in the prerendered page, nor shown without scripts: the weekly table is', async () => {
    const html = await (await fetch(baseURL() + '/appointments')).text();
    expect(html).toContain('<p class="today" data-today=""></p>');
    expect(html).not.toMatch(/Open now|Closed now|Closed: call/);
    const { page, context } = await visit('/appointments', { javaScriptEnabled: false, viewport: PHONE });
    const today = page.locator('footer .today');
    expect(await today.textContent()).toBe('');
    expect(await today.evaluate((p) => getComputedStyle(p).display)).toBe('none');
    await context.close();
  });
});

/** The element a patient would tap at the middle of `selector`'s first match: it, or something inside it. */
async function tappable(page: import('playwright-core').Page, selector: string): Promise<boolean> {
  return page.locator(selector).first().evaluate((element) => {
    const r = element.getBoundingClientRect();
    if (r.width === 0 || r.top < 0 || r.bottom > window.innerHeight) return false;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(top && (top === element || element.contains(top)));
  });
}

describe('Call and Book at hand', () => {
  it.each([['375 px', PHONE], ['1280 px', DESKTOP]])('at %s the menu, Call and Book stay on screen after a scroll', async (_label, viewport) => {
    // A Wednesday morning, when the practice answers: the phone's bar offers its number then (call-bar.test.ts).
    const { page, context, errors } = await visit('/fees', { viewport }, '2026-11-25T10:00:00+10:30');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const bar = await page.locator('header > div').nth(1).boundingBox();
    expect(bar!.y).toBeGreaterThanOrEqual(-1);
    expect(bar!.y).toBeLessThan(2);
    // The menu: the button on a phone, the links on a computer.
    expect(await tappable(page, viewport === PHONE ? 'header details > summary:visible' : 'header nav a[href="/"]')).toBe(true);
    // Call (with the number) and Book (to /appointments): in the header on a computer, in the call bar on a phone.
    const call = page.locator(`${viewport === PHONE ? '' : 'header '}a[href="tel:+61883771234"]:visible`, { hasText: /^Call/ }).first();
    expect(await call.textContent()).toMatch(/^Call (us )?8377 1234$/);
    expect(await call.evaluate((a) => { const r = a.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })).toBe(true);
    const book = page.locator(`${viewport === PHONE ? '' : 'header '}a[href="/appointments"]:visible`, { hasText: /^Book$/ }).first();
    expect(await book.evaluate((a) => { const r = a.getBoundingClientRect(); const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return r.top >= 0 && r.bottom <= innerHeight && Boolean(top && a.contains(top)); })).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const viewport of [{ width: 1280, height: 800 }, { width: 1440, height: 900 }]) {
    it(`the home page's strip of hours, after hours and 000 is whole on the first screen at ${viewport.width} x ${viewport.height}, under a whole hero`, async () => {
      const { page, context } = await visit('/', { viewport });
      const boxes = await page.evaluate(() => {
        const box = (el: Element | null) => (el ? el.getBoundingClientRect().toJSON() as DOMRect : null);
        const hero = document.querySelector('main h1')?.closest('section') ?? null;
        const strip = [...document.querySelectorAll('main section')].find((s) => /Opening Hours/.test(s.textContent ?? '') && /000/.test(s.textContent ?? '')) ?? null;
        const inHero = hero ? [...hero.querySelectorAll('h1, p, a')].map((el) => el.getBoundingClientRect()) : [];
        return { hero: box(hero), strip: box(strip), words: inHero.map((r) => ({ top: r.top, bottom: r.bottom })) };
      });
      expect(boxes.strip).not.toBeNull();
      expect(boxes.strip!.bottom).toBeLessThanOrEqual(viewport.height);
      expect(boxes.strip!.top).toBeGreaterThanOrEqual(boxes.hero!.bottom - 1);
      expect(boxes.words.filter((r) => r.top < boxes.hero!.top || r.bottom > boxes.hero!.bottom)).toEqual([]);
      await context.close();
    });
  }

  it('/appointments opens, at 375 px, with a large call button and today\'s hours on its first screen', async () => {
    const { page, context } = await visit('/appointments', { viewport: PHONE }, '2026-11-25T10:00:00+10:30');
    const call = page.locator('main a[href="tel:+61883771234"]').first();
    expect(await call.textContent()).toBe('Call 8377 1234');
    const box = (await call.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(48);
    // Above the call bar at the foot of the screen.
    expect(box.y + box.height).toBeLessThanOrEqual(800 - 56);
    // Whether the surgery is open now: at the top of the header, as on every page.
    const today = page.locator('header .today:visible');
    await expect.poll(() => today.textContent()).toBe('Open now, closes 5:30 PM');
    const line = (await today.boundingBox())!;
    expect(line.y + line.height).toBeLessThanOrEqual(800 - 56);
    await context.close();
  });
});

describe('help in a crisis at the top', () => {
  it('the mental-health page starts with the crisis strip: 000 and the crisis lines on the first screen at 375 px', async () => {
    const { page, context, errors } = await visit('/services/mental-health', { viewport: PHONE });
    // The page's first block, before its heading.
    const first = page.locator('main > :first-child');
    const region = first.getByRole('region', { name: 'Need help right now?' });
    expect(await region.count()).toBe(1);
    const calls = await region.locator('a[href^="tel:"]').evaluateAll((links) => links.map((a) => {
      const r = a.getBoundingClientRect();
      return { text: a.textContent, href: a.getAttribute('href'), onScreen: r.top >= 0 && r.bottom <= innerHeight - 56 };
    }));
    expect(calls).toEqual([
      { text: '000', href: 'tel:000', onScreen: true },
      { text: 'Call Lifeline 13 11 14', href: 'tel:131114', onScreen: true },
      { text: 'Call 13YARN 13 92 76', href: 'tel:139276', onScreen: true },
    ]);
    // Above the page's heading, which is still the first heading of the page.
    const strip = (await first.boundingBox())!;
    expect(strip.y + strip.height).toBeLessThanOrEqual((await page.locator('h1').boundingBox())!.y);
    expect(await page.locator('main :is(h1, h2, h3)').first().evaluate((h) => h.tagName)).toBe('H1');
    // Its link to the full list lands on it.
    await region.getByRole('link', { name: 'further down this page' }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe('#crisis-support');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the home page without JavaScript', () => {
  it('shows no pause button that cannot work, and every doctor of the carousel can be reached', async () => {
    const { page, context } = await visit('/', { javaScriptEnabled: false, viewport: DESKTOP });
    expect(await page.locator('main section').first().locator('button').evaluateAll((buttons) => buttons.filter((b) => b.checkVisibility()).length)).toBe(0);
    const carousel = page.locator('main [aria-roledescription]').first();
    // No arrows that do nothing; the row of doctors scrolls sideways to its last card.
    expect(await carousel.locator('button').evaluateAll((buttons) => buttons.filter((b) => b.checkVisibility()).length)).toBe(0);
    const links = carousel.locator('a[href^="/doctors/"]');
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(6);
    await links.nth(count - 1).scrollIntoViewIfNeeded();
    expect(await links.nth(count - 1).evaluate((a) => { const r = a.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight; })).toBe(true);
    await context.close();
  });
});
