import { PDFDocument } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block } from '../../src/content/model.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { content, manifest } from './inspect.ts';
import { baseURL, openPage } from './page.ts';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

async function visit(path: string, options: Parameters<typeof openPage>[1] = {}) {
  const watched = await openPage(browser, options);
  await watched.page.goto(baseURL() + path, { waitUntil: 'networkidle' });
  if (options.javaScriptEnabled !== false) {
    await watched.page.waitForFunction(() => document.getElementById('root')?.firstElementChild !== null);
  }
  return watched;
}

const servicePaths = manifest().pages.map((p) => p.path).filter((p) => p.startsWith('/services/')).sort();
const pageAt = (path: string) => {
  const page = content().pages.find((p) => p.path === path);
  if (!page) throw new Error(`no page at ${path}`);
  return page;
};

/** Words each block shows first (its heading, or the first question or card), to find in the static HTML. */
function wordsOf(block: Block): string[] {
  const words: string[] = [];
  if ('heading' in block && typeof block.heading === 'string') words.push(block.heading);
  if (block.type === 'faq') words.push(...block.items.map((i) => i.question));
  if (block.type === 'steps') words.push(...block.items.map((i) => i.title));
  if (block.type === 'card-grid') words.push(...block.cards.map((c) => c.title));
  if (block.type === 'checklist-groups') words.push(...block.groups.flatMap((g) => [g.title, ...g.items.map((i) => i.title)]));
  if (block.type === 'link-list' || block.type === 'downloads') words.push(...block.items.map((i) => i.title));
  return words;
}

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');

