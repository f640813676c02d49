import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { select, sessionForFile } from './harness.ts';

/**
 * A page named in the menu is often named in the footer too, in other words ("Fees", "Fees & Charges"). Renaming
 * one leaves the other: the form says where else the page is named, and takes the person to that field.
 */
const session = sessionForFile({ reset: false });

type Link = { label: string; href?: string };
type Site = { nav: { items: Link[] }; footer: { quickLinks: Link[] } };
const onDisk = () => parse(readFileSync(session().box.siteFile, 'utf8')) as Site;

describe('where else a page is named', () => {
  it('the menu entry of a page says the footer names it too, and goes to that field', async () => {
    const { page } = session();
    const site = onDisk();
    const i = site.nav.items.findIndex((item) => site.footer.quickLinks.some((l) => l.href === item.href && l.label !== item.label));
    const item = site.nav.items[i];
    const j = site.footer.quickLinks.findIndex((l) => l.href === item.href);
    const other = site.footer.quickLinks[j];
    await select(page, 'Practice', 'Navigation');
    const entry = page.locator(`#root_items_${i}`);
    const note = entry.locator('.also-named');
    await expect.poll(() => note.count()).toBe(1);
    expect(await note.textContent()).toContain(`This page is also named "${other.label}" in the footer`);
    await note.getByRole('button').click();
    await page.getByRole('heading', { level: 2, name: 'Footer' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`root_quickLinks_${j}_label`);
    // And back: the footer's link names the menu's words for the same page.
    expect(await page.locator(`#root_quickLinks_${j}`).locator('.also-named').textContent()).toContain(`This page is also named "${item.label}" in the menu`);
  });
});
