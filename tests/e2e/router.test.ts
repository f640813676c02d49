import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { baseURL, openPage } from './page.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchChromium(); });
afterAll(async () => { await browser?.close(); });

/** Client-side navigation (react-router-dom) in Chromium against the production build. */
describe('client-side navigation', () => {
  it('a link loads only the next page\'s chunks (no document reload); back and forward work', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    const homeHeading = await page.locator('h1').innerText();
    // A marker that a full page load would wipe out.
    await page.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
    const documents: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });

    await page.locator('header nav').getByRole('link', { name: 'Fees', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fees');
    await expect.poll(() => page.locator('h1').innerText()).toContain('Fees');
    expect(documents).toEqual([]);
    expect(scripts.some((s) => /\/assets\/fees-[\w-]+\.js$/.test(s))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.title()).toContain('Fees');
    // Focus moves to the new content for screen readers.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    await page.goBack();
    await expect.poll(() => page.locator('h1').innerText()).toBe(homeHeading);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goForward();
    await expect.poll(() => page.locator('h1').innerText()).toContain('Fees');
    expect(documents).toEqual([]);
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
