import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { axe, previewShows, saved, select, sessionForFile } from './harness.ts';

/**
 * Long texts as staff bring them in: pasted from Word or a web page into a formatted text, the lists, emphasis and
 * links stay (and Word's own markup goes); and Review says where two versions of a long text differ.
 */
const session = sessionForFile({ reset: true });

type Site = { entities: { news: { id: string; body?: string }[]; doctors: { name: string; bio: string }[] } };
const onDisk = () => parse(readFileSync(session().box.siteFile, 'utf8')) as Site;
const clipboard = (name: string) => readFileSync(new URL(`../../fixtures/clipboard/${name}`, import.meta.url), 'utf8');

/** A paste as the browser dispatches one, its clipboard holding both kinds of text, over `from`..`to` of the box. */
async function paste(page: Page, selector: string, html: string | null, text: string, from: number, to: number) {
  await page.locator(selector).evaluate((box, clip) => {
    if (!(box instanceof HTMLTextAreaElement || box instanceof HTMLInputElement)) throw new Error('not a text box');
    box.focus();
    box.setSelectionRange(clip.from, clip.to);
    const data = new DataTransfer();
    if (clip.html !== null) data.setData('text/html', clip.html);
    data.setData('text/plain', clip.text);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, { html, text, from, to });
}

const previewOf = (page: Page, id: string) => page.locator(`.markdown:has(#${id}) .markdown-preview`);
const MARKUP = /mso|o:p|MsoList|Symbol|Times New Roman|font-face|StartFragment|supportLists|·|\bstyle\b|script|document\.|notice|javascript/i;
const HEALTHDIRECT = '[Healthdirect Australia](https://www.healthdirect.gov.au/)';

describe('pasted text keeps its shape', () => {
  it('from Word: bullets and numbers become lists, the link and bold stay, Word\'s markup goes; one step to undo', async () => {
    const { page } = session();
    await select(page, 'News', '2025 flu vaccines have arrived');
    const body = page.locator('#root_body');
    const before = await body.inputValue();
    await paste(page, '#root_body', clipboard('word.html'), clipboard('word.txt'), 0, before.length);
    await expect.poll(() => body.inputValue()).toContain('- People aged 65 and over');
    const pasted = await body.inputValue();
    expect(pasted).toContain('They’re free for people aged 65 and over – book early 💉');
    expect(pasted).toContain('**Who should have one**');
    expect(pasted).toContain('- People aged 65 and over\n- Pregnant women, at *any* stage\n- Children from 6 months to under 5 years');
    expect(pasted).toContain('1. Phone reception on (08) 9000 0000\n2. Bring your **Medicare card**');
    expect(pasted).toContain(`Read more at ${HEALTHDIRECT} for advice on “flu season”.`);
    expect(pasted).not.toMatch(MARKUP);
    await saved(page);
    expect(onDisk().entities.news[0].body?.trim()).toBe(pasted.trim());
    // How it will look: real lists and the named link.
    const shown = previewOf(page, 'root_body');
    await expect.poll(() => shown.innerHTML()).toMatch(/<ul>\s*<li>People aged 65 and over<\/li>\s*<li>Pregnant women, at <em>any<\/em> stage<\/li>\s*<li>Children from 6 months to under 5 years<\/li>\s*<\/ul>/);
    expect(await shown.innerHTML()).toMatch(/<ol>\s*<li>Phone reception on \(08\) 9000 0000<\/li>/);
    expect(await shown.innerHTML()).toMatch(/<a href="https:\/\/www\.healthdirect\.gov\.au\/"[^>]*>Healthdirect Australia<\/a>/);
    // The whole paste is one step of the browser's own undo.
    await body.press('Control+z');
    await expect.poll(() => body.inputValue()).toBe(before);
    await saved(page);
    expect(onDisk().entities.news[0].body).toBe(before.endsWith('\n') ? before : `${before}\n`);
  });

  it('from a web page: heading, emphasis, lists and the link stay at the caret; script, style and a javascript: link go', async () => {
    const { page } = session();
    await select(page, 'Doctors', /Dr /);
    const bio = page.locator('#root_bio');
    const before = await bio.inputValue();
    await paste(page, '#root_bio', clipboard('web.html'), clipboard('web.txt'), before.trimEnd().length, before.trimEnd().length);
    await expect.poll(() => bio.inputValue()).toContain('- Arrive 10 minutes early');
    const pasted = await bio.inputValue();
    // A block pasted after a sentence starts a paragraph of its own, so that its lists stay lists.
    expect(pasted.startsWith(`${before.trimEnd()}\n\n**Before your appointment**\n\n`)).toBe(true);
    expect(pasted).toContain('Please bring your **Medicare card** and a list of your *current medicines*.');
    expect(pasted).toContain('- Arrive 10 minutes early\n- Tell reception if you have a cough or fever');
    expect(pasted).toContain('1. Check in at the front desk\n2. Take a seat in the waiting room');
    expect(pasted).toContain(`read more at ${HEALTHDIRECT} or click here.`);
    expect(pasted).not.toMatch(MARKUP);
    await saved(page);
    const name = onDisk().entities.doctors[0].name;
    expect(onDisk().entities.doctors.find((d) => d.name === name)?.bio.trim()).toBe(pasted.trim());
    // The doctor's page in the preview: a real list and the named link.
    const html = await previewShows(page, '<li>Arrive 10 minutes early</li>');
    expect(html).toMatch(/<ul>\s*<li>Arrive 10 minutes early<\/li>\s*<li>Tell reception if you have a cough or fever<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<a href="https:\/\/www\.healthdirect\.gov\.au\/"[^>]*>Healthdirect Australia/);
    expect(await page.title()).not.toBe('pasted script ran');
  });

  it('plain text is pasted as it is, and a one-line field takes no formatting', async () => {
    const { page, context } = session();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await select(page, 'News', '2025 flu vaccines have arrived');
    const body = page.locator('#root_body');
    await body.click();
    await body.press('Control+a');
    await page.evaluate(() => navigator.clipboard.writeText('Plain words, **as typed**\n\n1) not a list'));
    await body.press('Control+v');
    await expect.poll(() => body.inputValue()).toBe('Plain words, **as typed**\n\n1) not a list');
    // Word's or a page's formatting on the clipboard: a one-line field takes its plain words, as before.
    const title = page.locator('#root_title');
    await page.evaluate(async (html) => {
      const item = (type: string, text: string) => new Blob([text], { type });
      await navigator.clipboard.write([new ClipboardItem({ 'text/html': item('text/html', html), 'text/plain': item('text/plain', 'Flu clinic – Saturday') })]);
    }, clipboard('word.html'));
    await title.click();
    await title.press('Control+a');
    await title.press('Control+v');
    await expect.poll(() => title.inputValue()).toBe('Flu clinic – Saturday');
    await saved(page);
  });
});

describe('Review shows where a long text changed', () => {
  it('the changed words with some words around them, not both versions cut at their first sentence', async () => {
    const { page } = session();
    await select(page, 'News', '2025 flu vaccines have arrived');
    const body = page.locator('#root_body');
    const before = await body.inputValue();
    const after = before.replace('Phone reception', `Read more at ${HEALTHDIRECT} for advice. Phone reception`).replace('one of our nurses', 'a nurse');
    expect(after).not.toBe(before);
    await body.fill(after);
    await saved(page);
    await page.getByRole('button', { name: 'Review changes' }).click();
    const change = page.getByRole('dialog', { name: 'Review changes' }).locator('.changes li').first();
    await change.waitFor();
    expect(await change.textContent()).toMatch(/^2025 flu vaccines have arrived > Rest of the item:/);
    // Each version from a few words before its change, the changed words marked (and said so to a screen reader).
    const said = (texts: string[]) => texts.map((text) => text.replace(/^(removed|added): (.*) \(end of \1\)$/, '[$1: $2]'));
    expect(said(await change.locator('del').allTextContents())).toEqual(['[removed: one of our nurses]']);
    // The link as the page shows it: its words, not its markdown.
    expect(said(await change.locator('ins').allTextContents())).toEqual(['[added: Read more at Healthdirect Australia for advice.]', '[added: a nurse]']);
    expect(await change.locator('.was').textContent()).toBe('Was: …everyone aged 6 months and over. Phone reception to book a flu vaccination with removed: one of our nurses (end of removed).');
    expect(await change.locator('.now').textContent()).toMatch(/^Now: …everyone aged 6 months and over\. added: Read more at .+ Phone reception to book a flu vaccination with added: a nurse \(end of added\)\.$/);
    expect(await change.textContent()).not.toContain('The best time');
    expect(await axe(page)).toEqual([]);
  });
});
