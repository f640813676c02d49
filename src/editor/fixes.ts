import type { Problem } from './api.ts';
import { getAt, parseDotted } from './model.ts';
import { idOf, pathOf, stepOf, type Op } from './ops/op.ts';
import { isObject, type Json } from './yaml/json.ts';

/** A warning's one-click answer: the button's words and the operations it makes. */
export interface Fix { label: string; ops: Op[] }

/**
 * The answers staff most often want to a warning, as buttons beside it.
 * - Old news on a page: take it down (the news item itself stays, for the record and to show again): off the list
 *   that names it, or, from the lists of the newest news, by unticking "Shown in news lists" on the item.
 * - An entry no page shows: put it on a list that shows entries of its kind, one button per such list.
 */
export function fixesFor(warning: Problem, doc: Json): Fix[] {
  const path = parseDotted(warning.path);
  const was = getAt(doc, path);
  if (was === undefined) return [];
  if (warning.name === 'OldNews') return [{ label: 'Take it down', ops: [{ op: 'remove', path: pathOf(doc, path), was }] }];
  if (warning.name === 'OldNewsShownNewest') {
    const listed = getAt(doc, [...path, 'listed']);
    return [{ label: 'Take it down', ops: [{ op: 'set', path: pathOf(doc, [...path, 'listed']), value: false, ...(listed === undefined ? {} : { was: listed }) }] }];
  }
  if (warning.name === 'UnusedEntry') return showIt(doc, String(path[1]), getAt(doc, path.slice(0, 3)));
  return [];
}

/** Each list of a page's blocks that names entries of `collection` (its entries are their ids), with `entry` added last. */
function showIt(doc: Json, collection: string, entry: Json | undefined): Fix[] {
  const key = idOf(entry ?? null);
  const entries = getAt(doc, ['entities', collection]);
  const pages = isObject(doc) && Array.isArray(doc.pages) ? doc.pages : [];
  if (!key || !Array.isArray(entries)) return [];
  const keys = new Set(entries.map(idOf));
  return pages.flatMap((page, p) => {
    if (!isObject(page) || !Array.isArray(page.blocks)) return [];
    const where = page.path === '/' ? 'the home page' : String(page.path);
    return page.blocks.flatMap((block, b) => {
      if (!isObject(block)) return [];
      return Object.entries(block).flatMap(([field, list]): Fix[] => {
        if (!Array.isArray(list) || !list.length || !list.every((item) => typeof item === 'string' && keys.has(item))) return [];
        const label = typeof block.heading === 'string' && block.heading ? `Show it in ${block.heading} on ${where}` : `Show it on ${where}`;
        return [{ label, ops: [{ op: 'insert', path: pathOf(doc, ['pages', p, 'blocks', b, field]), after: stepOf(list, list.length - 1), value: key }] }];
      });
    });
  });
}
