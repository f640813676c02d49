/**
 * The layout of lists of cards, on the frozen copy: phone pages of a bounded length, and card grids that never leave a
 * card alone at the end of a row, whatever the number of entries staff give them.
 *
 * Grids: the card components render the same list and the same card for any number of entries (nothing in their
 * markup depends on the count, asserted below), and the stylesheet alone lays them out, reading the count with
 * nth-child selectors (styles/_rows.scss). So one built page per kind of grid is enough: its list is filled in place
 * with 1 to 16 copies of its own cards (each kind's real markup and words, taken in turn so the heights differ as real
 * entries do) and measured at each width, in the browser, with the site's real stylesheet. Building a site per count
 * would prove the same thing sixteen times over, at minutes a build.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { renderEveryBlock } from '../../bench/browser.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { content, visit } from './inspect.ts';
import { formatRange } from '../../src/ui/time.ts';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

// ---------------------------------------------------------------------------------------------------------------
// Phone pages: what a patient scrolls through at 375 px.

/**
 * The longest /services may be at 375 px, and the tallest card on /doctors. /services was 11,065 px, a screen-wide card
 * per service: now each group is a row of cards to swipe through, no contact details are repeated above the footer,
 * and the bands, headings and footer are set closer on a phone; about 4,930 px, every service's words still on it.
 */
const SERVICES_MAX_HEIGHT = 5000;
const DOCTORS_CARD_MAX_HEIGHT = 450;
/** The footer at 375 px: 968 px (frozen copy) when each fact took a line or two of its own; every fact is still in it. */
const FOOTER_MAX_HEIGHT = 600;
/** A fixed moment (a Wednesday morning, the practice open): the header's line of today's hours reads the same on every run. */
const MOMENT = new Date('2025-03-05T10:00:00+10:30');

async function atPhoneWidth(path: string, look: (page: Page) => Promise<void>) {
  const v = await visit(browser, path, { width: 375, clock: MOMENT });
  try {
    await renderEveryBlock(v.page);
    await look(v.page);
  } finally {
    await v.close();
  }
}

