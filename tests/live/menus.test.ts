/**
 * The header's menus on the live site.yaml, invariants only: at every width from the smallest computer screen to a
 * large one, and on a phone, each menu opened (every group in it too) lies inside the screen, and every link in it
 * can be seen and tapped, above the phone's call bar. The menus are the same on every page; they are opened at the
 * top of the home page and again with the page scrolled, where the header has stuck to the top of the screen.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { visit } from '../e2e/inspect.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { menuProblems } from './probes.ts';

const MENU_WIDTHS = [375, 1024, 1280, 1440, 1920] as const;

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

describe.each(MENU_WIDTHS)('at %i px', (width) => {
  it.for([0, 1500])('with the page scrolled %i px, every menu and every item in it is on screen, above the call bar and covered by nothing', async (scroll, { expect }) => {
    const v = await visit(browser, '/', { width });
    try {
      await v.page.evaluate((y) => window.scrollTo(0, y), scroll);
      expect(await menuProblems(v.page)).toEqual([]);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });
});
