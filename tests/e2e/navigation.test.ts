import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { baseURL, openPage } from './page.ts';
import { watchSpeculation } from '../../bench/speculation.ts';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

/** Each page is a page load, started ahead by the page's speculation rules: Chromium against the production build. */
describe('navigation between pages', () => {
  it('a link the visitor rests on is started ahead (prerendered where allowed, else prefetched), and following it uses that', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    const speculation = await watchSpeculation(context, page);
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    const homeHeading = await page.locator('h1').innerText();
    // One page gives way to the next with the browser's cross-fade (a rule Chromium reads, so keeps), motion allowed.
    const transitions = await page.evaluate(() => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
      .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && rule.conditionText.includes('prefers-reduced-motion: no-preference'))
      .flatMap((rule) => [...rule.cssRules].map((inner) => inner.cssText.replace(/\s+/g, ' '))));
    expect(transitions).toContain('@view-transition { navigation: auto; }');
    // Nothing is started ahead until the visitor shows where they are going.
    expect([...speculation.prerender.keys(), ...speculation.prefetch.keys()]).toEqual([]);
    const link = page.locator('header nav').getByRole('link', { name: 'Fees', exact: true });
    await link.hover();
    // Chromium tries to prerender it (which it refuses while automated, as here) and fetches it ahead instead.
    await expect.poll(() => speculation.prerender.get('/fees') ?? []).not.toEqual([]);
    await expect.poll(() => speculation.prefetch.get('/fees') ?? []).toContain('PrefetchSuccessfulButNotUsed');
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fees');
    await expect.poll(() => page.locator('h1').innerText()).toContain('Fees');
    // The page fetched ahead is the page shown.
    await expect.poll(() => speculation.prefetch.get('/fees') ?? []).toContain('PrefetchResponseUsed');
    expect([...speculation.prefetch.keys()]).toEqual(['/fees']);
    expect(await page.title()).toContain('Fees');

    await page.goBack();
    await expect.poll(() => page.locator('h1').innerText()).toBe(homeHeading);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goForward();
    await expect.poll(() => page.locator('h1').innerText()).toContain('Fees');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works with JavaScript off: a link loads the page', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: { width: 375, height: 800 }, javaScriptEnabled: false });
    await page.goto(baseURL() + '/', { waitUntil: 'load' });
    await page.locator('footer a[href^="/"]:not([href="/"])').first().click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).not.toBe('/');
    expect(await page.locator('h1').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a link with a modifier key is left to the browser (opens a new tab, the page stays)', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    const opened = context.waitForEvent('page');
    await page.locator('header nav').getByRole('link', { name: 'Fees', exact: true }).click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/fees');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });
});
