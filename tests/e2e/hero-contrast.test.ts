/**
 * The hero's words can be read over every one of its pictures: each line of its heading, its text and its outlined
 * button measures at least 4.5:1 against the lightest pixels behind it, at 375 px and 1280 px, on the frozen copy in
 * Chromium. Measured from screenshots, since what is behind the words is a picture under a gradient: the words are made
 * transparent, the picture and all that lies over it is shot, and each line's box is read from the pixels.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio, parseColor, type Rgba } from './contrast.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { baseURL, openPage } from './page.ts';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); });
afterAll(async () => { await closeContexts(browser); });

const LEAST = 4.5;
/** The words' elements in the hero; the booking button is a solid colour of its own, measured elsewhere. */
const WORDS = 'h1, p, a:not(.btn-primary)';

interface Line { words: string; color: string; box: { x: number; y: number; width: number; height: number } }

/** Each line of the hero's words and its colour; then the words are made transparent, leaving what is behind them. */
function hideWords(page: Page): Promise<Line[]> {
  return page.evaluate((selector) => {
    const hero = document.querySelector('main h1')!.closest('section')!;
    const lines: Line[] = [];
    for (const element of hero.querySelectorAll<HTMLElement>(selector)) {
      const color = getComputedStyle(element).color;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) lines.push({ words: node.textContent.trim().slice(0, 40), color, box: { x: r.x, y: r.y, width: r.width, height: r.height } });
      }
      for (const shown of [element, ...element.querySelectorAll<HTMLElement>('*')]) {
        shown.style.transition = 'none';
        shown.style.color = 'transparent';
        shown.style.textShadow = 'none';
        shown.style.textDecorationColor = 'transparent';
      }
    }
    return lines;
  }, WORDS);
}

/** Shows the picture `index` alone and still, once it is decoded. */
function showPicture(page: Page, index: number): Promise<void> {
  return page.evaluate(async (index) => {
    const pictures = [...document.querySelector('main h1')!.closest('section')!.querySelectorAll('img')];
    for (const [i, img] of pictures.entries()) {
      img.loading = 'eager';
      img.style.transition = 'none';
      img.style.opacity = i === index ? '1' : '0';
    }
    await pictures[index].decode();
  }, index);
}

/** The lightest pixel of each box in a PNG of the screen, read back in the page through a canvas. */
function lightest(page: Page, png: Buffer, boxes: Line['box'][]): Promise<Rgba[]> {
  return page.evaluate(async ({ data, boxes }) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const luminance = (r: number, g: number, b: number) => {
      const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    return boxes.map((box) => {
      const x = Math.max(0, Math.floor(box.x));
      const y = Math.max(0, Math.floor(box.y));
      const pixels = context.getImageData(x, y, Math.max(1, Math.min(canvas.width - x, Math.ceil(box.width))), Math.max(1, Math.min(canvas.height - y, Math.ceil(box.height)))).data;
      let best = { r: 0, g: 0, b: 0, a: 1 };
      let most = -1;
      for (let i = 0; i < pixels.length; i += 4) {
        const l = luminance(pixels[i], pixels[i + 1], pixels[i + 2]);
        if (l > most) { most = l; best = { r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: 1 }; }
      }
      return best;
    });
  }, { data: png.toString('base64'), boxes });
}

describe('the hero\'s words over its pictures', () => {
  // A phone's screen as tall as its hero (whose height does not follow the screen's below the tablet width), so the
  // whole of it is in one shot.
  for (const viewport of [{ width: 375, height: 1000 }, { width: 1280, height: 800 }]) {
    it(`measure at least ${LEAST}:1 on every line, over every picture, at ${viewport.width} px`, async () => {
      const { page, context } = await openPage(browser, { viewport });
      await page.goto(baseURL() + '/', { waitUntil: 'networkidle' });
      // Every picture is in the page once the hero's script has woken (a pointer over it).
      await page.locator('main h1').hover();
      await page.locator('[data-island="hero"][data-hydrated]').waitFor({ state: 'attached' });
      const count = await page.locator('main section:has(h1) img').count();
      expect(count).toBeGreaterThan(1);
      const low: string[] = [];
      let measured = 0;
      // The phone's call bar lies over the foot of the screen: out of the way, the whole hero is shot.
      await page.locator('aside[data-call-bar]').evaluate((bar) => { (bar as HTMLElement).style.display = 'none'; });
      const lines = await hideWords(page);
      for (let index = 0; index < count; index++) {
        await showPicture(page, index);
        const png = await page.screenshot();
        const behind = await lightest(page, png, lines.map((line) => line.box));
        lines.forEach((line, i) => {
          measured++;
          const ratio = contrastRatio(parseColor(line.color), behind[i]);
          if (ratio < LEAST) low.push(`picture ${index + 1}: "${line.words}" ${ratio.toFixed(2)}:1`);
        });
      }
      expect(measured).toBeGreaterThan(count * 4);
      expect(low).toEqual([]);
      await context.close();
    });
  }
});
