import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedSite } from '../../../server/local/startProcess.ts';
import { findChromium, launchChromium } from '../../../bench/browser.ts';
import { sandbox, type Sandbox } from '../sandbox.ts';
import { startPractice } from './practiceProcess.ts';
import { saved, select, signInFirst } from './harness.ts';
import { limit } from '../../../bench/machineSpeed.ts';

// A PDF form uploaded at /admin on `npm start` as a receptionist does it, named in a Downloads block: clicking its
// link in the preview must open it at once in a tab of its own, before it is published or built, from the draft of
// the person who uploaded it. A PDF the website has already opens the same way, and a page's link still shows the
// page in the preview. Chromium keeps its popup blocker on here (Playwright turns it off by default), so a tab is
// opened only as a click lets a page open one.
let box: Sandbox;
let site: StartedSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  box = sandbox('real');
  site = await startPractice(box);
  // The whole browser: a tab draws the PDF in its viewer, which the headless shell has not.
  browser = await launchChromium({ executablePath: findChromium('browser'), ignoreDefaultArgs: ['--disable-popup-blocking'] });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('pageerror', (e) => problems.push(e.message));
}, limit(300_000));

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  box?.cleanup();
});

/** A small PDF a viewer can draw: one page with a line of text, its cross-reference table at the right offsets. */
function formPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 58 >>\nstream\nBT /F1 24 Tf 72 760 Td (Iron infusion consent) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let text = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = text.length;
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

const preview = () => page.frameLocator('iframe[title^="Preview"]');

/** Clicks a link in the preview and gives the tab it opened. */
async function openFromPreview(name: string): Promise<Page> {
  const opened = context.waitForEvent('page', { timeout: limit(20_000) });
  // The frame takes no pointer until the pointer is over it, as a person's would be.
  await page.locator('.preview .frame').hover();
  await preview().getByRole('link', { name }).click();
  return opened;
}

/** What a tab shows: its address's kind and the kind of document the browser made of it. */
async function held(tab: Page): Promise<{ scheme: string; type: string }> {
  await tab.waitForURL((url) => url.protocol !== 'about:', { timeout: limit(20_000) });
  return tab.evaluate(() => ({ scheme: location.protocol, type: document.contentType }));
}

describe('a PDF in the preview, at /admin on npm start', () => {
  it('opens in a tab of its own at once from the draft, as a published one does, and a page link still shows the page', async () => {
    await signInFirst(page, site);

    await select(page, 'Pages', /^\/iron-infusion\s/);
    await select(page, 'Pages', /^Downloads/);
    // At a phone's width the page in the frame is drawn as it is, not scaled down to the pane.
    await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Phone' }).click();
    await preview().getByRole('link', { name: /Iron Infusion Consent Form/ }).waitFor({ timeout: limit(45_000) });
    const seen: Record<string, unknown> = {};

    // The form the website has: its own address, as the website serves it.
    const publishedAnswer = context.waitForEvent('response', { predicate: (r) => r.url().endsWith('/downloads/iron-infusion-consent-form.pdf'), timeout: limit(20_000) });
    const published = await openFromPreview('Iron Infusion Consent Form');
    const answer = await publishedAnswer;
    seen.published = { url: new URL(answer.url()).pathname, status: answer.status(), type: answer.headers()['content-type'], nosniff: answer.headers()['x-content-type-options'] };
    await published.close();

    // A new version of the form, uploaded into the draft: only the draft has it until it is published and built.
    const pdf = formPdf();
    // The block's one file: its link's field.
    const field = page.locator('.form .href');
    await expect.poll(() => field.locator('input[type="text"]').inputValue()).toBe('/downloads/iron-infusion-consent-form.pdf');
    await field.locator('input[type="file"]').setInputFiles({ name: 'Consent form 2026.pdf', mimeType: 'application/pdf', buffer: pdf });
    await field.getByRole('status').filter({ hasText: /^Uploaded as / }).waitFor();
    const href = await field.locator('input[type="text"]').inputValue();
    expect(href).toMatch(/^\/downloads\/consent-form-2026-[0-9a-f]{6}\.pdf$/);
    await saved(page);
    expect((await fetch(`${site.origin}${href}`)).status).toBe(404);
    await preview().locator(`a[href="${href}"]`).waitFor({ timeout: limit(45_000) });

    // Read from the draft with Karen's sign-in, as its pictures are, and opened from its bytes (exactly those uploaded:
    // tests/editor/hosted/draftFiles.test.ts; the browser's tools keep no copy of a body read as a blob).
    const fromDraft = (r: Response) => r.url().endsWith(`/functions/v1/site-editor/files${href}`);
    const draftAnswer = page.waitForResponse(fromDraft, { timeout: limit(20_000) });
    const tab = await openFromPreview('Iron Infusion Consent Form');
    const read = await draftAnswer;
    seen.draft = { status: read.status(), type: read.headers()['content-type'], disposition: read.headers()['content-disposition'], nosniff: read.headers()['x-content-type-options'] };
    seen['draft tab'] = await held(tab);
    await tab.close();

    // A link that opens in the same tab on the website opens a tab from the preview too (it did nothing before).
    await page.getByRole('checkbox', { name: 'Open in a new tab' }).uncheck();
    await saved(page);
    await expect.poll(() => preview().locator(`a[href="${href}"]`).getAttribute('target'), { timeout: limit(20_000) }).toBeNull();
    const sameTab = await openFromPreview('Iron Infusion Consent Form');
    seen['same-tab link'] = await held(sameTab);
    await sameTab.close();

    // A page of the site is still shown in the preview, with no tab opened.
    const tabs = context.pages().length;
    await page.locator('.preview .frame').hover();
    await preview().locator('main a[href="/appointments"]').first().click();
    await preview().getByRole('heading', { level: 1, name: /appointment/i }).waitFor({ timeout: limit(20_000) });
    seen['page link'] = { tabs: context.pages().length - tabs };

    const file = { scheme: 'blob:', type: 'application/pdf' };
    expect(seen).toEqual({
      published: { url: '/downloads/iron-infusion-consent-form.pdf', status: 200, type: 'application/pdf', nosniff: 'nosniff' },
      draft: { status: 200, type: 'application/pdf', disposition: `inline; filename="${href.slice('/downloads/'.length)}"`, nosniff: 'nosniff' },
      'draft tab': file,
      'same-tab link': file,
      'page link': { tabs: 0 },
    });
    expect(problems).toEqual([]);
  });
});
