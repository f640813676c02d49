import { inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const baseURL = () => inject('baseURL');

export interface Watched { page: Page; errors: string[]; warnings: string[] }

/**
 * A page that records console errors, uncaught exceptions and failed requests, and refuses every request that
 * would leave this machine (tests never touch the network). `site`: another build's address than the suite's.
 */
export async function openPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}, site = baseURL()): Promise<Watched & { context: BrowserContext }> {
  const context = await browser.newContext(options);
  const base = new URL(site);
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    return url.host === base.host || url.protocol === 'data:' ? route.continue() : route.abort('blockedbyclient');
  });
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
