import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { axe, saved, select, sessionForFile } from './harness.ts';

const session = sessionForFile({ reset: false });

describe('the editor is accessible', () => {
  it('has no axe violations on its main screens, dialogs included, and with problems shown', async () => {
    const { page } = session();
    expect(await axe(page)).toEqual([]);
    await select(page, 'Doctors', /Dr /);
    expect(await axe(page)).toEqual([]);
    await select(page, 'Pages', /^\/\s/);
    await select(page, 'Pages', /^Cards/);
    expect(await axe(page)).toEqual([]);
    await select(page, 'Pages', /^Text section/);
    expect(await axe(page)).toEqual([]);
    // A mistake: the problems list and the message beside the field.
    await select(page, 'Fees', /.+/);
    await page.locator('#root_items_0_price').fill('eighty');
    await page.locator('#root_items_0_price').blur();
    await saved(page);
    await page.getByRole('region', { name: /Problems/ }).getByRole('listitem').first().waitFor();
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Review changes' }).click();
    await page.getByRole('dialog').getByText(/since the last publish/).first().waitFor();
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('group', { name: 'How to edit' }).getByRole('button', { name: 'YAML' }).click();
    await page.locator('.cm-content').waitFor();
    expect(await axe(page)).toEqual([]);
  });

  it('works from the keyboard alone, with the focus always visible', async () => {
    const { page } = session();
    await page.goto(session().editor.url);
    await page.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor();
    const seen: string[] = [];
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return { text: (el.textContent || el.getAttribute('aria-label') || el.id || el.tagName).trim().slice(0, 30), outline: style.outlineStyle, width: style.outlineWidth };
      });
      // Inside the preview frame the site's own focus style applies (tested by the site's suite).
      if (!focus || focus.text === 'IFRAME') continue;
      seen.push(focus.text);
      expect(focus.outline, `focus on "${focus.text}"`).not.toBe('none');
    }
    expect(seen).toContain('Contact');
    // Enter on a navigator entry opens its form; typing there saves.
    await page.getByRole('button', { name: 'Contact', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Contact' }).waitFor();
  });

  it('typing goes on into the field while the preview reloads after each save', async () => {
    const { page, box } = session();
    await page.goto(session().editor.url);
    await page.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor();
    const note = page.locator('#root_note');
    await note.click();
    await page.keyboard.press('End');
    // Slow enough for several saves, each followed by a reload of the preview, to happen while typing.
    await page.keyboard.type(' Please call before you come in.', { delay: 150 });
    await saved(page);
    await expect.poll(() => readFileSync(box.siteFile, 'utf8')).toMatch(/ Please call before you come in\.\n/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_note');
  });

  it('fits a tablet: nothing wider than the screen, preview under the form', async () => {
    const { browser, editor } = session();
    const tablet = await browser.newPage({ viewport: { width: 820, height: 1180 } });
    await tablet.goto(editor.url);
    await tablet.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor();
    expect(await tablet.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const form = await tablet.locator('.workspace').boundingBox();
    const preview = await tablet.locator('.preview').boundingBox();
    expect(preview && form && preview.y >= form.y + 100).toBe(true);
    expect(await axe(tablet)).toEqual([]);
    await tablet.close();
  });
});
