import { inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const baseURL = () => inject('baseURL');

export interface Watched { page: Page; errors: string[]; warnings: string[] }

/**
 * A page that records console errors and uncaught exceptions, in a context of its own. Its browser (sharedChromium)
 * reaches no other machine: tests never touch the network.
 */
export async function openPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<Watched & { context: BrowserContext }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return { page, context, errors, warnings };
}
