import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { overflowing, viewportFor } from './inspect.ts';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await sharedChromium();
  page = await (await browser.newContext({ viewport: viewportFor(375) })).newPage();
});
afterAll(async () => { await closeContexts(browser); });

/** A page of one block, drawn only near the screen as the site's blocks are, holding a question of the given width. */
const blockWith = (width: string) => page.setContent(
  `<body style="margin:0"><main><div style="content-visibility:auto"><p class="question" style="min-width:${width}">Are vaccines free?</p></div></main></body>`,
);

describe('the reflow check at 375 px', () => {
  it('finds what sticks out inside a block that clips it, though the page does not scroll sideways', async () => {
    await blockWith('26rem');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    expect(await overflowing(page)).toEqual(['p.question: right edge at 416 px']);
  });

  it('finds nothing in a block that fits', async () => {
    await blockWith('20rem');
    expect(await overflowing(page)).toEqual([]);
  });
});
