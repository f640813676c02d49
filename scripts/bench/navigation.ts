import { chromium } from 'playwright-core';
import { chromeFlags, chromePath } from './common.ts';

export interface NavigationFigures {
  /** Links followed from /, each measured `times` times. */
  links: string[];
  /** From the click to the next page's heading painted, the link rested on first (prerendered), median ms. */
  prerenderedMs: number;
  /** The same with no rest on the link (a plain page load), median ms. */
  coldMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The next page painted after a click in Chromium (a desktop window, the local server): the time from the click
 * until the new page's first frame with its heading, read in that page (its navigation's start, or for a
 * prerendered page its activation, to the first animation frame once its <h1> is there).
 */
export async function measureNavigation(base: string, links: string[], times = 5): Promise<NavigationFigures> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const once = async (href: string, rest: boolean) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(base + '/', { waitUntil: 'networkidle' });
      const link = page.locator(`header a[href="${href}"]`).first();
      if (rest) {
        const asked = page.waitForRequest((r) => new URL(r.url()).pathname === href && Boolean(r.headers()['sec-purpose']));
        await link.hover();
        await asked;
        // The prerendered page loads its own HTML and pictures before it can be shown at once.
        await page.waitForTimeout(1000);
      }
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      return await page.evaluate(() => new Promise<number>((done) => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { activationStart?: number };
        const from = nav.activationStart || 0;
        const check = () => (document.querySelector('h1') ? requestAnimationFrame(() => done(performance.now() - from)) : requestAnimationFrame(check));
        check();
      }));
    } finally {
      await page.close();
    }
  };
  try {
    const prerendered: number[] = [];
    const cold: number[] = [];
    for (let i = 0; i < times; i++) {
      for (const href of links) {
        prerendered.push(await once(href, true));
        cold.push(await once(href, false));
      }
    }
    return { links, prerenderedMs: median(prerendered), coldMs: median(cold) };
  } finally {
    await browser.close();
  }
}
