/**
 * What a patient meets on the live site.yaml, invariants only: the prerendered markup is clean, every new-tab link
 * says so, the feedback form explains itself without JavaScript, the practice's number stays on screen on a phone,
 * and people's cards sit well. What is checked on every route at each width (line breaks, even cards, print) runs
 * in quality.test.ts, on the visits it makes anyway.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, manifest, pathsWithBlock, UNKNOWN_PATH, visit } from '../e2e/inspect.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { baseURL } from '../e2e/page.ts';
import { telHref } from '../../src/content/phone.ts';

const routes = manifest();
const everyPath = [...routes.pages.map((p) => p.path), UNKNOWN_PATH];

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

/** The tel: links a visitor can see and tap now: inside the screen, and the topmost thing at their centre. */
function telLinksOnScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('a[href^="tel:"]')].flatMap((link) => {
    const r = link.getBoundingClientRect();
    if (r.width === 0 || r.bottom <= 0 || r.top >= window.innerHeight) return [];
    const style = getComputedStyle(link);
    if (style.visibility !== 'visible' || Number(style.opacity) === 0) return [];
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top && (top === link || link.contains(top)) ? [link.getAttribute('href') ?? ''] : [];
  }));
}

const pages = new Map<string, string>();
async function html(path: string): Promise<string> {
  if (!pages.has(path)) pages.set(path, await (await fetch(baseURL() + path)).text());
  return pages.get(path) as string;
}

describe('prerendered markup of every route', () => {
  it('no class attribute holds "undefined" (a style class the build dropped)', async () => {
    const bad: string[] = [];
    for (const path of everyPath) {
      for (const [attribute] of (await html(path)).matchAll(/\sclass="[^"]*\bundefined\b[^"]*"/g)) bad.push(`${path}:${attribute}`);
    }
    expect(bad).toEqual([]);
  });

  it('every link that opens a new tab says so to screen readers (words hidden inside the link)', async () => {
    // The site's words for it are optional; a site without them has nothing to say.
    if (!content().layout.ui.newTab) return;
    const silent: string[] = [];
    let count = 0;
    for (const path of everyPath) {
      for (const [anchor, inner] of (await html(path)).matchAll(/<a\b[^>]*\btarget="_blank"[^>]*>([\s\S]*?)<\/a>/g)) {
        count++;
        const hidden = /<span class="visually-hidden">([\s\S]*?)<\/span>/.exec(inner)?.[1]?.replace(/<!--[\s\S]*?-->/g, '').trim();
        if (!hidden) silent.push(`${path}: ${anchor.slice(0, 160)}`);
      }
    }
    expect(silent).toEqual([]);
    console.log(`patient: ${count} new-tab links announced`);
  });
});

describe('with JavaScript off at 375 px', () => {
  it.each(pathsWithBlock('feedback-form'))('%s: the feedback form says it needs JavaScript and gives the phone and e-mail', async (path) => {
    const block = content().pages.flatMap((p) => p.blocks).find((b) => b.type === 'feedback-form');
    if (!block || block.type !== 'feedback-form' || !block.noScript) return;
    const v = await visit(browser, path, { width: 375, javaScriptEnabled: false });
    try {
      const form = v.page.locator('form');
      await expect.poll(() => form.getByText(block.noScript as string, { exact: true }).isVisible()).toBe(true);
      expect(await form.locator('a[href^="tel:"]').isVisible()).toBe(true);
      expect(await form.locator('a[href^="mailto:"]').isVisible()).toBe(true);
    } finally {
      await v.close();
    }
  });
});

describe('with JavaScript on', () => {
  it.each(pathsWithBlock('feedback-form'))('%s: the words for browsers without JavaScript are not shown', async (path) => {
    const v = await visit(browser, path, { width: 375 });
    try {
      expect(await v.page.locator('form a[href^="mailto:"]').count()).toBe(0);
    } finally {
      await v.close();
    }
  });
});

