import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { saved, sessionForFile } from './harness.ts';

// A staff member publishes two changes, opens History, sees both in words with her name, and undoes the first: a new
// version on the website that keeps the second.
const session = sessionForFile({ reset: false });

type Site = { hours: { note: string; regular: { closes: string }[] } };
const remoteText = () => session().box.git(['show', 'main:site.yaml'], session().box.remote);
const read = (text: string) => parse(text) as Site;

async function publish(page: Page, message: string) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByLabel(/What did you change/).fill(message);
  await page.getByLabel(/Your name/).fill('Chloe Anderson');
  await page.getByRole('button', { name: 'Publish now' }).click();
  await page.getByText(/^Published\./).waitFor({ timeout: 60_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
}

describe('History', () => {
  it('shows both published changes newest first, in words, and undoes just the first', async () => {
    const { page } = session();
    const before = read(remoteText());
    await page.locator('#root_regular_0_closes').fill('18:45');
    await saved(page);
    await publish(page, 'Later closing');
    await page.locator('#root_note').fill('Closed on public holidays and Easter Sunday.');
    await saved(page);
    await publish(page, 'Easter in the note');

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    const versions = dialog.locator('ol.history > li');
    await versions.first().waitFor({ timeout: 30_000 });
    await expect.poll(() => versions.locator('h3').allTextContents()).toEqual(expect.arrayContaining(['Easter in the note', 'Later closing']));
    expect((await versions.locator('h3').allTextContents()).slice(0, 2)).toEqual(['Easter in the note', 'Later closing']);
    expect(await versions.nth(1).locator('.history-who').textContent()).toMatch(/by Chloe Anderson$/);
    expect(await versions.nth(1).locator('ul.history-changes').textContent()).toMatch(new RegExp(`Opening hours > .* ${before.hours.regular[0].closes} -> 18:45`));

    const shots = process.env.HISTORY_SHOTS;
    if (shots) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/history-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    await versions.nth(1).getByRole('button', { name: /^Undo just this change/ }).click();
    await dialog.getByText(/^Published\./).waitFor({ timeout: 60_000 });
    const now = read(remoteText());
    expect(now.hours.regular[0].closes).toBe(before.hours.regular[0].closes);
    expect(now.hours.note).toBe('Closed on public holidays and Easter Sunday.');
    await expect.poll(() => versions.first().locator('h3').textContent()).toBe('Undid "Later closing"');
    expect((await versions.locator('h3').allTextContents()).slice(0, 3)).toEqual(['Undid "Later closing"', 'Easter in the note', 'Later closing']);
    expect(session().messages).toEqual([]);
  });
});
