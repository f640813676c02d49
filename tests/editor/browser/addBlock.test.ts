import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { saved, select, sessionForFile } from './harness.ts';

/**
 * A new block goes where the person is: after the block they are on, or at the place they choose on the page's
 * form, not at the end of the page to be moved up block by block.
 */
const session = sessionForFile({ reset: true });

type Site = { pages: { path: string; blocks: { type: string }[] }[] };
const onDisk = () => parse(readFileSync(session().box.siteFile, 'utf8')) as Site;
const servicePage = () => {
  const found = onDisk().pages.find((p) => p.path.startsWith('/services/') && p.blocks.length >= 3);
  if (!found) throw new Error('no service page with three blocks');
  return found;
};
/** What staff read for a kind of block: its schema's kindName. */
const words = (type: string) => (JSON.parse(readFileSync(new URL(`../../../schema/blocks/${type}.schema.json`, import.meta.url), 'utf8')) as { kindName: string }).kindName;

describe('a new block where the person is', () => {
  it('added from a block: it comes right after that block, and its form opens', async () => {
    const { page } = session();
    const before = servicePage();
    await select(page, 'Pages', new RegExp(`^${before.path}\\s`));
    await select(page, 'Pages', new RegExp(`^${words(before.blocks[0].type)}`));
    await page.locator('#form-heading').waitFor();
    expect(await page.locator('#block-type').count()).toBe(1);
    await page.locator('#block-type').selectOption({ label: 'Downloads' });
    await page.getByRole('button', { name: 'Add block' }).click();
    await saved(page);
    const after = onDisk().pages.find((p) => p.path === before.path)!;
    expect(after.blocks.map((b) => b.type)).toEqual([before.blocks[0].type, 'downloads', ...before.blocks.slice(1).map((b) => b.type)]);
    await expect.poll(() => page.locator('#form-heading').textContent()).toBe('Downloads (2)');
  });

  it('added from the page: at the place chosen, the end unless another is chosen', async () => {
    const { page } = session();
    const before = servicePage();
    await select(page, 'Pages', new RegExp(`^${before.path}\\s`));
    await page.locator('#block-type').selectOption({ label: 'Questions and answers' });
    const where = page.getByLabel('Where on the page');
    expect(await where.locator('option:checked').textContent()).toBe('At the end');
    await where.selectOption({ label: 'At the top' });
    await page.getByRole('button', { name: 'Add block' }).click();
    await saved(page);
    const after = onDisk().pages.find((p) => p.path === before.path)!;
    expect(after.blocks.map((b) => b.type)).toEqual(['faq', ...before.blocks.map((b) => b.type)]);
  });
});
