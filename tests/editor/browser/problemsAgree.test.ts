import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saved, select, sessionForFile } from './harness.ts';

/**
 * One truth in one place: the count in the header, the heading of the problems list and the note over the preview
 * say the same thing, from the same state, whether the site has problems, a new entry still has empty fields, or
 * nothing is wrong.
 */
const session = sessionForFile({ reset: true });

const said = async (page: Page) => ({
  header: (await page.locator('.topbar .problem-count').textContent())?.trim(),
  heading: (await page.locator('#problems-heading').textContent())?.trim(),
  note: (await page.locator('.preview-note').count()) ? (await page.locator('.preview-note').textContent())?.trim() : undefined,
});

describe('the header and the preview agree', () => {
  it('a new entry with fields to fill in: neither says "No problems" while the preview waits for it', async () => {
    const { page } = session();
    await page.getByRole('button', { name: 'Add to News' }).click();
    await page.locator('#root_title').waitFor();
    await saved(page);
    await expect.poll(async () => (await said(page)).note).toBeDefined();
    const now = await said(page);
    expect(now.header).not.toMatch(/^No problems/);
    expect(now.header).toMatch(/^\d+ fields? to fill in$/);
    const count = now.header?.split(' ')[0];
    expect(now.note).toBe(`The preview shows the site without the new entry until its ${count === '1' ? 'field is' : `${count} fields are`} filled in.`);
    expect(now.heading).toBe('No problems so far');
    // Publish waits for the same fields, in the same words.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect(await page.getByRole('dialog').getByRole('alert').textContent())
      .toBe(`The new entry has ${count === '1' ? 'a field' : `${count} fields`} still to fill in. Your work is saved as a draft; fill ${count === '1' ? 'it' : 'them'} in first, then publish.`);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    // Filled in, every one says the site can be published.
    await page.locator('#root_title').fill('Flu clinic this Saturday');
    await page.locator('#root_date').fill('2026-11-23');
    await page.locator('#root_summary').fill('Walk in between 9am and noon.');
    await page.locator('#root_summary').blur();
    await saved(page);
    await expect.poll(() => said(page)).toEqual({ header: 'No problems', heading: 'No problems: the site can be published', note: undefined });
  });

  it('a problem: the header counts it and the preview names the same count', async () => {
    const { page } = session();
    await select(page, 'Practice', 'Contact');
    await page.locator('#root_phone').fill('');
    await page.locator('#root_phone').blur();
    await saved(page);
    await expect.poll(async () => (await said(page)).header).toBe('1 problem');
    expect((await said(page)).note).toBe('The preview shows the site as it was before the problem listed on the left. Fix it to see your latest changes here.');
  });
});
