import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { select, sessionForFile } from './harness.ts';
import { limit } from '../../../bench/machineSpeed.ts';

/**
 * The preview shows what is being edited: a field of the opening hours (or of the contact details) brings the part
 * of the page that shows them into view, as a field of a block does for its block.
 */
const session = sessionForFile({ reset: false });

type Site = { pages: { path: string; blocks: unknown[] }[] };
const home = () => (parse(readFileSync(session().box.siteFile, 'utf8')) as Site).pages.find((p) => p.path === '/')!;

describe('the preview follows the form', () => {
  it('scrolls to the opening hours on the page while they are edited, on a phone-width preview', async () => {
    const { page } = session();
    const index = home().blocks.findIndex((b) => JSON.stringify(b).includes('"opening-hours"'));
    expect(index).toBeGreaterThan(0);
    await select(page, 'Practice', 'Contact');
    await select(page, 'Practice', 'Opening hours');
    await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Phone' }).click();
    const frame = page.frameLocator('iframe[title^="Preview"]');
    const block = frame.locator(`#main > :nth-child(${index + 1})`);
    await block.waitFor({ state: 'attached', timeout: limit(60_000) });
    const place = () => block.evaluate((el) => ({ top: Math.round(el.getBoundingClientRect().top), height: innerHeight, scrolled: Math.round(scrollY) }));
    const start = await place();
    // Below the fold at first: the hero fills a phone's screen.
    expect(start.top).toBeGreaterThan(start.height / 3);
    await page.locator('#root_regular_0_closes').focus();
    await page.locator('#root_regular_0_closes').press('End');
    await expect.poll(async () => { const p = await place(); return p.top >= -2 && p.top < p.height / 3; }, { timeout: limit(10_000) }).toBe(true);
  });
});
