import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { saved, sessionForFile } from './harness.ts';
import { limit } from '../../../bench/machineSpeed.ts';

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
  await page.getByText(/^Published\./).waitFor({ timeout: limit(60_000) });
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
    await versions.first().waitFor({ timeout: limit(30_000) });
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
    await dialog.getByText(/^Published\./).waitFor({ timeout: limit(60_000) });
    const now = read(remoteText());
    expect(now.hours.regular[0].closes).toBe(before.hours.regular[0].closes);
    expect(now.hours.note).toBe('Closed on public holidays and Easter Sunday.');
    await expect.poll(() => versions.first().locator('h3').textContent()).toBe('Undid "Later closing"');
    expect((await versions.locator('h3').allTextContents()).slice(0, 3)).toEqual(['Undid "Later closing"', 'Easter in the note', 'Later closing']);
    expect(session().messages).toEqual([]);
  });

  it('searches the history by part of the site and by person, and shows older versions to find a change further back', async () => {
    const { page, box } = session();
    // Colleagues published elsewhere: Karen the fees, then Jo the note 30 times, the last time only making words bold.
    const elsewhere = join(box.dir, 'elsewhere');
    box.git(['clone', '--quiet', box.remote, elsewhere], box.dir);
    const file = join(elsewhere, relative(box.git(['rev-parse', '--show-toplevel']).trim(), box.siteFile));
    const publishAs = (name: string, message: string, change: (text: string) => string) => {
      writeFileSync(file, change(readFileSync(file, 'utf8')));
      box.git(['-c', `user.name=${name}`, '-c', `user.email=${name.split(' ')[0].toLowerCase()}@practice.example`, 'commit', '--quiet', '-am', message], elsewhere);
    };
    publishAs('Karen Mills', 'New consultation fees', (text) => text.replace('price: "$80.00"', 'price: "$85.00"'));
    for (let n = 1; n < 30; n++) publishAs('Jo Reception', `Note ${n}`, (text) => text.replace(/^( {2}note: ).*$/m, `$1Closed weekends and public holidays (${n}).`));
    publishAs('Jo Reception', 'Holidays in bold', (text) => text.replace(/^( {2}note: ).*$/m, '$1Closed weekends and **public holidays (29)**.'));
    box.git(['push', '--quiet', 'origin', 'main'], elsewhere);

    const dialog = page.getByRole('dialog', { name: 'History' });
    const versions = dialog.locator('ol.history > li');
    // The editor looks at the website's copy again within 15 s: History is opened until it shows the colleagues' work.
    await expect.poll(async () => {
      if (await dialog.count()) await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'History', exact: true }).click();
      await versions.first().waitFor({ timeout: limit(30_000) });
      return versions.first().locator('h3').textContent();
    }, { timeout: limit(40_000), interval: 2_000 }).toBe('Holidays in bold');
    // Markdown's marks are not words: a change of them alone says what it made bold.
    expect(await versions.first().locator('ul.history-changes').textContent()).toMatch(/: made "public holidays \(29\)" bold$/);
    expect(await versions.count()).toBe(30);

    const part = dialog.getByLabel('Part of the website');
    const fees = (await part.locator('option').allTextContents()).find((name) => /^Fee/.test(name)) ?? '';
    expect(fees).not.toBe('');
    await part.selectOption({ label: fees });
    await expect.poll(() => versions.count()).toBe(0);
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe(`No version among the newest 30 changed ${fees}. Show older versions to look further back.`);

    const shots = process.env.HISTORY_SHOTS;
    if (shots) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/history-none-${width}.png` });
      }
    }

    await dialog.getByRole('button', { name: 'Show older versions' }).click();
    await expect.poll(() => versions.locator('h3').allTextContents()).toContain('New consultation fees');
    const feeVersion = versions.filter({ hasText: 'New consultation fees' });
    expect(await feeVersion.locator('.history-who').textContent()).toMatch(/by Karen Mills$/);
    expect(await feeVersion.locator('ul.history-changes').textContent()).toMatch(/\$80\.00 -> \$85\.00/);

    // By person: Karen's versions only, whatever part they changed.
    await part.selectOption({ label: 'All parts' });
    await dialog.getByLabel('Published or approved by').selectOption({ label: 'Karen Mills' });
    await expect.poll(() => versions.locator('h3').allTextContents()).toEqual(['New consultation fees']);
    if (shots) {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${shots}/history-filter-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // A version found on an older page is undone from there.
    await feeVersion.getByRole('button', { name: /^Undo just this change/ }).click();
    await dialog.getByText(/^Published\./).waitFor({ timeout: limit(60_000) });
    expect(remoteText()).toContain('price: "$80.00"');
    expect(session().messages).toEqual([]);
  });
});

