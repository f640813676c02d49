import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { expectFaithful, saved, select, sessionForFile } from './harness.ts';

/**
 * Staff type quickly, and the editor saves and checks in the pauses between their words: the problems list (and the
 * messages beside the fields) change while the next word is being typed. Not one keystroke may be lost to that.
 */
const session = sessionForFile({ reset: true });

type Site = { entities: Record<string, Record<string, unknown>[]> };
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
    const before = await page.getByRole('region', { name: /Problems/ }).getByRole('listitem').count();
    expect(before).toBeGreaterThan(0);
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
