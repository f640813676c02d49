import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { saved, sessionForFile } from './harness.ts';

/**
 * A box says what will happen: a new entry's yes/no whose absence means yes (the schema's default) starts ticked,
 * and the file gets no line for it until staff untick it.
 */
const session = sessionForFile({ reset: true });

type Site = { entities: Record<string, Record<string, unknown>[]> };
const onDisk = () => parse(readFileSync(session().box.siteFile, 'utf8')) as Site;

describe('a new entry\'s boxes say what will happen', () => {
  it('a new news item starts "Shown in news lists", ticked, with no line for it in the file', async () => {
    const { page } = session();
    await page.getByRole('button', { name: 'Add to News' }).click();
    await page.locator('#root_title').waitFor();
    const box = page.getByRole('checkbox', { name: 'Shown in news lists' });
    expect(await box.isChecked()).toBe(true);
    await saved(page);
    expect(onDisk().entities.news.at(-1)).not.toHaveProperty('listed');
    // Unticked, it says so in the file; ticked again, the box and the file agree.
    await box.uncheck();
    await saved(page);
    expect(onDisk().entities.news.at(-1)?.listed).toBe(false);
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await saved(page);
    expect(onDisk().entities.news.at(-1)?.listed).not.toBe(false);
  });

  it('a new doctor starts shown in the lists of doctors, ticked', async () => {
    const { page } = session();
    await page.getByRole('button', { name: 'Add to Doctors' }).click();
    await page.locator('#root_name').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Shown in the lists of doctors' }).isChecked()).toBe(true);
  });
});
