import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bundleSchema } from '../../../server/editor/schemaBundle.ts';
import { saved, select, sessionForFile } from './harness.ts';
import { limit } from '../../../bench/machineSpeed.ts';

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
    await select(page, 'Pages', /^Fee tables/);
    await expect.poll(() => page.getByLabel('Heading of the price column').count()).toBe(1);
    await expect.poll(() => page.locator('#root_columns__title').textContent()).toMatch(/^Column headings/);
  });

  it('heads each picture of a list by what it shows, or by the list\'s title and its place when it is decoration', async () => {
    const { page } = session();
    await select(page, 'Pages', /^\/\s/);
    await select(page, 'Pages', /^Banner with pictures/);
    await expect.poll(() => page.locator('#root_images_1 > legend').textContent()).toMatch(/^Pictures 2\b/);
  });

  it('says what is wrong beside the field in words of fields', async () => {
    const { page } = session();
    const group = onDisk().entities.feeGroups[0].name;
    await select(page, 'Fees', group);
    const name = page.locator('#root_items_0_name');
    await name.fill('');
    await saved(page);
    await expect.poll(() => page.locator('#root_items_0_name__error').textContent()).toBe('This field is empty. Fill it in.');
    // The problems list says where by the group's name, the fee's place (it has no name now) and the field's label.
    const listed = page.getByRole('region', { name: /Problems/ }).getByRole('listitem');
    await expect.poll(() => listed.allTextContents()).toContain(`${group} > Fees 1 > Name of the fee: This field is empty. Fill it in.`);
  });
});

/**
 * Words of the file and the code that staff must not meet: a field's name in the file (singleOpen, oldAfterMonths:
 * any camelCase property name or value of the schema), a path of the project (site.yaml, public/downloads/), a page
 * address pattern (/doctors/:slug, {name}), or a word of code (JavaScript, true, false, listed:). A placeholder staff
 * type into a text ({year}) may be named where its description says what it becomes. Read from the schema and the
 * screens, not from this practice's content: the content's own words are taken out before the code words are looked for.
 */
const bundle = bundleSchema();
const keyNames = new Set<string>();
const schemaTexts: string[] = [];
(function walk(node: unknown) {
  if (Array.isArray(node)) { node.forEach(walk); return; }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
    if (key === 'properties' && value && typeof value === 'object') for (const name of Object.keys(value)) if (/[a-z][A-Z]/.test(name)) keyNames.add(name);
    if (key === 'enum' && Array.isArray(value)) for (const v of value) if (typeof v === 'string' && /[a-z][A-Z]/.test(v)) keyNames.add(v);
    if ((key === 'description' || key === 'title') && typeof value === 'string') schemaTexts.push(value);
    walk(value);
  }
})(bundle.definitions);

/** What is wrong with a text staff read, if anything. `content`: the practice's own texts, which may say what they like. */
function wrongWords(text: string, content: string[] = []): string[] {
  const found: string[] = [];
  const key = (text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).find((word) => keyNames.has(word));
  if (key) found.push(`the field name ${key}`);
  if (/\bsite\.yaml\b|(^|[\s("'])public\/|\bdocuments\/|\.ya?ml\b/.test(text)) found.push('a path of the project');
  // A placeholder is named only where the text says what it becomes.
  const unexplained = /\bbecomes\b/.test(text) ? text.replace(/\{[A-Za-z]+\}/g, '') : text;
  if (/\/:[A-Za-z]+|\{[A-Za-z]+\}/.test(unexplained)) found.push('an address pattern or a placeholder');
  let words = text;
  for (const c of content) if (words.includes(c)) words = words.split(c).join(' ');
  const code = /\bJavaScript\b|\btrue\b|\bfalse\b|\b[a-z]+[A-Z]?[a-z]*: (true|false)\b|\blisted:/.exec(words);
  if (code) found.push(`the code word ${code[0]}`);
  return found;
}

/** Every text of the editor's screen: what it says, and what it says to screen readers and in empty boxes. */
function screenTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('.editor') ?? document.body;
    const clone = root.cloneNode(true) as HTMLElement;
    // The markdown previews show the practice's own text as the site draws it.
    for (const el of clone.querySelectorAll('.markdown-preview')) el.remove();
    const hidden = document.createElement('div');
    hidden.style.cssText = 'position:absolute;left:-99999px;width:900px';
    hidden.append(clone);
    document.body.append(hidden);
    const lines = clone.innerText.split('\n');
    hidden.remove();
    for (const el of root.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) { const v = el.getAttribute(name); if (v) lines.push(v); }
    }
    for (const option of root.querySelectorAll('option')) lines.push(option.textContent ?? '');
    return lines.map((l) => l.trim()).filter(Boolean);
  });
}

