import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { saved, select, sessionForFile } from './harness.ts';

/**
 * After Remove, the focus goes to the list the entry was in, never to another entry's Remove button: a second Enter
 * (a key held a moment too long, a double press) must not remove a second doctor or menu entry.
 */
const session = sessionForFile({ reset: true });

type Site = { entities: { doctors: { slug: string; name: string }[] }; nav: { items: { label: string }[] } };
const onDisk = () => parse(readFileSync(session().box.siteFile, 'utf8')) as Site;

/** The focused element: its role or tag, its id and its words. */
const focused = (page: Page) => page.evaluate(() => {
  const el = document.activeElement as HTMLElement | null;
  return { tag: el?.tagName.toLowerCase() ?? '', id: el?.id ?? '', text: (el?.textContent ?? '').trim().slice(0, 40) };
});

describe('focus after Remove', () => {
  it('a doctor removed with the keyboard: the focus is on the Doctors list, and Enter again removes nobody', async () => {
    const { page } = session();
    const before = onDisk().entities.doctors;
    // The first doctor: the form that follows is at the same place in the list (the next doctor moves up into it).
    await select(page, 'Doctors', before[0].name);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => { dialogs.push(dialog.message()); void dialog.accept(); });
    await page.getByRole('group', { name: 'Arrange this entry' }).getByRole('button', { name: 'Remove' }).focus();
    await page.keyboard.press('Enter');
    await saved(page);
    expect(onDisk().entities.doctors).toHaveLength(before.length - 1);
    const focus = await focused(page);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    await saved(page);
    expect(dialogs).toHaveLength(1);
    expect(onDisk().entities.doctors).toHaveLength(before.length - 1);
    expect(focus.text).toBe('Doctors');
  });

  it('a menu entry removed in its form: the focus is on the list of menu entries', async () => {
    const { page } = session();
    const before = onDisk().nav.items;
    await select(page, 'Practice', 'Navigation');
    await page.locator('#root_items_0__remove').focus();
    await page.keyboard.press('Enter');
    await saved(page);
    expect(onDisk().nav.items).toHaveLength(before.length - 1);
    const focus = await focused(page);
    expect(focus.text).not.toBe('Remove');
    expect(focus.id).toBe('root_items');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    await saved(page);
    expect(onDisk().nav.items).toHaveLength(before.length - 1);
  });
});