describe('the service pages', () => {
  it('are all 25 service routes under /services/', () => {
    expect(servicePaths).toHaveLength(25);
  });

  it.each(servicePaths)('%s is prerendered with every block\'s words in the HTML', async (path) => {
    const response = await fetch(baseURL() + path);
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll('<!-- -->', '');
    const page = pageAt(path);
    expect(page.blocks.length).toBeGreaterThanOrEqual(3);
    for (const words of page.blocks.flatMap(wordsOf)) expect(html, words).toContain(escape(words));
  });

  it('every Book, Book Now and Book an Appointment link on them leads to /appointments', async () => {
    const { page, errors, context } = await visit(servicePaths[0]);
    let count = 0;
    for (const path of servicePaths) {
      await page.goto(baseURL() + path, { waitUntil: 'networkidle' });
      const links = await page.locator('main a').evaluateAll((as) => as
        .map((a) => ({ text: (a.textContent ?? '').trim(), href: a.getAttribute('href') }))
        .filter((a) => /^book\b/i.test(a.text)));
      // The partner-practice pages book by phone (their own number) rather than at this practice.
      if (!['/services/ear-clinic', '/services/infant-circumcision'].includes(path)) expect(links.length, path).toBeGreaterThan(0);
      for (const link of links) expect(link, path).toMatchObject({ href: '/appointments' });
      count += links.length;
    }
    expect(count).toBeGreaterThanOrEqual(40);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('crisis services', () => {
  it('lists six 24/7 services on /services/mental-health, each with a tel: link and its website in a new tab', async () => {
    const { page, errors, context } = await visit('/services/mental-health');
    // The cards (the strip at the top of the page calls two of them again).
    const block = pageAt('/services/mental-health').blocks.find((b) => b.type === 'crisis-services' && b.layout !== 'strip');
    expect(block?.type === 'crisis-services' && block.services).toHaveLength(6);
    const cards = page.locator('main li.card:has(a[href^="tel:"])');
    expect(await cards.count()).toBe(6);
    for (const service of Object.values(pageAt('/services/mental-health').entities.crisisServices ?? {})) {
      const card = page.locator('main li', { has: page.getByRole('heading', { name: service.name, exact: true }) });
      const digits = service.phone.replace(/\D/g, '');
      await expect(card.locator(`a[href="tel:${digits}"]`).textContent()).resolves.toContain(service.phone);
      const website = card.locator(`a[href="${service.website}"]`);
      expect(await website.getAttribute('target')).toBe('_blank');
      expect(await website.getAttribute('rel')).toBe('noopener noreferrer');
      expect(service.availability).toMatch(/24 hours, 7 days/);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Which questions of the FAQ are open, by position. */
const openStates = (page: Page) => page.locator('main details').evaluateAll((ds) => ds.map((d) => (d as HTMLDetailsElement).open));

describe('FAQ', () => {
  it('on /services/infant-circumcision has five questions and keeps at most one open; the open one closes again', async () => {
    const { page, errors, context } = await visit('/services/infant-circumcision');
    const questions = page.locator('main details > summary');
    expect(await questions.count()).toBe(5);
    expect(await openStates(page)).toEqual([false, false, false, false, false]);
    await questions.nth(0).click();
    expect(await openStates(page)).toEqual([true, false, false, false, false]);
    await questions.nth(3).click();
    expect(await openStates(page)).toEqual([false, false, false, true, false]);
    await expect(page.locator('main details[open]').textContent()).resolves.toContain('7 to 10 days');
    await questions.nth(3).click();
    expect(await openStates(page)).toEqual([false, false, false, false, false]);
    // Keyboard: Tab to a question, Enter and Space open and close it.
    await questions.nth(1).focus();
    await page.keyboard.press('Enter');
    expect(await openStates(page)).toEqual([false, true, false, false, false]);
    await questions.nth(2).focus();
    await page.keyboard.press('Space');
    expect(await openStates(page)).toEqual([false, false, true, false, false]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stays single-open with JavaScript turned off (native <details name>)', async () => {
    const { page, context } = await visit('/services/infant-circumcision', { javaScriptEnabled: false });
    const questions = page.locator('main details > summary');
    await questions.nth(0).click();
    await questions.nth(4).click();
    expect(await openStates(page)).toEqual([false, false, false, false, true]);
    await context.close();
  });

  it.each(['/services/immunisations', '/services/flu-vaccine', '/services/mental-health'])('on %s lets several answers be open at once', async (path) => {
    const { page, errors, context } = await visit(path);
    const questions = page.locator('main details > summary');
    expect(await questions.count()).toBeGreaterThanOrEqual(5);
    await questions.nth(0).click();
    await questions.nth(1).click();
    expect((await openStates(page)).slice(0, 2)).toEqual([true, true]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('partner practice', () => {
  it.each(['/services/ear-clinic', '/services/infant-circumcision'])('%s shows how to book with the partner by phone', async (path) => {
    const { page, errors, context } = await visit(path);
    const partner = Object.values(pageAt(path).entities.partners ?? {})[0];
    expect(partner).toBeDefined();
    const digits = partner.phone.replace(/\D/g, '');
    const calls = page.locator(`main a[href="tel:+618${digits}"]`);
    expect(await calls.count()).toBeGreaterThanOrEqual(2); // the call-to-book button and the phone detail
    await expect(calls.first().textContent()).resolves.toMatch(/Call to book/);
    const website = page.locator(`main a[href="${partner.website}"]`);
    expect(await website.getAttribute('target')).toBe('_blank');
    expect(await website.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.locator(`main a[href="mailto:${partner.email}"]`).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('infant circumcision has the breadcrumb, Contact Us, the facts and the emergency number', async () => {
    const { page, context } = await visit('/services/infant-circumcision');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await crumbs.locator('li').allTextContents()).map((t) => t.trim())).toEqual(['Home', 'Services', 'Infant Circumcision']);
    expect(await crumbs.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(['/', '/services']);
    expect(await page.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/appointments');
    const text = await page.locator('main').textContent();
    for (const fact of ['15 to 30 minutes', '7 to 10 days', 'call 000', 'not performed at our surgery']) expect(text).toContain(fact);
    const external = page.locator('main section:has(h2:text-is("Useful links")) a');
    expect(await external.count()).toBeGreaterThanOrEqual(2);
    for (const target of await external.evaluateAll((as) => as.map((a) => a.getAttribute('target')))) expect(target).toBe('_blank');
    await context.close();
  });
});

describe('downloads', () => {
  it('development milestones links twelve checklist PDFs in three groups, each opening in a new tab, with three sized pictures', async () => {
    const { page, errors, context } = await visit('/services/development-milestones');
    const links = page.locator('main a[href$=".pdf"]');
    expect(await links.count()).toBe(12);
    for (const target of await links.evaluateAll((as) => as.map((a) => a.getAttribute('target')))) expect(target).toBe('_blank');
    expect(await page.locator('main h3').allTextContents()).toHaveLength(3);
    const pictures = await page.locator('main img').evaluateAll((imgs) => imgs.map((i) => ({
      alt: i.getAttribute('alt'), width: i.getAttribute('width'), height: i.getAttribute('height'), loaded: (i as HTMLImageElement).naturalWidth,
    })));
    expect(pictures).toHaveLength(3);
    for (const picture of pictures) {
      expect(picture.alt?.length).toBeGreaterThan(10);
      expect(Number(picture.width)).toBeGreaterThan(0);
      expect(Number(picture.height)).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the Blue Book page links its PDF in a new tab and shows the replacement facts and ordering contact', async () => {
    const { page, context } = await visit('/services/blue-book');
    const pdf = page.locator('main a[href$=".pdf"]');
    expect(await pdf.getAttribute('target')).toBe('_blank');
    const text = await page.locator('main').textContent();
    for (const fact of ['$10.00', '18 other languages', '2019 edition']) expect(text).toContain(fact);
    expect(await page.locator('main a[href^="tel:"]').count()).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it('every file linked or shown on any page is served and is a real PDF or picture', async () => {
    const files = new Set<string>();
    for (const { path } of manifest().pages) {
      const html = await (await fetch(baseURL() + path)).text();
      for (const match of html.matchAll(/(?:href|src)="(\/[^"?#]+\.(?:pdf|webp|png|jpe?g|avif))"/g)) files.add(match[1]);
    }
    expect([...files].filter((f) => f.endsWith('.pdf')).length).toBeGreaterThanOrEqual(13);
    for (const file of files) {
      const response = await fetch(baseURL() + file);
      expect(response.status, file).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (file.endsWith('.pdf')) {
        expect(response.headers.get('content-type'), file).toContain('application/pdf');
        expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), file).toBe('%PDF-');
        expect((await PDFDocument.load(bytes)).getPageCount(), file).toBeGreaterThan(0);
      } else {
        expect((await sharp(bytes).metadata()).width, file).toBeGreaterThan(0);
      }
    }
  });
});
