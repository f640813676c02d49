import type { BrowserContext, Page } from 'playwright-core';

/** What Chromium did with the page's speculation rules, per address, from its DevTools protocol (Preload domain). */
export interface Speculation {
  /** The address's prerender attempts' statuses (under automation Chromium refuses: PrerenderingDisabledByDevTools). */
  prerender: Map<string, string[]>;
  /** The address's prefetch statuses: 'PrefetchSuccessfulButNotUsed' once ready, 'PrefetchResponseUsed' once followed. */
  prefetch: Map<string, string[]>;
}

export async function watchSpeculation(context: BrowserContext, page: Page): Promise<Speculation> {
  const seen: Speculation = { prerender: new Map(), prefetch: new Map() };
  const note = (map: Map<string, string[]>, url: string, status: string) => map.set(new URL(url).pathname, [...(map.get(new URL(url).pathname) ?? []), status]);
  const cdp = await context.newCDPSession(page);
  cdp.on('Preload.prerenderStatusUpdated', (e) => note(seen.prerender, e.key.url, e.prerenderStatus ?? e.status));
  cdp.on('Preload.prefetchStatusUpdated', (e) => note(seen.prefetch, e.key.url, e.prefetchStatus));
  await cdp.send('Preload.enable');
  return seen;
}
