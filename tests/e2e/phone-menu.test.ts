/**
 * The phone menu fits a small phone, on the frozen copy in Chromium: opened at 375 x 667 and 375 x 812, at the top
 * of the page, a little way down and far down, every item of its first level can be seen and tapped at once, without
 * scrolling its panel, above the call bar; the panel meets the bar with no gap; the service groups open in place
 * under one Services item.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { baseURL, openPage } from './page.ts';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

const SERVICES = 'details[data-menu="phone"] > nav > ul > li > details > summary';
const TOP_LEVEL = ['Home', 'How We Can Help', 'Services', 'Our Staff', 'Appointment Information', 'Privacy', 'Feedback', 'Fees'];

/** Where the panel and the bar are, and each first-level item: its words, whether it lies inside and on top. */
function measure(page: Page) {
  return page.evaluate(() => {
    const panel = document.querySelector('details[data-menu="phone"] > nav') as HTMLElement;
    const bar = document.querySelector('aside[data-call-bar]') as HTMLElement;
    const p = panel.getBoundingClientRect();
    const floor = bar.getBoundingClientRect().top;
    const items = [...panel.querySelectorAll<HTMLElement>(':scope > ul > li > a, :scope > ul > li > details > summary')].map((item) => {
      const r = item.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        // What it shows: the words a screen reader hears before a group's name are not shown.
        words: [...item.childNodes].filter((node) => !(node instanceof Element && node.classList.contains('visually-hidden'))).map((node) => node.textContent).join('').trim(),
        seen: r.top >= p.top - 0.5 && r.bottom <= p.bottom + 0.5 && r.bottom <= floor + 0.5 && r.top >= 0 && Boolean(top && item.contains(top)),
      };
    });
    return { panelBottom: p.bottom, barTop: floor, scrollTop: panel.scrollTop, items };
  });
}

describe('the phone menu', () => {
  for (const viewport of [{ width: 375, height: 667 }, { width: 375, height: 812 }]) {
    for (const scroll of [0, 40, 1500]) {
      it(`at ${viewport.width} x ${viewport.height}, the page scrolled ${scroll} px: every first-level item shows on opening, and the panel meets the call bar`, async () => {
        const { page, context, errors } = await openPage(browser, { viewport });
        await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
        await page.evaluate((y) => window.scrollTo(0, y), scroll);
        await page.locator('details[data-menu="phone"] > summary').click();
        const seen = await measure(page);
        expect(seen.items.map((item) => item.words)).toEqual(TOP_LEVEL);
        expect(seen.items.filter((item) => !item.seen).map((item) => item.words)).toEqual([]);
        expect(seen.scrollTop).toBe(0);
        expect(Math.abs(seen.panelBottom - seen.barTop)).toBeLessThanOrEqual(1);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  it('opens the service groups in place under Services, and a service is two taps from there', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 375, height: 667 } });
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    await page.locator('details[data-menu="phone"] > summary').click();
    const panel = page.locator('details[data-menu="phone"] > nav');
    expect(await panel.getByText('Preventative', { exact: true }).isVisible()).toBe(false);
    await page.locator(SERVICES).click();
    const groups = await panel.locator('details details > summary').allTextContents();
    expect(groups.map((words) => words.replace(/^Show /, ''))).toEqual(['Preventative', "Women's Health", "Men's Health", "Children's Health", 'Health Checks', 'Other Services']);
    await panel.locator('summary', { hasText: 'Preventative' }).click();
    await panel.getByRole('link', { name: 'Skin Cancer Checks' }).click();
    await page.waitForURL('**/skin-checks');
    expect(await panel.isVisible()).toBe(false);
    await context.close();
  });
});