describe('no word of the file or the code reaches staff', () => {
  it('in the schema\'s titles and descriptions, which the forms show', () => {
    expect(schemaTexts.length).toBeGreaterThan(100);
    expect(schemaTexts.flatMap((t) => wrongWords(t).map((w) => `${w}: ${t}`))).toEqual([]);
  });

  it('a link of the menu or the footer offers no look of a button: they draw every link as a plain link', async () => {
    const { page } = session();
    for (const part of ['Navigation', 'Footer']) {
      await select(page, 'Practice', part);
      await page.locator('#form-heading').filter({ hasText: part }).waitFor();
      expect(await page.locator('.form label').allTextContents()).not.toContain('Look of the button');
      expect(await page.getByLabel('Look of the button').count()).toBe(0);
    }
    // A button of a block still has it, its choices in words.
    await select(page, 'Pages', /^\/\s/);
    await select(page, 'Pages', /^Banner with pictures/);
    const look = page.getByLabel('Look of the button').first();
    expect(await look.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Primary', 'Secondary', 'Outline', 'Text']));
  });

  it('in every form, list, note and dialog of the editor, and in the preview', async () => {
    const { page } = session();
    const content: string[] = [];
    (function strings(node: unknown) {
      if (typeof node === 'string' && node.length >= 3) content.push(node);
      else if (Array.isArray(node)) node.forEach(strings);
      else if (node && typeof node === 'object') Object.values(node).forEach(strings);
    })(parse(readFileSync(session().box.siteFile, 'utf8')));
    content.sort((a, b) => b.length - a.length);
    const seen = new Map<string, string>();
    const look = async (where: string) => { for (const line of await screenTexts(page)) if (!seen.has(line)) seen.set(line, where); };
    const parts = page.getByRole('navigation', { name: 'Parts of the site' }).locator('li > button');
    let visited = 0;
    for (let i = 0; i < await parts.count(); i++) {
      const part = parts.nth(i);
      const name = (await part.textContent()) ?? '';
      await part.click();
      await page.locator('#form-heading').waitFor();
      await look(name);
      visited++;
      // A page opens its blocks under it: they come next.
      i = await parts.evaluateAll((buttons) => buttons.findIndex((b) => b.getAttribute('aria-current') === 'true'));
    }
    expect(visited).toBeGreaterThan(40);
    await page.getByRole('button', { name: 'Review changes' }).click();
    await page.getByRole('dialog').getByText(/since the last publish|Reading/).first().waitFor();
    await look('Review changes');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'History', exact: true }).click();
    await page.getByRole('dialog').getByRole('heading', { level: 3 }).first().waitFor({ timeout: limit(30_000) });
    await look('History');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await look('Publish');
    await page.keyboard.press('Escape');
    const wrong = [...seen].flatMap(([line, where]) => wrongWords(line, content).map((w) => `${where}: ${w}: ${line.slice(0, 160)}`));
    expect(wrong).toEqual([]);
    // The preview is the site as visitors see it: no note of the file's lines over it.
    await page.getByRole('navigation', { name: 'Parts of the site' }).getByRole('button', { name: 'Opening hours' }).click();
    const frame = page.frameLocator('iframe[title^="Preview"]');
    await frame.locator('#main').first().waitFor({ timeout: limit(60_000) });
    await page.waitForTimeout(1000);
    const shown = await frame.locator('body').innerText();
    expect(shown).not.toMatch(/\bLine \d+|site\.yaml|listed: false|leaveOutOld/);
  });
});
