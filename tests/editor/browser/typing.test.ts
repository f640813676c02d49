import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parse } from 'yaml';
import { expectFaithful, previewShows, reopen, saved, select, sessionForFile } from './harness.ts';
import { limit } from '../../../bench/machineSpeed.ts';

/**
 * Staff type quickly, and the editor saves and checks in the pauses between their words: the problems list (and the
 * messages beside the fields) change while the next word is being typed. Not one keystroke may be lost to that.
 */
const session = sessionForFile({ reset: true });

type Site = { hours: { regular: Record<string, string>[] }; entities: Record<string, Record<string, unknown>[]>; pages: { blocks: { type: string }[] }[] };
const onDisk = () => parse(readFileSync(session().box.siteFile, 'utf8')) as Site;

/** Types `text` word by word, without delay inside a word and with a pause after each word long enough for a save. */
async function typeInBursts(page: Page, text: string) {
  const words = text.split(/(?<= )/);
  for (const word of words) {
    await page.keyboard.type(word);
    await page.waitForTimeout(450 + Math.round(Math.random() * 150));
  }
}

describe('no keystroke is lost while the checker answers', () => {
  it('a required text typed into a new entry: its "missing" message goes away while the rest is typed', async () => {
    const { page } = session();
    await page.getByRole('button', { name: 'Add to News' }).click();
    await page.locator('#root_title').waitFor();
    await saved(page);
    // A new entry's empty fields are problems once staff have been to them and left them.
    await page.locator('#root_id').focus();
    await page.locator('#root_date').focus();
    await page.locator('#root_summary').focus();
    await expect.poll(() => page.getByRole('region', { name: /Problems/ }).getByRole('listitem').count()).toBeGreaterThan(0);
    const title = 'Flu clinic this Saturday morning for the whole family, bring your Medicare card';
    await page.locator('#root_title').click();
    await typeInBursts(page, title);
    await saved(page);
    await expect.poll(() => page.locator('#root_title').inputValue()).toBe(title);
    const news = onDisk().entities.news;
    expect(news[news.length - 1].title).toBe(title);
  });

  it('a doctor\'s slug retyped: references break and mend on every save while typing goes on', async () => {
    const { page } = session();
    const first = onDisk().entities.doctors[0];
    await select(page, 'Doctors', String(first.name));
    const slug = page.locator('#root_slug');
    await slug.click();
    await slug.press('Control+a');
    await slug.press('Backspace');
    const typed = 'dr-jane citizen-the-family-doctor of-the practice';
    await typeInBursts(page, typed);
    await saved(page);
    await expect.poll(() => slug.inputValue()).toBe(typed);
    expect(onDisk().entities.doctors[0].slug).toBe(typed);
    // The broken references were listed while this was typed; they are the proof that problems changed meanwhile.
    expect(await page.getByRole('region', { name: /Problems/ }).getByRole('listitem').count()).toBeGreaterThan(0);
  });
});

describe('fields filled one after another while the new entry is being saved and checked', () => {
  it('every field of each new news item reaches the file', async () => {
    const { page } = session();
    const filled: { id: string; date: string; title: string; summary: string }[] = [];
    for (let n = 1; n <= 5; n++) {
      const item = { id: `open-day-${n}`, date: `2026-12-0${n}`, title: `Open day number ${n}`, summary: `Come and meet the team on open day ${n}.` };
      await page.getByRole('button', { name: 'Add to News' }).click();
      // The save of the empty new item (and its problems) is answered while these are filled.
      await page.waitForTimeout(300 + n * 40);
      await page.locator('#root_id').fill(item.id);
      await page.locator('#root_date').fill(item.date);
      await page.locator('#root_title').fill(item.title);
      await page.locator('#root_summary').fill(item.summary);
      filled.push(item);
    }
    await saved(page);
    const news = onDisk().entities.news;
    expect(news.slice(-5).map((n) => ({ id: n.id, date: n.date, title: n.title, summary: n.summary }))).toEqual(filled);
  });
});

