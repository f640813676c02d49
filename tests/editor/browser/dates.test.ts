import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { editorCatalogue } from '../../../src/content/errors.ts';
import { saved, select, sessionForFile } from './harness.ts';
import { limit } from '../../../bench/machineSpeed.ts';

/**
 * Dates as an Australian reads and writes them (28/11/2026, or 28 November 2026), in a browser set to American
 * English too: the box is the editor's own, not the browser's date picker (mm/dd/yyyy there). The file keeps
 * year-month-day, as the site and the checker read it.
 */
const session = sessionForFile({ reset: true });

type Site = { entities: { news: { id: string; date: string; title: string }[] }; hours: { publicHolidays?: { date: string }[] } };
const onDisk = () => parse(readFileSync(session().box.siteFile, 'utf8')) as Site;

let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  context = await session().browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US', timezoneId: 'America/New_York' });
  page = await context.newPage();
});
afterAll(async () => { await context?.close(); });

async function openEditor() {
  await page.goto(session().editor.url);
  await page.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor({ timeout: limit(120_000) });
}

/** Types into the date box as a person does (select what is there, type, leave the box). */
async function typeDate(text: string) {
  const box = page.locator('#root_date');
  await box.click();
  await box.press('Control+a');
  await box.press('Backspace');
  if (text) await box.pressSequentially(text, { delay: 20 });
  await box.blur();
  await saved(page);
}

describe('dates in Australian words', () => {
  it('shows a news item\'s date as 01/04/2025 in an American browser, and says nothing of YYYY-MM-DD', async () => {
    await openEditor();
    const item = onDisk().entities.news[0];
    await select(page, 'News', item.title);
    const box = page.locator('#root_date');
    await box.waitFor();
    expect(await box.getAttribute('type')).toBe('text');
    const [y, m, d] = item.date.split('-');
    expect(await box.inputValue()).toBe(`${d}/${m}/${y}`);
    const said = await page.locator('.form').innerText();
    expect(said).not.toMatch(/YYYY|yyyy|mm\/dd|year-month-day/);
  });

  it('takes 28/11/2026 and 28 November 2026, keeps 2026-11-28 in the file', async () => {
    await openEditor();
    const item = onDisk().entities.news[0];
    await select(page, 'News', item.title);
    await typeDate('28/11/2026');
    expect(onDisk().entities.news[0].date).toBe('2026-11-28');
    expect(await page.locator('#root_date').inputValue()).toBe('28/11/2026');
    await typeDate('3 March 2027');
    expect(onDisk().entities.news[0].date).toBe('2027-03-03');
    expect(await page.locator('#root_date').inputValue()).toBe('03/03/2027');
    await typeDate('2026-12-25');
    expect(onDisk().entities.news[0].date).toBe('2026-12-25');
    // The year left out where it is obvious, by this computer's day: on 6 December 2026, 1 December is five days ago.
    await page.clock.setFixedTime(new Date('2026-12-06T10:00:00-05:00'));
    await typeDate('1 December');
    expect(onDisk().entities.news[0].date).toBe('2026-12-01');
    expect(await page.locator('#root_date').inputValue()).toBe('01/12/2026');
  });

  it('a wrong date is named, with how to write it; an empty one names the field', async () => {
    await openEditor();
    const item = onDisk().entities.news[0];
    await select(page, 'News', item.title);
    await typeDate('31/02/2026');
    const error = page.locator('#root_date__error');
    await expect.poll(() => error.textContent()).toBe(editorCatalogue.BadDate('Date', '31/02/2026'));
    expect(editorCatalogue.BadDate('Date', '31/02/2026')).toBe('31/02/2026 is not a date. Write the day, month and year, e.g. 28/11/2026 or 28 November 2026.');
    // The problems list says the same, after where it is.
    const listed = page.getByRole('region', { name: /Problems/ }).getByRole('listitem');
    await expect.poll(() => listed.allTextContents()).toContain(`${item.title} > Date: ${editorCatalogue.BadDate('Date', '31/02/2026')}`);
    await typeDate('');
    await expect.poll(() => error.textContent()).toBe(editorCatalogue.BadDate('Date', ''));
    expect(editorCatalogue.BadDate('Date', '')).toBe('Date is not filled in. Write the day, month and year, e.g. 28/11/2026 or 28 November 2026.');
  });

  it('a public holiday is added with an Australian date', async () => {
    await openEditor();
    await select(page, 'Practice', 'Opening hours');
    const before = onDisk().hours.publicHolidays?.length ?? 0;
    const list = page.locator('#root_publicHolidays');
    await list.getByRole('button', { name: 'Add one' }).last().click();
    const box = page.locator(`#root_publicHolidays_${before}_date`);
    await box.fill('26 January 2027');
    await box.blur();
    await saved(page);
    expect(onDisk().hours.publicHolidays?.[before]?.date).toBe('2027-01-26');
    expect(await box.inputValue()).toBe('26/01/2027');
  });
});
