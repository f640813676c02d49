/**
 * The open-now line in Chromium, on the frozen copy: its advice at fixed moments of the practice's clock (open, the
 * after-hours service running, closed with no service, a public holiday, the day after one), at the top of every
 * page's first screen at 375 and 1280 px, clear of the call bar, without a jump when it is filled in; and without
 * scripts, the weekly hours instead, which never go stale.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { holidaysAfterBuild } from '../fixtures/saltbush.ts';
import { baseURL, openPage } from './page.ts';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 800 };
const WIDTHS = [['375 px', PHONE], ['1280 px', DESKTOP]] as const;
const SUMMARY = 'Opening Hours: Monday to Friday 8:30 AM – 5:30 PM';

/** The instant it is `time` on `date` by Adelaide's clock (9:30 or 10:30 ahead of UTC: the one that reads so). */
function adelaide(date: string, time: string): string {
  const at = ['+10:30', '+09:30'].map((offset) => `${date}T${time}:00${offset}`)
    .find((moment) => new Date(moment).toLocaleString('sv-SE', { timeZone: 'Australia/Adelaide' }).startsWith(`${date} ${time}`));
  if (!at) throw new Error(`${date} ${time} does not happen in Adelaide`);
  return at;
}

const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(date).getUTCDay();

/** A listed public holiday on a weekday that the build's pages know, followed by an ordinary weekday. */
function holiday(): { date: string; next: string } {
  const dates = holidaysAfterBuild().map((h) => h.date);
  const plain = (date: string) => ![0, 6].includes(weekday(date)) && !dates.includes(date);
  const date = dates.find((d) => ![0, 6].includes(weekday(d)) && plain(addDays(d, 1)));
  if (!date) throw new Error('The frozen copy lists no weekday public holiday after the e2e build: add one to tests/fixtures/saltbush/site.yaml');
  return { date, next: addDays(date, 1) };
}

const AFTER_HOURS = 'Closed now. After-hours GP: call 1800 022 222 until 10:00 PM';
const opens = (day: string) => `Closed now, opens ${day} at 8:30 AM. Emergency: call 000`;
/** Closed, the after-hours service starting later the same day, before the surgery opens: the service is named. */
const later = (time: string) => `Closed now. After-hours GP from ${time}, call 1800 022 222`;
const { date: HOLIDAY, next: DAY_AFTER } = holiday();

// Wednesday 25 November 2026 and the days around it; then a public holiday and the day after it.
const CASES: [string, string, string, string][] = [
  ['open', adelaide('2026-11-25', '10:00'), 'Open now, closes 5:30 PM', ''],
  ['the after-hours service running', adelaide('2026-11-25', '19:00'), AFTER_HOURS, 'tel:1800022222'],
  ['closed, opening later today (8:00 on a Monday)', adelaide('2026-11-23', '08:00'), opens('today'), 'tel:000'],
  ['closed, after the after-hours service (23:00 on a Tuesday)', adelaide('2026-11-24', '23:00'), opens('tomorrow'), 'tel:000'],
  ['closed on a Saturday morning, before its after-hours service', adelaide('2026-11-28', '09:00'), later('1:00 PM'), 'tel:1800022222'],
  ['closed on a Friday evening, before its after-hours service', adelaide('2026-11-27', '17:45'), later('6:00 PM'), 'tel:1800022222'],
  ['closed late on a Saturday, after its after-hours service', adelaide('2026-11-28', '22:30'), opens('Monday'), 'tel:000'],
  [`a public holiday (${HOLIDAY}), its after-hours service`, adelaide(HOLIDAY, '11:00'), AFTER_HOURS, 'tel:1800022222'],
  [`a public holiday (${HOLIDAY}), early: its after-hours service later`, adelaide(HOLIDAY, '07:00'), later('10:00 AM'), 'tel:1800022222'],
  [`the day after a public holiday (${DAY_AFTER})`, adelaide(DAY_AFTER, '08:00'), opens('today'), 'tel:000'],
  // 9:00 in Perth is 11:30 in Adelaide: the practice's clock counts, not the visitor's.
  ['a visitor in Perth', '2026-11-25T09:00:00+08:00', 'Open now, closes 5:30 PM', ''],
];

async function visit(path: string, viewport: { width: number; height: number }, at?: string, javaScriptEnabled = true) {
  const watched = await openPage(browser, { viewport, javaScriptEnabled });
  if (at) await watched.page.clock.setFixedTime(new Date(at));
  await watched.page.goto(baseURL() + path, { waitUntil: 'networkidle' });
  return watched;
}

// Drawn in the band on a phone and in the bar on a computer, one shown at a time.
const line = (page: Page) => page.locator('header .today:visible');

/** Where the line is: wholly on the first screen, above a phone's call bar, and the topmost thing at its middle. */
function placement(page: Page) {
  return line(page).evaluate((p) => {
    const r = p.getBoundingClientRect();
    const bar = document.querySelector('aside[aria-label]');
    const barTop = bar && bar.checkVisibility() ? bar.getBoundingClientRect().top : innerHeight;
    const top = document.elementFromPoint(r.left + Math.min(r.width / 2, 40), r.top + r.height / 2);
    return { onScreen: r.top >= 0 && r.bottom <= innerHeight, clearOfCallBar: r.bottom <= barTop, uncovered: Boolean(top && p.contains(top)), height: r.height };
  });
}

/** The header's height and where the page starts: the line's room, the same before and after it is filled in. */
const bandHeight = (page: Page) => page.evaluate(() => [document.querySelector('header')!.getBoundingClientRect().height, document.querySelector('main')!.getBoundingClientRect().top]);

