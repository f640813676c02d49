import type { Browser } from 'playwright-core';
import { launchChromium } from '../bench/browser.ts';

let chromium: Promise<Browser> | undefined;

/**
 * The test process's one Chromium. The browser projects run their files one after another in one process
 * (vitest.config.ts: isolate off), and a Chromium for each file cost its launch and the processes it starts. A file
 * opens contexts of its own in it and closes them after its last test (closeContexts): a page left open would keep
 * working beside the files that follow.
 */
export function sharedChromium(): Promise<Browser> {
  chromium ??= launchChromium();
  return chromium;
}

/** Closes every context of the shared Chromium: a file's, after its last test (the files run one at a time). */
export async function closeContexts(browser: Browser | undefined) {
  for (const context of browser?.contexts() ?? []) await context.close();
}
