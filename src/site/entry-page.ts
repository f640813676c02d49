/**
 * What a prerendered page runs in production, once it has loaded and been painted (scripts/server/boot.ts): the small
 * behaviours of its static blocks, with no React, and the wake-up of its islands, the blocks that move
 * (islands/wake.ts), which alone load React. The dev server runs the whole app instead (entry-client.tsx).
 */
import clock from 'virtual:site/clock';
import { enhanceSidewaysRows } from '../blocks/AlliedHealth/sideways.ts';
import { enhanceFeeGroups } from '../blocks/FeeTables/keepInPlace.ts';
import { REVEAL_SELECTOR, revealOnScroll } from '../ui/reveal.ts';
import { showOpenNow } from '../ui/todayLine.ts';
import { enhanceYears } from '../ui/yearNow.ts';
import { wakeIslands } from './islands/wake.ts';
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
wakeIslands(document);
// The page has started: its behaviours run, and its islands wait for their moment (each marked data-hydrated then).
document.documentElement.dataset.started = '';
