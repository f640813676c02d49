/**
 * What a prerendered page runs in production, once it has loaded and been painted (build/boot.ts): the small
 * behaviours of its static blocks, with no React, and the wake-up of its islands, the blocks that move
 * (islands/wake.ts), which alone load React. The dev server runs the whole app instead (entry-client.tsx).
 */
import clock from 'virtual:site/clock';
import { enhanceSidewaysRows } from '../blocks/AlliedHealth/sideways.ts';
import { enhanceFeeGroups } from '../blocks/FeeTables/keepInPlace.ts';
import { REVEAL_SELECTOR, revealOnScroll } from '../ui/reveal.ts';
import { showOpenNow } from '../ui/todayLine.ts';
import { enhanceYears } from '../ui/yearNow.ts';
import { ISLAND_SELECTOR } from './islands/pageData.ts';
import { enhanceMenus } from './layout/menus.ts';
import { notFoundMessage } from './notFound.ts';

// The not-found page, served for any address without a page, names the address that was tried.
if (document.querySelector('script[data-not-found]')) console.warn(notFoundMessage(location.pathname));
showOpenNow(document, clock);
enhanceYears(document);
enhanceMenus(document);
enhanceFeeGroups(document);
enhanceSidewaysRows(document);
for (const block of document.querySelectorAll<HTMLElement>(REVEAL_SELECTOR)) revealOnScroll(block);
// Only a page with a block that moves fetches what wakes it, and the block registry it reads: a static page's script
// is a quarter smaller without them. The prerender names them among that page's chunks, so they cost no extra trip.
const woken = document.querySelector(ISLAND_SELECTOR)
  ? import('./islands/wake.ts').then(({ wakeIslands }) => wakeIslands(document))
  : Promise.resolve();
// The page has started: its behaviours run, and its islands wait for their moment (each marked data-hydrated then).
void woken.then(() => { document.documentElement.dataset.started = ''; });
