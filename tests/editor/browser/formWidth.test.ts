import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { select, sessionForFile } from './harness.ts';

/**
 * A form fits its column: every field, legend and button of a list entry (Up, Down, Duplicate, Remove) lies inside
 * the form's column, never under the preview or off the screen, on a computer (1280 px) and on a phone (375 px).
 */
const session = sessionForFile({ reset: false });

/** What of the form lies outside its column, by id or words, with its left and right edges. */
function outside(page: Page) {
  return page.evaluate(() => {
    const column = document.querySelector('.workspace')?.getBoundingClientRect();
    if (!column) return ['no form column'];
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.form button, .form input, .form select, .form textarea, .form fieldset, .form legend, .form label')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.left < column.left - 1 || r.right > column.right + 1) out.push(`${el.tagName.toLowerCase()} ${el.id || el.textContent?.trim().slice(0, 30)}: ${Math.round(r.left)}-${Math.round(r.right)}`);
    }
    return out.length ? [`column ${Math.round(column.left)}-${Math.round(column.right)}`, ...out.slice(0, 12)] : [];
  });
}

describe('the Navigation form fits its column', () => {
  for (const [width, height] of [[1280, 900], [375, 800]] as const) {
    it(`at ${width} px`, async () => {
      const { page } = session();
      await page.setViewportSize({ width, height });
      await select(page, 'Practice', 'Navigation');
      await page.locator('#root_items_0__remove').waitFor();
      expect(await outside(page)).toEqual([]);
      // The column is wide enough to type in, and the page does not scroll sideways.
      const column = await page.locator('.workspace').boundingBox();
      expect(column?.width ?? 0).toBeGreaterThanOrEqual(Math.min(width, 1280) * 0.3 < 300 ? width - 40 : 300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `/tmp/editor-navigation-${width}.png` });
    });
  }
});
