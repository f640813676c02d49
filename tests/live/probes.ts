/**
 * Probes of a rendered page that the live invariants run on every route: each reads what a patient would see and
 * returns what is wrong, in words (an empty list when all is well).
 */
import type { Page } from 'playwright-core';
import type { CompiledSite } from '../../src/content/model.ts';
import { telHref } from '../../src/content/phone.ts';

/** The rows of each list of cards: groups of siblings with the same top edge, and their heights, in order. */
function cardRows(page: Page): Promise<{ where: string; list: number; heights: number[] }[]> {
  return page.evaluate(() => [...document.querySelectorAll('main ul')].flatMap((list, index) => {
    const cards = [...list.children].filter((c) => c.classList.contains('card')) as HTMLElement[];
    const rows = new Map<number, number[]>();
    for (const card of cards) {
      const r = card.getBoundingClientRect();
      const top = Math.round(r.top + window.scrollY);
      rows.set(top, [...(rows.get(top) ?? []), Math.round(r.height)]);
    }
    const where = list.closest('section')?.querySelector('h2')?.textContent ?? list.className;
    return [...rows.values()].map((heights) => ({ where, list: index, heights }));
  }));
}

/** Rows of cards side by side whose heights differ. */
export async function unevenCardRows(page: Page): Promise<string[]> {
  return (await cardRows(page))
    .filter(({ heights }) => heights.length > 1 && Math.max(...heights) - Math.min(...heights) > 1)
    .map(({ where, heights }) => `${where}: cards of heights ${heights.join(', ')} in one row`);
}

