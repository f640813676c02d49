/**
 * Lists that keep themselves: a doctors' block with no doctors chosen shows every listed doctor, in the order of the
 * Doctors list, and a news list with no items chosen shows the newest items, newest first. Staff then add a doctor
 * or a news item once, and every page that lists them has it; a block names its entries only to choose or order
 * them by hand.
 *
 * The lists are filled in the plain data before it is checked, so that every check, reference and page sees them as
 * if written out.
 */

import { isObject, type Loose } from './checks/context.ts';
import { isCurrent } from './dated.ts';

/** How many news items a news list without chosen items shows, unless it says (latest). */
export const LATEST_NEWS = 3;

const entries = (data: Loose, collection: string): Loose[] => {
  const entities = isObject(data.entities) ? data.entities : {};
  return Array.isArray(entities[collection]) ? (entities[collection] as unknown[]).filter(isObject) : [];
};

/**
 * Whether an entry has a key a list can name it by. One without (a doctor being added, the address not yet typed) is
 * left out of the lists, so that its one problem is reported at the entry, not again at every block that lists it.
 */
const named = (key: unknown): key is string => typeof key === 'string' && key !== '';

/** The slugs of the doctors lists show: every doctor not marked as unlisted, in file order. */
function listedDoctors(data: Loose): string[] {
  return entries(data, 'doctors').filter((d) => d.listed !== false && named(d.slug)).map((d) => d.slug as string);
}

/**
 * The ids of the newest `count` news items that may be listed on `day`, newest first (file order among the same
 * day): one not on the site that day leaves its place to the next.
 */
function newestNews(data: Loose, count: number, day: string | undefined): string[] {
  return entries(data, 'news')
    .filter((n) => n.listed !== false && (!day || isCurrent(n, day)) && named(n.id) && typeof n.date === 'string')
    .map((n, order) => ({ id: n.id as string, date: n.date as string, order }))
    .sort((a, b) => (a.date === b.date ? a.order - b.order : a.date < b.date ? 1 : -1))
    .slice(0, count)
    .map((n) => n.id);
}

/**
 * Fills in the lists a block leaves to the site (in place), and returns where: the blocks' data paths, joined with
 * dots ("pages.0.blocks.5"), and the collections they list.
 */
export function fillAutomaticLists(data: unknown, day?: string): { blocks: Set<string>; collections: Set<string> } {
  const filled = { blocks: new Set<string>(), collections: new Set<string>() };
  if (!isObject(data) || !Array.isArray(data.pages)) return filled;
  data.pages.forEach((page, p) => {
    if (!isObject(page) || !Array.isArray(page.blocks)) return;
    page.blocks.forEach((block, b) => {
      if (!isObject(block)) return;
      let key: string, collection: string, chosen: string[];
      if ((block.type === 'doctor-cards' || block.type === 'doctor-carousel') && block.doctors === undefined) {
        [key, collection, chosen] = ['doctors', 'doctors', listedDoctors(data)];
      } else if (block.type === 'news-list' && block.items === undefined) {
        [key, collection, chosen] = ['items', 'news', newestNews(data, typeof block.latest === 'number' ? block.latest : LATEST_NEWS, day)];
      } else return;
      filled.blocks.add(`pages.${p}.blocks.${b}`);
      filled.collections.add(collection);
      // Nothing to list leaves the list out, and the block shows nothing (a written list must name at least one).
      if (chosen.length) block[key] = chosen;
    });
  });
  return filled;
}
