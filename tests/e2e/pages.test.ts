import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { practiceDay } from '../../src/content/dated.ts';
import { buildStampFile } from '../../server/local/buildInfo.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { overflowing } from './inspect.ts';
import { baseURL, openPage } from './page.ts';
import { computedColours, textContrast, type ComputedColours } from './contrast.ts';

/** The practice's main pages: home, about, doctors, fees, appointments and the rest of the menu. */
const PAGES = ['/services', '/appointments', '/fees', '/privacy', '/feedback', '/iron-infusion', '/work-cover'];

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

async function visit(path: string, options: Parameters<typeof openPage>[1] = {}) {
  const watched = await openPage(browser, { viewport: { width: 1280, height: 900 }, ...options });
  await watched.page.goto(baseURL() + path, { waitUntil: 'networkidle' });
  await watched.page.waitForFunction(() => document.getElementById('root')?.firstElementChild !== null);
  return watched;
}

const openSections = (page: Page) => page.locator('main details[open] > summary').allTextContents();
const summary = (page: Page, name: string) => page.locator('main details > summary', { hasText: name });

describe('the practice\'s main pages', () => {
  it.each(PAGES)('%s at 375 px: prerendered, no console errors, nothing wider than the screen', async (path) => {
    const html = await (await fetch(baseURL() + path)).text();
    expect(html).toMatch(/<h1[\s>]/);
    const { page, errors, context } = await visit(path, { viewport: { width: 375, height: 800 } });
    expect(await overflowing(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('every Book button on these pages leads to /appointments (phone links such as "Call to book" excepted)', async () => {
    let count = 0;
    for (const path of PAGES) {
      const { page, context } = await visit(path);
      const links = await page.locator('main a').evaluateAll((as) => as
        .filter((a) => /\bbook\b/i.test((a.textContent ?? '').replace(/blue book/gi, '')) && !a.getAttribute('href')?.startsWith('tel:'))
        .map((a) => ({ text: a.textContent, href: a.getAttribute('href') })));
      for (const link of links) expect(link, path).toMatchObject({ href: '/appointments' });
      count += links.length;
      await context.close();
    }
    expect(count).toBeGreaterThanOrEqual(6);
  });

  it('every download linked from these pages exists and is a real PDF', async () => {
    const files = new Set<string>();
    for (const path of PAGES) {
      const { page, context } = await visit(path);
      const hrefs = await page.locator('a[href$=".pdf"]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
      hrefs.forEach((href) => files.add(href));
      await context.close();
    }
    expect([...files]).toEqual(expect.arrayContaining(['/downloads/new-patient-registration-form.pdf', '/downloads/iron-infusion-consent-form.pdf']));
    for (const file of files) {
      const response = await fetch(new URL(file, baseURL()));
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type'), file).toMatch(/application\/pdf/);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1'), file).toBe('%PDF-');
      expect(bytes.length, file).toBeGreaterThan(2000);
    }
  });
});

describe('/fees', () => {
  it('has the build\'s year (by the practice\'s clock) in its heading and title', async () => {
    const { page, context } = await visit('/fees');
    // The year of the day the suite's build was made, never the year this test happens to run in.
    const builtAt = new Date(readFileSync(buildStampFile(inject('distDir')), 'utf8'));
    const zone = (parse(readFileSync(inject('siteFile'), 'utf8')) as { hours: { timeZone?: string } }).hours.timeZone;
    const year = practiceDay(builtAt, zone).slice(0, 4);
    expect(await page.locator('h1').textContent()).toContain(year);
    expect(await page.title()).toContain(year);
    await context.close();
  });

  it('keeps at most one section open, and the open one closes on a second click', async () => {
    const { page, errors, context } = await visit('/fees');
    expect(await page.locator('main details > summary').count()).toBe(6);
    // The first group starts open; a click on it closes it, and all can be closed.
    expect(await openSections(page)).toEqual(['General Consultations']);
    await summary(page, 'General Consultations').click();
    expect(await openSections(page)).toEqual([]);
    await summary(page, 'General Consultations').click();
    expect(await openSections(page)).toEqual(['General Consultations']);
    await summary(page, 'Home Visits').click();
    expect(await openSections(page)).toEqual(['Home Visits']);
    await summary(page, 'Home Visits').click();
    expect(await openSections(page)).toEqual([]);
    // Keyboard: the summaries are focusable and open with Enter.
    await summary(page, 'Antenatal Care').focus();
    await page.keyboard.press('Enter');
    expect(await openSections(page)).toEqual(['Antenatal Care']);
    expect(await page.locator('main details[open] tbody tr').count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('does the same with JavaScript turned off (native <details name>)', async () => {
    const { page, context } = await visit('/fees', { javaScriptEnabled: false });
    await summary(page, 'Mental Health Appointments').click();
    await summary(page, 'Other Fees').click();
    expect(await openSections(page)).toEqual(['Other Fees']);
    expect(await page.locator('main details[open] tbody').textContent()).toContain('Non Cancellation Fee');
    await context.close();
  });

  it('shows every value of an open section on a 375 px phone, none cut off', async () => {
    const { page, context } = await visit('/fees', { viewport: { width: 375, height: 800 } });
    expect(await openSections(page)).toEqual(['General Consultations']);
    const cells = await page.locator('main details[open] tbody :is(th, td)').evaluateAll((els) => els.map((el) => {
      const box = el.getBoundingClientRect();
      return { text: el.textContent, left: box.left, right: box.right, width: box.width, scroll: el.scrollWidth - el.clientWidth };
    }));
    expect(cells).toHaveLength(4 * 9);
    for (const cell of cells) {
      expect(cell.left, cell.text ?? '').toBeGreaterThanOrEqual(0);
      expect(cell.right, cell.text ?? '').toBeLessThanOrEqual(375);
      expect(cell.scroll, cell.text ?? '').toBeLessThanOrEqual(0);
    }
    // Each value keeps its column name beside it.
    // (An invisible break after a slash lets a narrow label wrap there.)
    const labels = await page.locator('main details[open] tbody tr').first().locator('td').evaluateAll((tds) => tds.map((td) => getComputedStyle(td, '::before').content.replaceAll('\u200b', '')));
    expect(labels).toEqual(['"F2F Item Number"', '"Telephone Item Number"', '"Telehealth Item Number"', '"Price"', '"Pensioner/HCC"', '"Medicare Rebate"', '"Out of Pocket"', '"Out of Pocket Pensioner/HCC"']);
    await context.close();
  });

  it('on a 375 px phone a fee reads in lines: its name and what the patient pays, the price and the rebate, the pensioner\'s figures, then each item number, leaving out the values it does not have', async () => {
    const { page, context } = await visit('/fees', { viewport: { width: 375, height: 800 } });
    // A fee's visible cells as lines on the screen: cells whose boxes share some height are on one line, read left to right.
    const lines = (row: number) => page.locator('main details[open] tbody tr').nth(row).evaluate((tr) => {
      const cells = [...tr.children].filter((cell) => cell.checkVisibility()).map((cell) => ({
        box: cell.getBoundingClientRect(),
        text: cell.tagName === 'TH' ? cell.textContent : `${getComputedStyle(cell, '::before').content.replace(/["\u200b]/g, '')}: ${cell.textContent}`,
        size: parseFloat(getComputedStyle(cell).fontSize),
      })).sort((a, b) => a.box.top - b.box.top);
      const found: { top: number; bottom: number; cells: typeof cells }[] = [];
      for (const cell of cells) {
        const line = found.find((l) => cell.box.top < l.bottom && cell.box.bottom > l.top);
        if (line) { line.cells.push(cell); line.bottom = Math.max(line.bottom, cell.box.bottom); } else found.push({ top: cell.box.top, bottom: cell.box.bottom, cells: [cell] });
      }
      return found.map((l) => l.cells.sort((a, b) => a.box.left - b.box.left).map((c) => ({ text: c.text, size: c.size })));
    });
    const texts = async (row: number) => (await lines(row)).map((line) => line.map((cell) => cell.text));
    await summary(page, 'Home Visits').click();
    expect(await texts(0)).toEqual([
      ['Level B', 'Out of Pocket: $50.00'],
      ['Price: $120.40', 'Medicare Rebate: $70.40'],
      ['F2F Item Number: 5023'],
    ]);
    await summary(page, 'General Consultations').click();
    // Two figures to a line, not four, and an item number's label beside it: each label stays readable and short.
    expect(await texts(0)).toEqual([
      ['Brief consultation', 'Out of Pocket: $24.95'],
      ['Price: $45.00', 'Medicare Rebate: $20.05'],
      ['Pensioner/HCC: $40.00', 'Out of Pocket Pensioner/HCC: $19.95'],
      ['F2F Item Number: 3'],
      ['Telephone Item Number: 91890'],
      ['Telehealth Item Number: 91790'],
    ]);
    // What the patient pays is the largest figure of the fee.
    const [first] = await lines(0);
    const sizes = (await lines(0)).flat().filter((cell) => cell.text.includes(':')).map((cell) => cell.size);
    expect(first[1].size).toBe(Math.max(...sizes));
    expect(await page.locator('main details[open] tbody').evaluate((tbody) => [...tbody.querySelectorAll('td')].filter((td) => td.checkVisibility()).map((td) => td.textContent))).not.toContain('N/A');
    await context.close();
  });

  it('on a 375 px phone every fee label, in every group, is at least 14 px, at 4.5:1 against its card, and two lines at most', async () => {
    const { page, context } = await visit('/fees', { viewport: { width: 375, height: 800 } });
    const labels: { group: string; label: string; size: number; lines: number; colours: ComputedColours }[] = [];
    for (const group of await page.locator('main details > summary').allTextContents()) {
      if (!(await openSections(page)).includes(group)) await summary(page, group).click();
      const cells = page.locator('main details[open] tbody td');
      const measured = await cells.evaluateAll((tds) => tds.map((td) => {
        const style = getComputedStyle(td, '::before');
        const size = parseFloat(style.fontSize);
        const lineHeight = style.lineHeight === 'normal' ? size * 1.2 : parseFloat(style.lineHeight);
        // The label alone: the cell with its value taken out (its width is the grid's, not its content's).
        const value = [...td.childNodes];
        td.replaceChildren();
        const lines = Math.round(td.getBoundingClientRect().height / lineHeight);
        td.replaceChildren(...value);
        return { shown: td.checkVisibility(), label: style.content.replace(/["\u200b]/g, ''), size, lines };
      }));
      const colours = await cells.evaluateAll(computedColours, '::before');
      measured.forEach(({ shown, label, size, lines }, i) => { if (shown) labels.push({ group, label, size, lines, colours: colours[i] }); });
    }
    expect(new Set(labels.map((l) => l.label))).toEqual(new Set(['F2F Item Number', 'Telephone Item Number', 'Telehealth Item Number', 'Price', 'Pensioner/HCC', 'Medicare Rebate', 'Out of Pocket', 'Out of Pocket Pensioner/HCC']));
    const unreadable = labels
      .map((l) => ({ ...l, contrast: Math.round(textContrast(l.colours) * 100) / 100 }))
      .filter((l) => l.size < 14 || l.contrast < 4.5 || l.lines > 2)
      .map((l) => `${l.group}: "${l.label}" ${l.size} px, ${l.contrast}:1, ${l.lines} lines`);
    expect(unreadable).toEqual([]);
    await context.close();
  });

  it('on a computer N/A looks the same in every column, as other plain text does, never as a price in the stressed "you pay" columns', async () => {
    const { page, context } = await visit('/fees', { viewport: { width: 1280, height: 900 } });
    /** How the words of a cell are drawn: the innermost element that holds them. */
    const looks = () => page.locator('main details[open] tbody td').evaluateAll((tds) => tds.map((td) => {
      let el: Element = td;
      while (el.children.length === 1 && el.textContent === el.children[0].textContent) el = el.children[0];
      const style = getComputedStyle(el);
      return { column: td.getAttribute('data-column') ?? '', text: td.textContent ?? '', weight: Number(style.fontWeight), color: style.color, size: style.fontSize };
    }));
    const cells: Awaited<ReturnType<typeof looks>> = [];
    for (const group of await page.locator('main details > summary').allTextContents()) {
      if (!(await openSections(page)).includes(group)) await summary(page, group).click();
      cells.push(...await looks());
    }
    const absent = cells.filter((cell) => cell.text === 'N/A');
    // The frozen copy has fees with no pensioner price: an N/A in a stressed column.
    expect(absent.map((cell) => cell.column)).toContain('outOfPocketPensioner');
    const look = ({ weight, color, size }: (typeof cells)[number]) => `${weight} ${color} ${size}`;
    expect(new Set(absent.map(look))).toEqual(new Set([look(absent[0])]));
    const na = absent[0];
    const price = cells.find((cell) => cell.column === 'price' && cell.text.startsWith('$'));
    const pays = cells.find((cell) => cell.column === 'outOfPocketPensioner' && cell.text.startsWith('$'));
    // The normal weight of plain text; neither the bold nor the colour of what the patient pays.
    expect(na.weight).toBe(price?.weight);
    expect(na.weight).toBeLessThan(pays?.weight ?? 0);
    expect(na.color).not.toBe(pays?.color);
    await context.close();
  });

  it('on a 375 px phone the first fee, and what the patient pays for it, is on the first screen, above the call bar', async () => {
    const { page, context } = await visit('/fees', { viewport: { width: 375, height: 800 } });
    const pays = page.locator('main details[open] tbody tr').first().locator('td[data-column="outOfPocket"]');
    expect(await pays.textContent()).toBe('$24.95');
    const bar = (await page.getByRole('complementary', { name: /^Call/ }).boundingBox())!;
    const box = (await pays.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    await context.close();
  });

  it('on a computer the table keeps the nine columns and N/A for a missing value, and stresses what the patient pays', async () => {
    const { page, context } = await visit('/fees', { viewport: { width: 1280, height: 900 } });
    const row = page.locator('main details[open] tbody tr').nth(2);
    expect(await row.locator('td').evaluateAll((tds) => tds.map((td) => td.textContent))).toEqual(['36', 'N/A', '91801', '$125.00', '$120.00', '$84.90', '$40.10', '$35.10']);
    const weight = (column: string) => row.locator(`td[data-column="${column}"]`).evaluate((td) => Number(getComputedStyle(td).fontWeight));
    expect(await weight('outOfPocket')).toBeGreaterThan(await weight('price'));
    expect(await weight('outOfPocketPensioner')).toBeGreaterThan(await weight('medicareRebate'));
    await context.close();
  });

  it('opening a group keeps its heading where the patient tapped, though the open one above it closes', async () => {
    for (const viewport of [{ width: 375, height: 800 }, { width: 1280, height: 900 }]) {
      const { page, context } = await visit('/fees', { viewport });
      const target = summary(page, 'Mental Health Appointments');
      await target.scrollIntoViewIfNeeded();
      // Its block has faded and slid in (0.6 s) before the patient taps.
      await page.waitForTimeout(800);
      const box = (await target.boundingBox())!;
      // A tap where the heading is (a locator's click would first scroll it where Playwright likes).
      await page.mouse.click(box.x + 40, box.y + box.height / 2);
      const before = box.y;
      expect(await openSections(page)).toEqual(['Mental Health Appointments']);
      await expect.poll(async () => Math.abs(Math.round((await target.boundingBox())!.y - before))).toBeLessThanOrEqual(1);
      await context.close();
    }
  });

  it('prints every section open, whichever is open on screen, within the width of an A4 page', async () => {
    // The width the print stylesheet's @page leaves on A4 paper: 210 mm less two margins of 14 mm, at 96 px an inch.
    const a4 = Math.floor(((210 - 2 * 14) / 25.4) * 96);
    const { page, context } = await visit('/fees', { viewport: { width: a4, height: 1000 } });
    await summary(page, 'Procedures & Treatments').click();
    await page.emulateMedia({ media: 'print' });
    const visible = () => page.locator('main details tbody th').evaluateAll((cells) => cells.filter((c) => c.checkVisibility()).map((c) => c.textContent));
    expect(await visible()).toHaveLength(20);
    const overflow = await page.locator('main details table').evaluateAll((tables) => tables.map((t) => t.getBoundingClientRect().right - t.closest('details')!.getBoundingClientRect().right));
    expect(overflow).toHaveLength(6);
    for (const pixels of overflow) expect(pixels).toBeLessThanOrEqual(0);
    // The instruction to pick a group is for the screen, and no link prints the path of a page of the site.
    expect(await page.getByText('Select a group').first().isVisible()).toBe(false);
    // A column heading wraps between words, never inside one ("Telehealt" above "h").
    const splitWords = await page.locator('main details thead th').evaluateAll((cells) => cells.flatMap((cell) => {
      const split: string[] = [];
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          if (new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size > 1) split.push(word[0]);
        }
      }
      return split;
    }));
    expect(await page.locator('main details thead th').count()).toBeGreaterThan(0);
    expect(splitWords).toEqual([]);
    // ... and no heading runs out of its column into the next.
    expect(await page.locator('main details thead th').evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent))).toEqual([]);
    expect(await page.locator('main a[href^="/"]:not([href^="/downloads/"])').evaluateAll((links) => links.map((a) => getComputedStyle(a, '::after').content).filter((c) => c.includes('/')))).toEqual([]);
    await page.emulateMedia({ media: 'screen' });
    expect(await visible()).toEqual(['Acupuncture', 'Acupuncture (longer)', 'Iron Infusion', 'Insertion of Implanon', 'Removal of Implanon']);
    await context.close();
  });
});

describe('/services', () => {
  const groups = (page: Page) => page.locator('main section[aria-labelledby] > div > :is(h2, h3)').allTextContents();
  const ALL = ['Preventative Services', "Women's Health Services", "Men's Health Services", "Children's Health Services", 'Health Checks & Assessments'];

  it('shows the five groups with 5, 3, 2, 3 and 7 cards, each linking to its page', async () => {
    const { page, context } = await visit('/services');
    expect(await groups(page)).toEqual(ALL);
    const counts = await page.locator('main section[aria-labelledby] ul').evaluateAll((uls) => uls.map((ul) => ul.children.length));
    expect(counts).toEqual([5, 3, 2, 3, 7]);
    const hrefs = await page.locator('main section[aria-labelledby] li a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toHaveLength(20);
    for (const href of hrefs) expect(href).toMatch(/^\/services\/[a-z0-9-]+$/);
    for (const href of new Set(hrefs)) expect((await fetch(baseURL() + href!)).status, href!).toBe(200);
    await context.close();
  });

  it('?service= highlights that card and scrolls it into view, after hydration only', async () => {
    const html = await (await fetch(baseURL() + '/services?service=osteoporosis')).text();
    expect(html).not.toContain('aria-current="true"');
    const { page, errors, context } = await visit('/services?service=osteoporosis', { viewport: { width: 375, height: 800 }, reducedMotion: 'reduce' });
    const selected = page.locator('main li[aria-current="true"]');
    await selected.waitFor();
    expect(await selected.count()).toBe(1);
    expect(await selected.locator('h3').textContent()).toBe('Osteoporosis');
    await page.waitForFunction(() => {
      const box = document.querySelector('main li[aria-current="true"]')!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('?category= keeps the matching groups (substring of the slug), with a way back to all', async () => {
    const { page, errors, context } = await visit('/services?category=womens');
    await page.locator('main [role="status"]').waitFor();
    expect(await groups(page)).toEqual(["Women's Health Services"]);
    // The groups by their names, never the code name in the address.
    expect(await page.locator('main [role="status"] span').first().textContent()).toBe("Showing Women's Health Services.");
    await page.goto(baseURL() + '/services?category=womens-health', { waitUntil: 'networkidle' });
    await page.locator('main [role="status"]').waitFor();
    expect(await page.locator('main [role="status"]').textContent()).not.toContain('womens-health');

    await page.goto(baseURL() + '/services?category=mens', { waitUntil: 'networkidle' });
    await page.locator('main [role="status"]').waitFor();
    expect(await groups(page)).toEqual(["Women's Health Services", "Men's Health Services"]);

    await page.goto(baseURL() + '/services?category=dentistry', { waitUntil: 'networkidle' });
    await page.locator('main [role="status"]').waitFor();
    expect(await groups(page)).toEqual([]);
    expect(await page.locator('main [role="status"]').textContent()).toContain('dentistry');
    await page.locator('main [role="status"] a').click();
    await page.waitForURL((url) => url.search === '');
    // The address changes first; the groups follow when React commits the navigation.
    await expect.poll(() => groups(page)).toEqual(ALL);
    expect(errors).toEqual([]);
    await context.close();
  });
});
