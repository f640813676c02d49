import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { baseURL, openPage } from './page.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchChromium(); });
afterAll(async () => { await browser?.close(); });

/** Each page is a page load, started ahead by the page's speculation rules, in Chromium against the production build. */
describe('navigation between pages', () => {
  it('a link the visitor rests on is prerendered, and following it shows that page with no script of its own to wait for', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    const homeHeading = await page.locator('h1').innerText();
    const purposes: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') purposes.push(`${new URL(r.url()).pathname} ${r.headers()['sec-purpose'] ?? 'navigation'}`);
    });
    const link = page.locator('header nav').getByRole('link', { name: 'Fees', exact: true });
    await link.hover();
    // Chromium asks for the page ahead, saying why (Sec-Purpose), while the pointer rests on the link.
    await expect.poll(() => purposes).toContainEqual(expect.stringMatching(/^\/fees prefetch;prerender$/));
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fees');
    await expect.poll(() => page.locator('h1').innerText()).toContain('Fees');
    // The prerendered page was shown: nothing was asked for again.
    expect(purposes.filter((p) => p.startsWith('/fees ')).length).toBe(1);
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
    await page.locator('footer').getByRole('link').first().click();
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
