import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { viewportFor, visit } from './inspect.ts';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

/** The practice's logo (on every page) drawn: its picture came. */
const logoShown = (page: Page) => page.evaluate(() => {
  const logos = [...document.images].filter((image) => image.src.endsWith('/images/logo.svg'));
  return logos.length > 0 && logos.every((image) => image.complete && image.naturalWidth > 0);
});

// A visit's page is used again by the next visit with the same settings: it must come as a new page would.
describe('a page used again by the next visit', () => {
  it('is the same page, with nothing of the last visit: its screen the context\'s, no route, no listener, the new address', async () => {
    const first = await visit(browser, '/fees', { width: 375 });
    const heard: string[] = [];
    first.page.on('request', (request) => heard.push(request.url()));
    await first.page.route(/\/images\/logo\.svg$/, (route) => route.abort());
    await first.page.reload();
    expect(await logoShown(first.page)).toBe(false);
    await first.page.setViewportSize({ width: 420, height: 500 });
    await first.close();
    heard.length = 0;

    const second = await visit(browser, '/', { width: 375 });
    try {
      expect(second.page).toBe(first.page);
      expect(second.page.viewportSize()).toEqual(viewportFor(375));
      expect(new URL(second.page.url()).pathname).toBe('/');
      // The last visit's route is gone.
      expect(await logoShown(second.page)).toBe(true);
      expect(heard).toEqual([]);
      expect(second.errors).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('is not one closed since, nor one of another setting', async () => {
    const closed = await visit(browser, '/fees', { width: 1280 });
    await closed.close();
    await closed.page.close();
    const next = await visit(browser, '/fees', { width: 1280 });
    const other = await visit(browser, '/fees', { width: 375 });
    try {
      expect(next.page).not.toBe(closed.page);
      expect(next.page.isClosed()).toBe(false);
      expect(other.page).not.toBe(next.page);
      expect(other.page.viewportSize()).toEqual(viewportFor(375));
    } finally {
      await next.close();
      await other.close();
    }
  });
});
