import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { StartedSite } from '../../../server/local/startProcess.ts';
import { sandbox, type Sandbox } from '../sandbox.ts';
import { startPractice } from './practiceProcess.ts';
import { saved, select, signInFirst } from './harness.ts';
import { closeContexts, sharedChromium } from '../../chromium.ts';
import { limit } from '../../../bench/machineSpeed.ts';

// A new doctor's photo, uploaded at /admin on `npm start` as a receptionist does it: it must show at once in the
// form and in the preview (drawn in the browser from the draft, before anything is published), and the website
// served by the same npm start must answer its address once it is published, before any new build.
// UPLOAD_SHOTS=<folder> keeps pictures of the form and the preview at both widths.
let box: Sandbox;
let site: StartedSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];
const shots = process.env.UPLOAD_SHOTS;

beforeAll(async () => {
  box = sandbox('real');
  site = await startPractice(box);
  browser = await sharedChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  if (shots) mkdirSync(shots, { recursive: true });
}, limit(300_000));

afterEach(() => {
  // A picture asked for at an address nobody answers is logged as a failed load: none may be.
  expect(problems).toEqual([]);
});

afterAll(async () => {
  await closeContexts(browser);
  await site?.stop();
  box?.cleanup();
});

/** Whether a picture has been drawn from real bytes (not its alt text, not a broken box), and its size. */
const drawn = (img: Locator) => img.evaluate((el: HTMLImageElement) => ({ complete: el.complete, width: el.naturalWidth, height: el.naturalHeight }));

/** What `read` gives once it equals `want`, or what it last gave after `ms`: each place is reported, not only the first wrong one. */
async function settle<T>(read: () => Promise<T>, want: T, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(want) && Date.now() < until) {
    await new Promise((done) => setTimeout(done, 250));
    last = await read();
  }
  return last;
}

/** A photograph-like JPEG: a gradient with noise, so the encoder has real work to do. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width;
    pixels[i + 1] = (y * 255) / height;
    pixels[i + 2] = (x * y) % 251;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

describe('an uploaded photo, at /admin on npm start', () => {
  it('shows at once in the form and the preview at phone and desktop widths, and the site answers its address once published', async () => {
    await signInFirst(page, site);

    await page.getByRole('button', { name: 'Add to Doctors' }).click();
    await page.locator('#root_name').fill('Dr Mei Lin');
    await page.locator('#root_qualifications').focus();
    await page.locator('#root_qualifications').fill('MBBS, FRACGP');
    await page.locator('#root_summary').fill('A GP with an interest in women\'s health.');
    await page.locator('#root_bio').fill('Dr Mei Lin joined the practice in 2026.');
    const jpeg = await photo(640, 480);
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    await page.locator('#root_image_src').setInputFiles({ name: 'Mei Lin.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByText(/Uploaded: 640 x 480 pixels/).waitFor();
    await page.getByLabel(/What it shows/).fill('Dr Mei Lin smiling');
    await saved(page);
    await page.getByRole('heading', { name: 'No problems: the site can be published' }).waitFor();

    const shown = { complete: true, width: 640, height: 480 };
    const seen: Record<string, unknown> = {};
    // The form: the thumbnail is the picture itself.
    const thumb = page.locator('.image-field img.thumb');
    seen.thumbnail = await settle(() => drawn(thumb), shown);

    // The preview: the doctor's own page, drawn from the draft, at desktop and phone widths.
    const preview = page.frameLocator('iframe[title^="Preview"]');
    const portrait = preview.locator('main img[alt="Dr Mei Lin smiling"]').first();
    await portrait.waitFor({ timeout: limit(45_000) });
    for (const width of ['Desktop', 'Phone'] as const) {
      await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: width }).click();
      await portrait.scrollIntoViewIfNeeded();
      seen[`preview ${width}`] = await settle(() => drawn(portrait), shown);
      if (shots) await page.screenshot({ path: join(shots, `upload-${width === 'Phone' ? 'phone-390' : 1280}.png`) });
    }
    // A phone's width exactly (the Phone button draws 390 px): the page asks for the same picture.
    await page.locator('iframe[title^="Preview"]').evaluate((frame: HTMLIFrameElement) => { frame.style.boxSizing = 'content-box'; frame.style.width = '375px'; });
    await expect.poll(() => preview.locator('body').evaluate(() => window.innerWidth)).toBe(375);
    seen['preview 375 px'] = await settle(() => drawn(portrait), shown);
    if (shots) await page.screenshot({ path: join(shots, 'upload-375.png') });

    // The next day: the browser has nothing of the file any more, and reads the draft's upload back from the editor,
    // slowly (a phone's line): the form is drawn before the bytes come, and must draw them when they do.
    await page.route(/\/files\/images\//, async (route) => { await new Promise((done) => setTimeout(done, 2500)); await route.continue(); });
    await page.reload();
    await select(page, 'Doctors', 'Dr Mei Lin');
    seen['thumbnail, reloaded'] = await settle(() => drawn(thumb), shown);
    await portrait.waitFor({ timeout: limit(45_000) });
    seen['preview, reloaded'] = await settle(() => drawn(portrait), shown);

    // Published: the website served by this npm start answers the picture's address, without a new build.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByLabel(/What did you change/).fill('Dr Mei Lin joins the practice');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('dialog').getByText(/^Published\./).waitFor({ timeout: limit(60_000) });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    seen['thumbnail after publishing'] = await settle(() => drawn(thumb), shown);
    const published = parse(box.git(['show', 'main:site.yaml'], box.remote)) as { entities: { doctors: { slug: string; image?: { src: string } }[] } };
    const src = published.entities.doctors.find((d) => d.slug === 'dr-mei-lin')?.image?.src;
    expect(src).toMatch(/^\/images\/mei-lin-[0-9a-f]{6}\.jpg$/);
    const answer = await fetch(`${site.origin}${src}`);
    const bytes = Buffer.from(await answer.arrayBuffer());
    seen.site = { status: answer.status, type: answer.headers.get('content-type'), nosniff: answer.headers.get('x-content-type-options'), same: bytes.equals(jpeg) };
    expect(seen).toEqual({
      thumbnail: shown, 'preview Desktop': shown, 'preview Phone': shown, 'preview 375 px': shown, 'thumbnail, reloaded': shown, 'preview, reloaded': shown, 'thumbnail after publishing': shown,
      site: { status: 200, type: 'image/jpeg', nosniff: 'nosniff', same: true },
    });
  });
});