describe('phone pages end (375 px)', () => {
  it(`/services is at most ${SERVICES_MAX_HEIGHT} px tall, every service and its words still on it`, async ({ expect }) => {
    await atPhoneWidth('/services', async (page) => {
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height, `/services is ${height} px tall`).toBeLessThanOrEqual(SERVICES_MAX_HEIGHT);
      // Shorter by layout, not by leaving things out: each service's title and description is rendered on the page.
      const services = content().pages.find((p) => p.path === '/services')?.entities.serviceCategories ?? {};
      const shown = await page.locator('main').innerText();
      for (const service of Object.values(services).flatMap((category) => category.services)) {
        expect(shown).toContain(service.title);
        expect(shown.replace(/\s+/g, ' ')).toContain(service.description);
      }
    });
  });

  it('/services lists every service in one column on a phone, each row one tap on its page, none to swipe to', async ({ expect }) => {
    await atPhoneWidth('/services', async (page) => {
      const rows = await page.locator('main section[aria-labelledby] > ul > li').evaluateAll((items) => items.map((item) => {
        item.scrollIntoView({ block: 'center' });
        const r = item.getBoundingClientRect();
        // A tap at the middle of the row, away from its arrow, lands on the service's link.
        const hit = document.elementFromPoint(r.left + r.width / 3, r.top + r.height / 2);
        // Nothing in the directory (the container of its groups) scrolls sideways.
        const directory = item.closest('section[aria-labelledby]')?.parentElement ?? item;
        const sideways = [directory, ...directory.querySelectorAll('*')].some((el) => /auto|scroll/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth);
        return {
          title: item.querySelector('h2, h3, h4')?.textContent ?? '',
          inside: r.left >= 0 && r.right <= document.documentElement.clientWidth,
          tap: hit?.closest('a')?.getAttribute('href') ?? null,
          href: item.querySelector('a')?.getAttribute('href') ?? null,
          left: Math.round(r.left),
          height: r.height,
          sideways,
        };
      }));
      const services = Object.values(content().pages.find((p) => p.path === '/services')?.entities.serviceCategories ?? {}).flatMap((c) => c.services);
      expect(rows.map((row) => row.title)).toEqual(services.map((service) => service.title));
      expect(rows.filter((row) => !row.inside).map((row) => row.title)).toEqual([]);
      expect(new Set(rows.map((row) => row.left)).size).toBe(1);
      expect(rows.filter((row) => row.href && row.tap !== row.href).map((row) => row.title)).toEqual([]);
      expect(rows.filter((row) => row.height < 44).map((row) => row.title)).toEqual([]);
      expect(rows.some((row) => row.sideways)).toBe(false);
    });
  });

  it(`/doctors has no card taller than ${DOCTORS_CARD_MAX_HEIGHT} px`, async ({ expect }) => {
    await atPhoneWidth('/doctors', async (page) => {
      const tall = await page.locator('main .card').evaluateAll((cards, most) => cards
        .map((card) => ({ who: card.querySelector('h3')?.textContent ?? '', height: Math.round(card.getBoundingClientRect().height) }))
        .filter(({ height }) => height > most), DOCTORS_CARD_MAX_HEIGHT);
      expect(tall).toEqual([]);
      expect(await page.locator('main .card').count()).toBeGreaterThan(6);
    });
  });

  // The same footer ends every page: measured on these three, and on every page whose last block lists practice
  // details, where a repeat just above it would show.
  const endsWithFacts = content().pages.filter((p) => {
    const last = p.blocks.at(-1);
    return p.path && !p.path.includes(':') && last?.type === 'cta-band' && Boolean(last.facts?.length);
  });
  const footerPaths = [...new Set(['/', '/fees', '/doctors', ...endsWithFacts.map((p) => p.path as string)])];

  it('finds pages of the frozen copy whose last block lists the practice\'s e-mail or address', ({ expect }) => {
    expect(endsWithFacts.length).toBeGreaterThan(0);
  });

  for (const path of footerPaths) {
    it(`${path}: the footer is at most ${FOOTER_MAX_HEIGHT} px tall and shows every fact of the spec's footer; the block above it repeats none`, async ({ expect }) => {
      await atPhoneWidth(path, async (page) => {
        const footer = page.locator('footer');
        const height = Math.round((await footer.boundingBox())?.height ?? Infinity);
        expect(height, `the footer of ${path} is ${height} px tall`).toBeLessThanOrEqual(FOOTER_MAX_HEIGHT);

        // What a patient sees: the text of each part on screen, not clipped to a pixel (a visually hidden label).
        const seen = (selector: string) => page.locator(selector).evaluate((root) => {
          const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
          let text = '';
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const parent = node.parentElement;
            const box = parent?.getBoundingClientRect();
            if (parent?.checkVisibility({ visibilityProperty: true }) && box && box.width > 1 && box.height > 1) text += node.textContent;
          }
          return text.replace(/\s+/g, ' ');
        });
        const { contact, hours, footer: words } = content().layout;
        const { address } = contact;
        const facts = [
          address.street, `${address.suburb} ${address.state} ${address.postcode}`, contact.phone, contact.fax, contact.email,
          hours.heading, ...hours.regular.flatMap((range) => [range.label, formatRange(range, hours.amPm)]), ...(hours.note ? [hours.note] : []),
          `${contact.labels.emergency} ${contact.emergency}`,
          words.notice.heading, words.notice.text.replace(/\s+/g, ' '), ...words.copyright.split('{year}').map((part) => part.trim()),
        ].filter(Boolean);
        const shown = await seen('footer');
        expect(facts.filter((fact) => !shown.includes(fact))).toEqual([]);
        for (const link of words.quickLinks) expect(await footer.locator(`a[href="${link.href}"]`, { hasText: link.label }).isVisible(), link.label).toBe(true);

        // The block just above the footer leaves the e-mail and address to it.
        const above = await seen('main > :last-child');
        expect([contact.email, address.street, contact.fax].filter((fact) => above.includes(fact))).toEqual([]);
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// Card grids, every count from 1 to 16, at computer widths.

/** Blocks that lay their entries out as a grid of cards (a downloads list is one column by design, a carousel one row). */
const GRID_BLOCKS = ['doctor-cards', 'staff-cards', 'service-directory', 'info-cards', 'card-grid', 'allied-health', 'crisis-services', 'steps', 'news-list', 'checklist-groups'];
const GRID_WIDTHS = [1024, 1280, 1920];
const MOST = 16;

interface Grid { name: string; path: string; block: number }

/** For each kind of grid (and each setting of its columns), the first page of the frozen copy that has one. */
function grids(): Grid[] {
  const found = new Map<string, Grid>();
  for (const page of content().pages) {
    if (!page.path || page.path.includes(':')) continue;
    page.blocks.forEach((block, index) => {
      // A crisis-services strip is a row of call buttons, not cards.
      if (!GRID_BLOCKS.includes(block.type) || ('layout' in block && block.layout === 'strip')) return;
      const name = 'columns' in block && block.columns ? `${block.type} (${block.columns} columns)` : block.type;
      if (!found.has(name)) found.set(name, { name, path: page.path as string, block: index });
    });
  }
  return [...found.values()];
}

/**
 * In the block's first list of cards: for each count, the list refilled with that many of its own cards, and each row
 * (cards with the same top edge, in order) as the heights of its cards. Leaves the list as it was.
 */
function rowsByCount(page: Page, block: number): Promise<{ count: number; rows: number[][] }[]> {
  return page.evaluate(([index, most]) => {
    const wrapper = document.querySelectorAll('#main > div')[index];
    const list = [...(wrapper?.querySelectorAll('*') ?? [])]
      .find((el) => el.children.length > 0 && [...el.children].every((child) => child.classList.contains('card')));
    if (!list) throw new Error(`block ${index + 1} has no list of cards`);
    const originals = [...list.children];
    const results: { count: number; rows: number[][] }[] = [];
    for (let count = 1; count <= most; count++) {
      list.replaceChildren(...Array.from({ length: count }, (_, i) => originals[i % originals.length].cloneNode(true)));
      const rows = new Map<number, number[]>();
      for (const card of list.children) {
        const r = card.getBoundingClientRect();
        const top = Math.round(r.top);
        rows.set(top, [...(rows.get(top) ?? []), r.height]);
      }
      results.push({ count, rows: [...rows.entries()].sort(([a], [b]) => a - b).map(([, heights]) => heights) });
    }
    list.replaceChildren(...originals);
    return results;
  }, [block, MOST] as const);
}

describe('card grids: for 1 to 16 entries, no card alone at the end of a row, and every row of one height', () => {
  const cases = grids().flatMap((grid) => GRID_WIDTHS.map((width) => [grid.name, width, grid] as const));

  it('finds the grids of the frozen copy, doctors, staff, services and info cards among them', ({ expect }) => {
    const kinds = new Set(cases.map(([, , grid]) => grid.name.replace(/ \(.*/, '')));
    for (const kind of ['doctor-cards', 'staff-cards', 'service-directory', 'info-cards']) expect(kinds).toContain(kind);
  });

  it.concurrent.for(cases)('%s at %i px', async ([name, width, grid], { expect }) => {
    const v = await visit(browser, grid.path, { width });
    try {
      await renderEveryBlock(v.page);
      const problems: string[] = [];
      for (const { count, rows } of await rowsByCount(v.page, grid.block)) {
        const sizes = rows.map((heights) => heights.length);
        if (count > 1 && sizes.includes(1)) problems.push(`${count} cards: rows of ${sizes.join(', ')}, one card alone`);
        const uneven = rows.filter((heights) => Math.max(...heights) - Math.min(...heights) > 1);
        if (uneven.length) problems.push(`${count} cards: a row of heights ${uneven[0].map(Math.round).join(', ')}`);
      }
      expect(problems, `${name} on ${grid.path}`).toEqual([]);
      expect(v.errors).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it('the count is the stylesheet\'s to read: lists of one kind carry the same attributes whatever their number of cards', async ({ expect }) => {
    // /doctors has three staff lists (3, 1 and 4 people), /services five groups of services (5, 3, 2, 3 and 7).
    for (const path of ['/doctors', '/services']) {
      const blocks = content().pages.find((p) => p.path === path)?.blocks ?? [];
      const v = await visit(browser, path, { width: 1280 });
      try {
        const lists = await v.page.evaluate((types) => [...document.querySelectorAll('#main > div')].flatMap((wrapper, index) => [...wrapper.querySelectorAll('*')]
          .filter((el) => el.children.length > 0 && [...el.children].every((child) => child.classList.contains('card')))
          .map((list) => ({ type: types[index], count: list.children.length, tag: `<${list.localName}${[...list.attributes].map((a) => ` ${a.name}="${a.value}"`).join('')}>` }))),
        blocks.map((b) => b.type));
        const byType = new Map<string, typeof lists>();
        for (const list of lists) byType.set(list.type, [...(byType.get(list.type) ?? []), list]);
        const several = [...byType.values()].filter((same) => new Set(same.map((l) => l.count)).size > 1);
        expect(several.length, `${path} has lists of one kind with different counts`).toBeGreaterThan(0);
        for (const same of several) expect(new Set(same.map((l) => l.tag)).size, `${same[0].type}: ${same.map((l) => l.count).join(', ')} cards`).toBe(1);
      } finally {
        await v.close();
      }
    }
  });
});