describe('an emptied optional field means "none"', () => {
  it('the key leaves the file (only its line goes), for plain and formatted text; an emptied required field keeps its key as ""', async () => {
    const { page } = session();
    await page.locator('#root_note').fill('');
    await saved(page);
    const { added, removed } = expectFaithful(session());
    expect(added).toEqual([]);
    expect(removed).toHaveLength(1);
    expect(removed[0]).toMatch(/^  note: /);
    await page.locator('#root_heading').fill('');
    await saved(page);
    expect(readFileSync(session().box.siteFile, 'utf8')).toMatch(/^  heading: ""$/m);
    // A plain one-line text (the title separator) and formatted text (a news item's body) alike.
    await select(page, 'Practice', 'Practice details');
    await page.locator('#root_titleSeparator').fill('');
    await saved(page);
    expect(readFileSync(session().box.siteFile, 'utf8')).not.toMatch(/titleSeparator/);
    const withBody = onDisk().entities.news.find((n) => typeof n.body === 'string');
    if (!withBody) throw new Error('no news item with a body');
    await select(page, 'News', String(withBody.title));
    await page.locator('#root_body').fill('');
    await saved(page);
    expect(onDisk().entities.news.find((n) => n.id === withBody.id)).not.toHaveProperty('body');
  });
});

describe('boxes that tidy what is typed keep it, as typed, while it is typed', () => {
  it('a price typed as "85", pasted, deleted; a time typed impossible, then right; a new bio written as the others', async () => {
    const { page } = session();
    const text = () => readFileSync(session().box.siteFile, 'utf8');
    const fee = () => (onDisk().entities.feeGroups[0].items as Record<string, string>[])[0];
    const errorOf = (id: string) => page.locator(`#${id}__error`);
    await select(page, 'Fees', String(onDisk().entities.feeGroups[0].name));
    const price = page.locator('#root_items_0_price');
    await price.click();
    await price.press('Control+a');
    // A save between the two digits: the tidy "$8.00" it writes must not come back into the box.
    await page.keyboard.type('8');
    await saved(page);
    await page.keyboard.type('5');
    await saved(page);
    expect(await price.inputValue()).toBe('85');
    expect(fee().price).toBe('$85.00');
    expect(text()).toContain('price: "$85.00"');
    await price.blur();
    await expect.poll(() => price.inputValue()).toBe('85.00');
    await price.click();
    await price.press('Control+a');
    await page.keyboard.insertText('120.5');
    await saved(page);
    expect(await price.inputValue()).toBe('120.5');
    expect(fee().price).toBe('$120.50');
    await price.press('Control+a');
    await price.press('Backspace');
    await saved(page);
    expect(await price.inputValue()).toBe('');
    expect(fee().price).toBe('');
    await expect.poll(() => errorOf('root_items_0_price').textContent()).toMatch(/\w/);

    await select(page, 'Practice', 'Opening hours');
    const closes = page.locator('#root_regular_0_closes');
    expect(await closes.getAttribute('type')).toBe('text');
    await page.getByText('24-hour, e.g. 17:30').first().waitFor();
    await closes.click();
    await closes.press('Control+a');
    // A save after "25", as a person pauses: the box must not make a time of it meanwhile.
    await page.keyboard.type('25');
    await saved(page);
    await page.keyboard.type('00');
    await closes.blur();
    await saved(page);
    expect(await closes.inputValue()).toBe('2500');
    expect(onDisk().hours.regular[0].closes).toBe('2500');
    await expect.poll(() => errorOf('root_regular_0_closes').textContent()).toMatch(/\w/);
    await closes.click();
    await closes.press('Control+a');
    await page.keyboard.type('17:30');
    await closes.blur();
    await saved(page);
    expect(await closes.inputValue()).toBe('17:30');
    expect(text()).toMatch(/closes: "17:30"/);
    expect(onDisk().hours.regular[0].closes).toBe('17:30');
    await expect.poll(async () => (await errorOf('root_regular_0_closes').allTextContents()).join('')).toBe('');

    // A new doctor's bio of two paragraphs: the box keeps what was typed; the file writes it as its other bios, `|`.
    await page.getByRole('button', { name: 'Add to Doctors' }).click();
    const bio = page.locator('#root_bio');
    await bio.click();
    await page.keyboard.type('Joined the practice in 2026.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Sees whole families.');
    await saved(page);
    expect(await bio.inputValue()).toBe('Joined the practice in 2026.\n\nSees whole families.');
    expect(text()).toContain('      bio: |\n        Joined the practice in 2026.\n\n        Sees whole families.\n');
  });
});

