import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { avifSize } from '../../../server/editor/avifSize.ts';
import { renderPortrait } from '../../../build/people.ts';
import { closeContexts, sharedChromium } from '../../chromium.ts';

// The size the upload check reads from an AVIF is the size Chromium decodes it at, for AVIFs as the build makes them.
let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

it('Chromium decodes a real AVIF at the size avifSize reads', async () => {
  const page = await browser.newPage();
  for (const [width, height] of [[640, 400], [640, 1000]]) {
    const png = await sharp({ create: { width, height, channels: 3, background: '#2a7' } }).png().toBuffer();
    const avif = new Uint8Array(await renderPortrait(png, 'avif', 240, 'portrait.png'));
    const decoded = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight };
    }, `data:image/avif;base64,${Buffer.from(avif).toString('base64')}`);
    expect(avifSize(avif)).toEqual(decoded);
    expect(decoded.width).toBe(240);
  }
  await page.close();
});