describe('on a phone (375 px)', () => {
  /** The longest page of the site, by its prerendered HTML. */
  async function longestPath(): Promise<string> {
    let longest = { path: '/', size: 0 };
    for (const path of routes.pages.map((p) => p.path)) {
      const size = (await html(path)).length;
      if (size > longest.size) longest = { path, size };
    }
    return longest.path;
  }

  it('the number that answers at this hour stays on screen as the page scrolls, and never hides the end of the page', async () => {
    if (!content().layout.ui.callBar) return;
    const path = await longestPath();
    const v = await visit(browser, path, { width: 375 });
    try {
      const { page } = v;
      await page.evaluate(() => window.scrollTo(0, Math.floor(document.documentElement.scrollHeight / 2)));
      // The header's contact line has scrolled away; the header itself stays at the top of the screen.
      const header = await page.locator('header').first().boundingBox();
      expect(header!.y).toBeLessThan(0);
      expect(header!.y + header!.height).toBeGreaterThan(0);
      const { contact } = content().layout;
      // The practice's number, or while it is closed and the after-hours GP runs, theirs (the bar follows the hour).
      const answering = [telHref(contact.phone, contact.areaCode), telHref(contact.afterHoursGp.phone)];
      await expect.poll(async () => (await telLinksOnScreen(page)).some((href) => answering.includes(href))).toBe(true);
      // At the very end, the last words of the footer are above the bar, not under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const uncovered = await page.evaluate(() => {
        const footer = document.querySelector('footer');
        const last = [...(footer?.querySelectorAll('p, li, a') ?? [])].at(-1);
        if (!last) return true;
        const r = last.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + 2, r.bottom - 2);
        return Boolean(top && (top === last || last.contains(top)));
      });
      expect(uncovered).toBe(true);
    } finally {
      await v.close();
    }
  });

  it('the header shows the fax and the phone at the top of the page', async () => {
    const v = await visit(browser, '/', { width: 375 });
    try {
      const { contact } = content().layout;
      const header = v.page.locator('header');
      expect(await header.locator('a[href^="tel:"]').first().isVisible()).toBe(true);
      if (contact.fax) expect(await header.getByText(contact.fax, { exact: false }).first().isVisible()).toBe(true);
    } finally {
      await v.close();
    }
  });
});

describe('layout', () => {
  it('at 1280 px a short last row of people is centred under the others', async () => {
    const off: string[] = [];
    for (const path of pathsWithBlock('staff-cards')) {
      const v = await visit(browser, path, { width: 1280 });
      try {
        off.push(...(await v.page.evaluate(() => [...document.querySelectorAll('main ul')].flatMap((list) => {
          const cards = [...list.children].filter((c) => c.classList.contains('card')).map((c) => c.getBoundingClientRect());
          if (cards.length === 0) return [];
          const box = list.getBoundingClientRect();
          const lastTop = Math.max(...cards.map((r) => r.top));
          const row = cards.filter((r) => r.top === lastTop);
          const middle = (Math.min(...row.map((r) => r.left)) + Math.max(...row.map((r) => r.right))) / 2;
          return Math.abs(middle - (box.left + box.right) / 2) > 2 ? [`${location.pathname}: ${list.closest('section')?.querySelector('h2')?.textContent}`] : [];
        }))));
      } finally {
        await v.close();
      }
    }
    expect(off).toEqual([]);
  });

  const profile = content().pages.find((p) => p.path && p.doctor && p.doctor.areas.length > 0)?.path;
  it.skipIf(!profile)('a doctor\'s profile at 1280 px uses the width: the areas of interest beside the biography', async () => {
    const v = await visit(browser, profile!, { width: 1280 });
    try {
      const sections = await v.page.locator('main section').evaluateAll((list) => list.map((s) => s.getBoundingClientRect()).map((r) => ({ left: r.left, top: r.top })));
      expect(sections[1].left).toBeGreaterThan(sections[0].left + 300);
      expect(Math.abs(sections[1].top - sections[0].top)).toBeLessThan(5);
    } finally {
      await v.close();
    }
  });
});