describe('the preview beside the form', () => {
  it('shows every doctor\'s picture (the AVIF copies the build makes), and scrolls to the block being edited, at once where motion is unwelcome', async () => {
    const { page, box } = session();
    const doctor = onDisk().entities.doctors[0];
    const slug = String(doctor.slug);
    // The doctor's picture in documents/people/, given to them as the practice's own file gives every doctor theirs
    // (the frozen copy has none): the build makes its sizes and AVIF copies, and so must the preview.
    const portrait = join(box.work, 'documents', 'people', `${slug}.svg`);
    mkdirSync(dirname(portrait), { recursive: true });
    writeFileSync(portrait, '<svg xmlns="http://www.w3.org/2000/svg" width="960" height="960"><rect width="960" height="960" fill="#cde"/><circle cx="480" cy="400" r="200" fill="#875"/></svg>');
    onTestFinished(() => rmSync(portrait));
    const image = `      image: { src: /people/${slug}.webp, alt: ${String(doctor.name)}, width: 960, height: 960, widths: [320, 640], avif: true }`;
    writeFileSync(box.siteFile, readFileSync(box.siteFile, 'utf8').replace(`    - slug: ${slug}\n`, `    - slug: ${slug}\n${image}\n`));
    await reopen(session());
    await select(page, 'Doctors', String(doctor.name));
    const preview = () => {
      const frame = page.frames().find((f) => f !== page.mainFrame());
      if (!frame) throw new Error('no preview');
      return frame;
    };
    const loaded = (img: Element) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0 ? img.currentSrc : '';
    await expect.poll(() => preview().locator(`main img[alt="${String(doctor.name)}"]`).first().evaluate(loaded).catch(() => ''), { timeout: limit(60_000) })
      .toMatch(/\/people\/.+\.avif$/);
    await expect.poll(() => page.locator('img.thumb').evaluate(loaded)).toMatch(/\/people\/.+-320\.webp$/);

    // A block lower down the home page: its top is below the preview's screen until one of its fields changes.
    await select(page, 'Pages', /^\/\s/);
    await select(page, 'Pages', /^News list/);
    const blocks = onDisk().pages[0].blocks;
    const index = blocks.findIndex((b) => b.type === 'news-list');
    const topOfBlock = () => preview().evaluate((n) => {
      const block = document.getElementById('main')?.children[n];
      return block ? { top: Math.round(block.getBoundingClientRect().top), height: innerHeight } : null;
    }, index).catch(() => null);
    await expect.poll(topOfBlock, { timeout: limit(60_000) }).not.toBeNull();
    const before = await topOfBlock();
    expect(before && before.top).toBeGreaterThan(before?.height ?? 0);
    await page.locator('#root_heading').fill('News from the practice');
    await saved(page);
    await previewShows(page, 'News from the practice');
    await expect.poll(async () => {
      const now = await topOfBlock();
      return now !== null && now.top >= 0 && now.top < now.height;
    }).toBe(true);

    // Where motion is unwelcome, the preview jumps to the block instead of gliding.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await preview().evaluate(() => {
      const calls: (string | undefined)[] = [];
      (window as unknown as { scrolls: typeof calls }).scrolls = calls;
      const scroll = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element, options?: boolean | ScrollIntoViewOptions) {
        calls.push(typeof options === 'object' ? options.behavior : undefined);
        scroll.call(this, options);
      };
      window.scrollTo(0, 0);
    });
    await page.locator('#root_heading').blur();
    await page.locator('#root_heading').focus();
    await expect.poll(() => preview().evaluate(() => (window as unknown as { scrolls: string[] }).scrolls[0])).toBe('auto');
  });
});
