import type { PageData } from '../../content/model.ts';

/** Each island's root on a built page (IslandRoot.tsx): its block's type and props in data attributes. */
export const ISLAND_SELECTOR = '[data-island]';

/** The id of the page's data element, which its islands are hydrated with. */
export const PAGE_DATA_ID = 'island-page';

/** The page's data for its islands (each block travels on its own island), as the text of a JSON element. */
export function islandPageJson(page: PageData): string {
  // '<' escaped, so no text of the content can end the element.
  return JSON.stringify({ ...page, blocks: [] }).replace(/</g, '\\u003c');
}
