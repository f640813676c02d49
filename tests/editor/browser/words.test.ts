import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { saved, select, sessionForFile } from './harness.ts';

/**
 * The form speaks as the site does: fields labelled by their titles, entries of a list headed by their own names,
 * and the checker's problems beside a field in words of fields, not of quotes or keys.
 */
const session = sessionForFile({ reset: true });

type Site = { entities: { feeGroups: { name: string; items: { name: string }[] }[] } };
const onDisk = () => parse(readFileSync(session().box.siteFile, 'utf8')) as Site;

describe('the form in staff\'s words', () => {
  it('labels fields by their titles and heads each fee by its name', async () => {
    const { page } = session();
    const group = onDisk().entities.feeGroups[0];
    await select(page, 'Fees', group.name);
    await page.locator('#root_items_0_name').waitFor();
    // The legend is the fee's name (and the mark of a required entry, if any).
    const legend = async (i: number) => (await page.locator(`#root_items_${i}__title`).textContent())?.replace(/\*$/, '');
    for (const [i, fee] of group.items.entries()) await expect.poll(() => legend(i)).toBe(fee.name);
    await expect.poll(() => page.getByLabel('Item number for face-to-face').count()).toBe(group.items.length);
    const labels = await page.locator('.form label, .form legend').allTextContents();
    expect(labels.filter((l) => /Fee item|F2f|Am pm|-\d\b|\b(Slug|Id|Href)\b|[a-z][A-Z]/.test(l))).toEqual([]);
  });

  it('labels the fields of a part the schema defines once and refers to (the fee tables\' column headings)', async () => {
    const { page } = session();
    await select(page, 'Pages', /^\/fees\s/);
    await select(page, 'Pages', /fee tables/);
    await expect.poll(() => page.getByLabel('Heading of the price column').count()).toBe(1);
    await expect.poll(() => page.locator('#root_columns__title').textContent()).toMatch(/^Column headings/);
  });

  it('heads each picture of a list by what it shows, or by the list\'s title and its place when it is decoration', async () => {
    const { page } = session();
    await select(page, 'Pages', /^\/\s/);
    await select(page, 'Pages', /^hero/);
    await expect.poll(() => page.locator('#root_images_1 > legend').textContent()).toMatch(/^Pictures 2\b/);
  });

  it('says what is wrong beside the field in words of fields', async () => {
    const { page } = session();
    const group = onDisk().entities.feeGroups[0].name;
    await select(page, 'Fees', group);
    const name = page.locator('#root_items_0_name');
    await name.fill('');
    await saved(page);
    await expect.poll(() => page.locator('#root_items_0_name__error').textContent()).toBe('This is empty. Write the text in this field.');
    // The problems list says where by the group's name, the fee's place (it has no name now) and the field's label.
    const listed = page.getByRole('region', { name: /Problems/ }).getByRole('listitem');
    await expect.poll(() => listed.allTextContents()).toContain(`${group} > Fees 1 > Name of the fee: This is empty. Write the text in this field.`);
  });
});
