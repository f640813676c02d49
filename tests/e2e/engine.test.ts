import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { baseURL, openPage } from './page.ts';
import { limit } from '../../bench/machineSpeed.ts';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

/** The name on the slide that sits at the left edge of the carousel's viewport. */
function firstVisibleDoctor(page: Page): Promise<string> {
  return page.evaluate(() => {
    const slides = [...document.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
    const viewport = slides[0].parentElement!.parentElement!.getBoundingClientRect();
    const first = slides.map((s) => ({ s, left: s.querySelector('article')!.getBoundingClientRect().left }))
      .filter(({ left }) => left >= viewport.left - 2 && left < viewport.right)
      .sort((a, b) => a.left - b.left)[0];
    return first?.s.querySelector('h3')?.textContent ?? '';
  });
}

/** Embla animates each move; wait for the slide we expect rather than for a fixed time. */
const expectFirst = (page: Page, name: string) => expect.poll(() => firstVisibleDoctor(page), { timeout: limit(5000) }).toBe(name);

describe('home page doctors carousel', () => {
  it('moves one slide with the buttons and loops at the start', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    const next = page.getByRole('button', { name: 'Next doctor' });
    // Embla arrives as the carousel comes near the screen, as a reader scrolls to it.
    await next.scrollIntoViewIfNeeded();
    await expect.poll(() => next.isEnabled()).toBe(true);
    expect(await page.locator('[aria-roledescription="slide"]').count()).toBe(6);
    expect(await firstVisibleDoctor(page)).toBe('Dr Amelia Hart');
    await next.click();
    await expectFirst(page, 'Dr James Whitfield');
    await page.getByRole('button', { name: 'Previous doctor' }).click();
    await expectFirst(page, 'Dr Amelia Hart');
    await page.getByRole('button', { name: 'Previous doctor' }).click();
    await expectFirst(page, 'Dr Samuel Okafor');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers the arrow keys and shows one doctor at a time on a phone, three on a desktop', async () => {
    for (const [width, perView] of [[375, 1], [800, 2], [1280, 3]] as const) {
      const { page, context } = await openPage(browser, { viewport: { width, height: 900 } });
      await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
      const next = page.getByRole('button', { name: 'Next doctor' });
      await next.scrollIntoViewIfNeeded();
      await expect.poll(() => next.isEnabled()).toBe(true);
      const visible = await page.evaluate(() => {
        const slides = [...document.querySelectorAll('[aria-roledescription="slide"] article')];
        const vp = slides[0].closest('[aria-roledescription="slide"]')!.parentElement!.parentElement!.getBoundingClientRect();
        return slides.filter((s) => { const r = s.getBoundingClientRect(); return r.left >= vp.left - 2 && r.right <= vp.right + 2; }).length;
      });
      expect(visible, `${width}px`).toBe(perView);
      await next.focus();
      await page.keyboard.press('ArrowRight');
      await expectFirst(page, 'Dr James Whitfield');
      await page.keyboard.press('ArrowLeft');
      await expectFirst(page, 'Dr Amelia Hart');
      await context.close();
    }
  });
});