describe('the open-now line gives the right advice', () => {
  const noScript = new Map<number, number[]>();
  beforeAll(async () => {
    for (const [, viewport] of WIDTHS) {
      const { page, context } = await visit('/', viewport, undefined, false);
      noScript.set(viewport.width, await bandHeight(page));
      await context.close();
    }
  });

  for (const [label, viewport] of WIDTHS) {
    it.each(CASES)(`${label}, %s: at %s the header says "%s"`, async (_what, at, words, tel) => {
      const { page, context, errors } = await visit('/', viewport, at);
      await expect.poll(() => line(page).textContent()).toBe(words);
      expect(await line(page).locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(tel ? [tel] : []);
      expect(await placement(page)).toMatchObject({ onScreen: true, clearOfCallBar: true, uncovered: true });
      // Nothing moved: the band kept its height from the prerendered page.
      expect(await bandHeight(page)).toEqual(noScript.get(viewport.width));
      // The numbers stay whole, on one line each.
      for (const link of await line(page).locator('a').all()) expect((await link.evaluate((a) => a.getClientRects().length))).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it('moves on at the turn of the minute while the page stays open', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    await page.clock.install({ time: new Date(adelaide('2026-11-25', '17:29')) });
    await page.clock.pauseAt(new Date(new Date(adelaide('2026-11-25', '17:29')).getTime() + 30_000));
    await page.goto(baseURL() + '/', { waitUntil: 'load' });
    await page.clock.runFor(5_000);
    await expect.poll(() => line(page).textContent()).toBe('Open now, closes 5:30 PM');
    await page.clock.runFor(30_000);
    await expect.poll(() => line(page).textContent()).toBe(later('6:00 PM'));
    await context.close();
  });
});

describe('the open-now line on every first screen', () => {
  const pages = ['/', '/appointments', '/fees', '/services/mental-health', '/doctors', '/no-such-page'];
  for (const [label, viewport] of WIDTHS) {
    it(`at ${label}: ${pages.join(', ')}; Call and Book still in the header on a computer`, async () => {
      for (const path of pages) {
        const { page, context } = await visit(path, viewport, adelaide('2026-11-25', '19:00'));
        await expect.poll(() => line(page).textContent()).toBe(AFTER_HOURS);
        expect(await placement(page), path).toMatchObject({ onScreen: true, clearOfCallBar: true, uncovered: true });
        // Said once on the first screen: no second line there (the footer's, beside the weekly hours, is further down).
        const shown = await page.locator('.today').evaluateAll((lines) => lines.filter((p) => {
          const r = p.getBoundingClientRect();
          return p.textContent && r.height > 0 && r.bottom > 0 && r.top < innerHeight;
        }).length);
        expect(shown, path).toBe(1);
        if (viewport === DESKTOP) {
          for (const name of [/^Call 8377 1234$/, /^Book$/]) {
            const box = await page.locator('header').getByRole('link', { name }).boundingBox();
            expect(box && box.y >= 0 && box.y + box.height <= 200, `${path} ${name}`).toBe(true);
          }
        }
        await context.close();
      }
    });

    it(`at ${label} the top band's phone, fax and e-mail are one line, each number whole, each named in full`, async () => {
      const { page, context } = await visit('/', viewport, adelaide('2026-11-25', '10:00'));
      const contacts = page.locator('header > div').first().locator('a[href^="tel:"], a[href^="mailto:"], span:has(> .icon)');
      const lines = await contacts.evaluateAll((items) => items.map((item) => {
        const r = item.getBoundingClientRect();
        return { top: Math.round(r.top), rows: [...item.getClientRects()].length, fits: r.left >= 0 && r.right <= innerWidth };
      }));
      expect(lines).toHaveLength(3);
      expect(new Set(lines.map((l) => l.top)).size).toBe(1);
      expect(lines.every((l) => l.rows === 1 && l.fits)).toBe(true);
      const band = page.locator('header > div').first();
      expect(await band.getByRole('link', { name: 'Phone: 8377 1234' }).isVisible()).toBe(true);
      expect(await band.getByRole('link', { name: /^Email reception@saltbushbaymedical\.example$/ }).isVisible()).toBe(true);
      expect(await band.getByText('8377 1299').isVisible()).toBe(true);
      await context.close();
    });
  }
});

describe('without scripts', () => {
  it('the prerendered pages say the weekly hours, never "Open now" or "Closed"', async () => {
    for (const path of ['/', '/appointments', '/fees']) {
      const html = await (await fetch(baseURL() + path)).text();
      const lines = [...html.matchAll(/<p class="today [^"]*"[^>]*>(.*?)<\/p>/g)].map(([, inner]) => inner.replace(/<[^>]*>/g, ''));
      expect(lines).toEqual([SUMMARY, SUMMARY]);
      expect(html).not.toMatch(/Open now|Closed now|Closed:/);
    }
  });

  it.each(WIDTHS)('at %s the line shows the weekly hours on the first screen', async (_label, viewport) => {
    const { page, context } = await visit('/', viewport, undefined, false);
    expect(await line(page).textContent()).toBe(SUMMARY);
    expect(await placement(page)).toMatchObject({ onScreen: true, clearOfCallBar: true, uncovered: true });
    // The footer's line, which has no summary, takes no room.
    expect(await page.locator('footer .today').evaluate((p) => getComputedStyle(p).display)).toBe('none');
    await context.close();
  });
});
