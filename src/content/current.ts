import type { Collected } from './collected.ts';
import { hasEnded, isCurrent, type Dated } from './dated.ts';
import { entityKey } from './ids.ts';

/**
 * The site as it is on one day, made in one step so that every part agrees: entries not current are left out, so are
 * the places that name one in a list (a news list's item, the block of a single reference), and every pointer the
 * schema collected is moved to where its value now is. Leaving entries out of a list moves its later entries up: a
 * page pointing into the content by the old places would write one item's date or body for another's, or none.
 */

type Loose = Record<string, unknown>;
const isEntry = (value: unknown): value is Dated & Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const EXCEPTION = /^\/hours\/exceptions\/\d+$/;

/** A reference that names an entry not current on the day: where it is, what it names, and that entry's dates. */
export interface StaleReference { pointer: string; collection: string; key: string; entry: Dated }

/**
 * The pointers of the list entries not current on `day`. The opening hours' exceptions are the days they apply to,
 * not when they are shown: those still to come stay (the browser works out today's hours from them), the ended go.
 */
function notCurrentEntries(node: unknown, day: string, at = '', found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    node.forEach((item, i) => {
      const pointer = `${at}/${i}`;
      const out = isEntry(item) && (EXCEPTION.test(pointer) ? hasEnded({ until: text(item.until) ?? text(item.from) }, day) : !isCurrent(item, day));
      if (out) found.add(pointer);
      else notCurrentEntries(item, day, pointer, found);
    });
  } else if (isEntry(node)) {
    for (const [key, value] of Object.entries(node)) notCurrentEntries(value, day, `${at}/${escapeKey(key)}`, found);
  }
  return found;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const under = (pointer: string, gone: ReadonlySet<string>) => [...ancestors(pointer)].some((p) => gone.has(p));

/** The pointer itself and each one above it. */
function* ancestors(pointer: string): Generator<string> {
  for (let at = pointer; at; at = at.slice(0, at.lastIndexOf('/'))) yield at;
}

/** The entity entry a reference names, with its place, or undefined. */
export function namedEntry(data: unknown, collection: string, key: string): { pointer: string; entry: Dated & Loose } | undefined {
  const entities = isEntry(data) && isEntry(data.entities) ? data.entities : {};
  const list = Array.isArray(entities[collection]) ? (entities[collection] as unknown[]) : [];
  const index = list.findIndex((item) => isEntry(item) && entityKey(item as { slug?: string; id?: string }) === key);
  return index < 0 ? undefined : { pointer: `/entities/${escapeKey(collection)}/${index}`, entry: list[index] as Dated & Loose };
}

/** References, in places still on the site on `day`, that name an entry which is not. */
function staleAmong(data: unknown, refs: Collected['refs'], gone: ReadonlySet<string>): StaleReference[] {
  return refs.flatMap((ref) => {
    if (under(ref.pointer, gone)) return [];
    const named = namedEntry(data, ref.collection, ref.value);
    return named && gone.has(named.pointer) ? [{ pointer: ref.pointer, collection: ref.collection, key: ref.value, entry: named.entry }] : [];
  });
}

/** The references that name an entry not current on `day` (the checker's warnings, the compiler's leaving out). */
export function staleReferences(data: unknown, refs: Collected['refs'], day: string): StaleReference[] {
  return staleAmong(data, refs, notCurrentEntries(data, day));
}

/** The list entry a stale reference takes with it: itself when it is one (a news list's item), else its nearest. */
function entryOf(pointer: string): string | undefined {
  for (const at of ancestors(pointer)) if (/\/\d+$/.test(at)) return at;
  return undefined;
}

/** The site as it is on `day`, and what the schema collected, at its places in it. */
export function currentOn<T>(data: T, collected: Collected, day: string): { site: T; collected: Collected } {
  const gone = notCurrentEntries(data, day);
  for (const stale of staleAmong(data, collected.refs, gone)) {
    const entry = entryOf(stale.pointer);
    if (entry) gone.add(entry);
  }
  // Per list (by its old place): each entry's new index, or undefined when it is left out.
  const moved = new Map<string, (number | undefined)[]>();
  const copy = (node: unknown, at: string): unknown => {
    if (Array.isArray(node)) {
      const kept: unknown[] = [];
      moved.set(at, node.map((item, i) => (gone.has(`${at}/${i}`) ? undefined : kept.push(copy(item, `${at}/${i}`)) - 1)));
      return kept;
    }
    if (isEntry(node)) return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, copy(value, `${at}/${escapeKey(key)}`)]));
    return node;
  };
  const site = copy(data, '') as T;
  const place = (pointer: string): string | undefined => {
    let old = '';
    let now = '';
    for (const part of pointer.slice(1).split('/')) {
      const indices = moved.get(old);
      const index = indices ? indices[Number(part)] : undefined;
      if (indices && index === undefined) return undefined;
      old += `/${part}`;
      now += `/${indices ? index : part}`;
    }
    return now;
  };
  const keep = <E extends { pointer: string }>(list: E[]): E[] => list.flatMap((item) => {
    const pointer = place(item.pointer);
    return pointer === undefined ? [] : [{ ...item, pointer }];
  });
  return {
    site,
    collected: {
      markdown: collected.markdown.flatMap((pointer) => place(pointer) ?? []),
      hrefs: keep(collected.hrefs), refs: keep(collected.refs), assets: keep(collected.assets),
      icons: keep(collected.icons), phones: keep(collected.phones), days: keep(collected.days),
    },
  };
}