/** Lists of cards in more than one row whose last row is one card on its own. */
export async function loneLastCards(page: Page): Promise<string[]> {
  const lists = new Map<number, { where: string; rows: number[] }>();
  for (const { where, list, heights } of await cardRows(page)) {
    lists.set(list, { where, rows: [...(lists.get(list)?.rows ?? []), heights.length] });
  }
  return [...lists.values()].filter(({ rows }) => rows.length > 1 && rows.at(-1) === 1)
    .map(({ where, rows }) => `${where}: rows of ${rows.join(', ')} cards, the last card alone`);
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

/**
 * Every element the keyboard can reach, focused in turn as Tab does from the top of the page (scrolled into view as
 * needed, its focus indicator shown), once it has stopped moving: it ends on screen, and it is not hidden under an
 * element fixed or stuck to the screen that does not hold it, such as the header or the phone's call bar (WCAG 2.4.11).
 * A small control may not be under one even in part; a tall one (a text box) may run under one at an edge.
 */
export function focusProblems(page: Page): Promise<string[]> {
  // Read at once after each focus (its scroll is instant, and the visit has motion reduced: nothing slides in), and
  // again two frames later when it seems hidden (a transition may still be moving it).
  return page.evaluate(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(done));
    window.scrollTo(0, 0);
    const pinned = [...document.querySelectorAll<HTMLElement>('body *')].filter((e) => ['fixed', 'sticky'].includes(getComputedStyle(e).position));
    const stops = [...document.querySelectorAll<HTMLElement>('a[href], button, summary, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
      // Two stops are the e2e keyboard tests': a carousel's (it slides a focused card in once its library has loaded,
      // and here its cards are reached before that), and the skip link (on screen at the top of a page, where the
      // first Tab finds it).
      .filter((e) => e.checkVisibility({ visibilityProperty: true }) && !e.closest('[inert], [aria-roledescription], .skip-link'));
    const found: string[] = [];
    for (const el of stops) {
      // focusVisible: the page treats it as keyboard focus (styles that apply only then, e.g. every block laid out).
      el.focus({ focusVisible: true } as FocusOptions);
      if (document.activeElement !== el) continue;
      const label = `${el.localName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
      let problem = hidden(el);
      if (problem) {
        await frame();
        await frame();
        problem = hidden(el);
      }
      if (problem) found.push(`${label} ${problem}`);
    }
    function hidden(el: HTMLElement): string | undefined {
      const r = el.getBoundingClientRect();
      if (!(r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth)) return 'is off screen when focused';
      // Points across the element, inside the screen: which of them a pinned element covers.
      const points: [number, number][] = [];
      for (const fx of [0.1, 0.5, 0.9]) {
        for (const fy of [0.1, 0.5, 0.9]) {
          const x = r.left + r.width * fx;
          const y = r.top + r.height * fy;
          if (x >= 0 && x < innerWidth && y >= 0 && y < innerHeight) points.push([x, y]);
        }
      }
      const covers = points.map(([x, y]) => {
        const top = document.elementFromPoint(x, y);
        return top && !el.contains(top) ? pinned.find((p) => p.contains(top) && !p.contains(el)) : undefined;
      }).filter((cover): cover is HTMLElement => cover !== undefined);
      const small = r.height <= 120;
      if (covers.length > 0 && (small || covers.length === points.length)) return `is under the ${covers[0].localName} fixed to the screen when focused`;
      return undefined;
    }
    return found;
  });
}

/**
 * Every menu of the header opened in turn, and every group inside it: the menu's panel lies inside the screen and
 * above any bar fixed to the foot of the screen (the phone's call bar), and each of its links and group toggles,
 * once the panel is scrolled to it as a finger would (the panel only: the page under a menu does not move it), is
 * on screen, above that bar and covered by nothing. Leaves every menu closed and the page where it was.
 */
export async function menuProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  // Menus are <details> in the header; a group inside a menu is one too, opened with its menu.
  for (const toggle of await page.locator('header details:not(details details) > summary').all()) {
    if (!(await toggle.isVisible())) continue;
    const name = (await toggle.innerText()).trim();
    await toggle.click();
    problems.push(...await toggle.evaluate((summary, name) => {
      const menu = summary.parentElement as HTMLDetailsElement;
      for (const group of menu.querySelectorAll('details')) group.open = true;
      const width = document.documentElement.clientWidth;
      // The foot of what can be seen: the top of a bar fixed across the bottom of the screen, if one shows.
      const floor = Math.min(innerHeight, ...[...document.querySelectorAll('body *')].filter((el) => {
        if (getComputedStyle(el).position !== 'fixed' || !el.checkVisibility({ visibilityProperty: true })) return false;
        const r = el.getBoundingClientRect();
        return r.height > 0 && r.top > innerHeight / 2 && r.bottom >= innerHeight - 2;
      }).map((el) => el.getBoundingClientRect().top));
      const where = (r: DOMRect) => `x ${Math.round(r.left)} to ${Math.round(r.right)}, y ${Math.round(r.top)} to ${Math.round(r.bottom)}`;
      const outside = (r: DOMRect) => [
        r.left < -0.5 && 'past the left edge',
        r.right > width + 0.5 && 'past the right edge',
        r.top < -0.5 && 'above the top',
        r.bottom > floor + 0.5 && (floor < innerHeight ? `under the bar at the foot of the screen (its top at y ${Math.round(floor)})` : 'below the screen'),
      ].filter(Boolean).join(' and ');
      const screen = `${width} x ${innerHeight} px screen`;
      const found: string[] = [];
      for (const panel of [...menu.children].filter((el) => el !== summary && el.getClientRects().length > 0)) {
        const problem = outside(panel.getBoundingClientRect());
        if (problem) found.push(`the "${name}" menu's panel (${where(panel.getBoundingClientRect())}) runs ${problem}, on a ${screen}`);
      }
      const scroller = (el: Element) => {
        for (let at = el.parentElement; at && at !== menu.parentElement; at = at.parentElement) {
          if (/(auto|scroll)/.test(getComputedStyle(at).overflowY) && at.scrollHeight > at.clientHeight) return at;
        }
        return undefined;
      };
      for (const item of menu.querySelectorAll<HTMLElement>('a[href], details summary')) {
        if (!item.checkVisibility({ visibilityProperty: true })) continue;
        // Scrolled within its panel so that the item is in the panel's view (centred when it can be).
        const box = scroller(item);
        if (box) {
          const offset = item.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
          box.scrollTop = offset - (box.clientHeight - item.getBoundingClientRect().height) / 2;
        }
        const r = item.getBoundingClientRect();
        const label = `${name} > ${item.innerText.trim().replace(/\s+/g, ' ')}`;
        const problem = outside(r);
        if (problem) { found.push(`"${label}" (${where(r)}) is ${problem}, on a ${screen}`); continue; }
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!top || !item.contains(top)) found.push(`"${label}" (${where(r)}) is covered by ${top ? `${top.localName}.${top.className}` : 'nothing it owns'}`);
      }
      for (const group of menu.querySelectorAll('details')) group.open = false;
      return found;
    }, name));
    await toggle.click();
  }
  return problems;
}
