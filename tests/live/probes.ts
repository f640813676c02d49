/**
 * Probes of a rendered page that the live invariants run on every route: each reads what a patient would see and
 * returns what is wrong, in words (an empty list when all is well).
 */
import type { Page } from 'playwright-core';
import type { CompiledSite } from '../../src/content/model.ts';
import { telHref } from '../../src/content/phone.ts';

/** Cards side by side in one row of a list: groups of siblings with the same top edge, and their heights. */
function cardRows(page: Page): Promise<{ where: string; heights: number[] }[]> {
  return page.evaluate(() => [...document.querySelectorAll('main ul')].flatMap((list) => {
    const cards = [...list.children].filter((c) => c.classList.contains('card')) as HTMLElement[];
    const rows = new Map<number, number[]>();
    for (const card of cards) {
      const r = card.getBoundingClientRect();
      const top = Math.round(r.top + window.scrollY);
      rows.set(top, [...(rows.get(top) ?? []), Math.round(r.height)]);
    }
    const where = list.closest('section')?.querySelector('h2')?.textContent ?? list.className;
    return [...rows.values()].filter((h) => h.length > 1).map((heights) => ({ where, heights }));
  }));
}

/** Rows of cards side by side whose heights differ. */
export async function unevenCardRows(page: Page): Promise<string[]> {
  return (await cardRows(page))
    .filter(({ heights }) => Math.max(...heights) - Math.min(...heights) > 1)
    .map(({ where, heights }) => `${where}: cards of heights ${heights.join(', ')} in one row`);
}

/**
 * No phone number is split across lines, opening hours read alike on every line, no e-mail address is cut mid-word,
 * and no arrow starts a line alone.
 */
export function lineBreakProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const link of document.querySelectorAll('a[href^="tel:"]')) {
      // A number shown as itself; a link of several words around a number may wrap as text does.
      if (!/^[\d\s()+-]+$/.test(link.textContent?.trim() ?? '')) continue;
      const lines = new Set([...link.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) found.push(`${location.pathname}: ${link.textContent} is split`);
    }
    // Each list of opening hours reads alike on every line: all days beside their times, or all above them.
    for (const list of document.querySelectorAll('dl.hours')) {
      const modes = new Set([...list.querySelectorAll(':scope > div')].map((row) => {
        const [dt, dd] = [row.querySelector('dt'), row.querySelector('dd')];
        if (!dt || !dd || !dd.textContent) return 'empty';
        return Math.abs(dt.getBoundingClientRect().top - dd.getBoundingClientRect().top) < 4 ? 'beside' : 'above';
      }));
      modes.delete('empty');
      if (modes.size > 1) found.push(`${location.pathname}: the opening hours "${list.textContent?.slice(0, 40)}" wrap on some lines only`);
    }
    // An e-mail address may wrap after its @, but no part of it is cut mid-word.
    for (const link of document.querySelectorAll('a[href^="mailto:"]')) {
      for (const node of link.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (lines.size > 1) found.push(`${location.pathname}: "${node.textContent}" is cut mid-word`);
      }
    }
    for (const arrow of document.querySelectorAll('a span[aria-hidden="true"]')) {
      if (!/^\s*→$/.test(arrow.textContent ?? '')) continue;
      const before = arrow.previousSibling?.nodeType === Node.TEXT_NODE ? arrow.previousSibling : arrow.parentElement?.firstChild;
      if (!before || before.nodeType !== Node.TEXT_NODE || !before.textContent) continue;
      const range = document.createRange();
      range.setStart(before, before.textContent.length - 1);
      range.setEnd(before, before.textContent.length);
      const last = [...range.getClientRects()].at(-1);
      const own = [...arrow.getClientRects()].at(-1);
      if (last && own && Math.round(own.top) > Math.round(last.top)) found.push(`${location.pathname}: the arrow after "${before.textContent}" is alone on its line`);
    }
    return found;
  });
}

/**
 * Printed, the page has no site header, navigation, call band, call bar or footer, and the practice's name and phone
 * are on top (in a masthead that never shows on screen). Leaves the page in screen media.
 */
export async function printProblems(page: Page, layout: CompiledSite['layout']): Promise<string[]> {
  const problems: string[] = [];
  await page.emulateMedia({ media: 'print' });
  const shown = await page.evaluate(() => [...document.querySelectorAll('header, nav, footer, .skip-link, button')]
    .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
    .map((el) => `${el.localName}.${el.className}: ${(el.textContent ?? '').trim().slice(0, 40)}`));
  problems.push(...shown.map((el) => `printed: ${el}`));
  const top = page.locator('.print-masthead');
  if (!(await top.isVisible())) problems.push('printed: no masthead');
  else {
    if (!(await top.innerText()).includes(layout.site.name)) problems.push(`printed: the masthead does not name ${layout.site.name}`);
    if (!(await top.locator(`a[href="${telHref(layout.contact.phone, layout.contact.areaCode)}"]`).isVisible())) problems.push('printed: the masthead has no phone link');
  }
  await page.emulateMedia({ media: 'screen' });
  if (await top.isVisible()) problems.push('on screen: the print masthead shows');
  return problems;
}
