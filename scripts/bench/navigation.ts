import { chromium } from 'playwright-core';
import { watchSpeculation } from '../../tests/e2e/speculation.ts';
import { chromeFlags, chromePath } from './common.ts';

export interface NavigationFigures {
  /** Links followed from /, each measured `times` times. */
  links: string[];
  /**
   * From the click to the next page's heading painted, the link rested on first, median ms. Chromium refuses to
   * prerender while automated, so this is the page fetched ahead (a visitor's Chromium prerenders it: less still).
   */
  prefetchedMs: number;
  /** The same with no rest on the link (a plain page load), median ms. Each: the new page's first contentful paint. */
  coldMs: number;
}

// A string, so the bundler adds no helper of its own to the code the page runs.
const PAINTED = `new Promise((done) => {
  const from = performance.getEntriesByType('navigation')[0].activationStart || 0;
  new PerformanceObserver((list) => {
    const paint = list.getEntries().find((e) => e.name === 'first-contentful-paint');
    if (paint) done(Math.max(0, paint.startTime - from));
  }).observe({ type: 'paint', buffered: true });
})`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The next page painted after a click in Chromium (a desktop window, the local server): the time from the click
 * until the new page's first contentful paint, read in that page (from its navigation's start, or for a prerendered
 * page its activation), the link rested on first
 * (its page fetched ahead by the speculation rules) and not.
 */
export async function measureNavigation(base: string, links: string[], times = 5): Promise<NavigationFigures> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const once = async (href: string, rest: boolean) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      const speculation = await watchSpeculation(context, page);
      await page.goto(base + '/', { waitUntil: 'networkidle' });
      const link = page.locator(`header a[href="${href}"]`).first();
      if (rest) {
        await link.hover();
        for (let i = 0; i < 100 && !(speculation.prefetch.get(href) ?? []).includes('PrefetchSuccessfulButNotUsed'); i++) await page.waitForTimeout(20);
      }
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      return await page.evaluate<number>(PAINTED);
    } finally {
      await context.close();
    }
  };
  try {
    const prefetched: number[] = [];
    const cold: number[] = [];
    for (let i = 0; i < times; i++) {
      for (const href of links) {
        prefetched.push(await once(href, true));
        cold.push(await once(href, false));
      }
    }
    return { links, prefetchedMs: median(prefetched), coldMs: median(cold) };
  } finally {
    await browser.close();
  }
}