describe('mobile menu', () => {
  it('opens, expands one group at a time on its own, and closes when a link is chosen', async () => {
    const { page, errors, context } = await openPage(browser, { viewport: { width: 375, height: 800 } });
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    const toggle = page.locator('summary', { hasText: 'Menu' });
    const menuPanel = page.locator('details:has(> summary:has-text("Menu")) nav');
    expect(await menuPanel.isVisible()).toBe(false);
    await toggle.click();
    expect(await menuPanel.isVisible()).toBe(true);
    await page.locator('details[data-menu="phone"] > nav > ul > li > details > summary').click();
    const women = menuPanel.locator('details details', { has: page.locator('summary', { hasText: "Women's Health" }) });
    const children = menuPanel.locator('details details', { has: page.locator('summary', { hasText: "Children's Health" }) });
    await women.locator('summary').click();
    expect(await women.getByRole('link', { name: 'Contraception' }).isVisible()).toBe(true);
    expect(await children.getByRole('link', { name: 'Child Blue Book' }).isVisible()).toBe(false);
    await children.locator('summary').click();
    expect(await children.getByRole('link', { name: 'Child Blue Book' }).isVisible()).toBe(true);
    expect(await women.getByRole('link', { name: 'Contraception' }).isVisible()).toBe(true);
    await menuPanel.getByRole('link', { name: 'Our Staff' }).click();
    await page.waitForURL('**/doctors');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Our Staff');
    expect(await menuPanel.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('desktop navigation', () => {
  it('opens the Services menu with its six groups and goes to a service page', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.locator('summary', { hasText: 'Services' }).click();
    const groups = await nav.locator('details[open] p').allTextContents();
    expect(groups).toEqual(['Preventative', "Women's Health", "Men's Health", "Children's Health", 'Health Checks', 'Other Services']);
    await nav.getByRole('link', { name: 'Iron Infusion' }).click();
    await page.waitForURL('**/iron-infusion');
    expect(await nav.locator('details[open]').count()).toBe(0);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Iron Infusion');
    await context.close();
  });
});

describe('hero', () => {
  const activeImage = (page: Page) => page.evaluate(() => {
    const img = [...document.querySelectorAll<HTMLImageElement>('section img')].find((i) => getComputedStyle(i).opacity === '1' || i.className.includes('active'));
    return img?.currentSrc.split('/').pop() ?? '';
  });

  it('rotates the background every 5000 ms and stops when paused', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    // The page's clock stands still from the start and moves only when told: on a busy machine the seconds between
    // loading and the first look would otherwise already have turned the picture.
    await page.clock.install({ time: 0 });
    await page.clock.pauseAt(1000);
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    const first = await activeImage(page);
    expect(first).toContain('coast-morning');
    // The hero's script is asked for in time for its first change: the clock is moved a tenth of a second at a time
    // until it is, then stands while the script arrives (in real time, however busy the machine) and fetches the
    // next picture ahead.
    let asked = false;
    page.on('request', (request) => { if (/\/Hero-[^/]*\.js$/.test(request.url())) asked = true; });
    await expect.poll(async () => { if (!asked) await page.clock.runFor(100); return asked; }, { timeout: limit(30_000) }).toBe(true);
    const pictures = page.locator('section').first().locator('img');
    await expect.poll(() => pictures.count(), { timeout: limit(30_000) }).toBe(2);
    // The first change is due 5000 ms after the page started, by the page's clock.
    const now = await page.evaluate(() => performance.now());
    expect(now).toBeLessThan(4900);
    await page.clock.runFor(4900 - now);
    expect(await activeImage(page)).toContain('coast-morning');
    await page.clock.runFor(200);
    await expect.poll(() => activeImage(page)).toContain('bay-midday');
    await page.getByRole('button', { name: 'Pause the background pictures' }).click();
    await page.clock.runFor(15000);
    expect(await activeImage(page)).toContain('bay-midday');
    await context.close();
  });

  it('does not rotate when the visitor prefers reduced motion', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    await page.clock.runFor(20000);
    expect(await activeImage(page)).toContain('coast-morning');
    expect(await page.getByRole('button', { name: 'Pause the background pictures' }).count()).toBe(0);
    await context.close();
  });
});

describe('redirects and the not-found page', () => {
  it('sends nav aliases and unknown doctors to the right page', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(baseURL() + '/immunisations');
    expect(new URL(page.url()).pathname).toBe('/services/immunisations');
    await page.goto(baseURL() + '/doctors/dr-nobody');
    expect(new URL(page.url()).pathname).toBe('/doctors');
    expect(await page.locator('h1').textContent()).toBe('Our Staff');
    await context.close();
  });

  it('answers 404 with the not-found page and logs the attempted path', async () => {
    const { page, context, warnings, errors } = await openPage(browser);
    const response = await page.goto(baseURL() + '/no/such/page', { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toContain('Oops! Page not found');
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    // And the places a lost visitor most often wants, after it.
    expect(await page.locator('main ul a').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')])))
      .toEqual([['Book an Appointment', '/appointments'], ['Opening Hours', '#footer-hours'], ['Fees', '/fees']]);
    await expect.poll(() => warnings.join('\n')).toContain('/no/such/page');
    // Chromium itself reports the document's own 404 status on the console; nothing else may be there.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('news', () => {
  it('reveals the rest of an item in place with Read more', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
    const item = page.locator('li', { hasText: 'Extended Thursday hours trial' });
    expect(await item.getByText('stay open until 7pm', { exact: false }).isVisible()).toBe(false);
    await item.getByText('Read more').click();
    expect(await item.getByText('stay open until 7pm', { exact: false }).isVisible()).toBe(true);
    await context.close();
  });
});
