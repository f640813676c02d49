import { parsePointer } from '../pointer.ts';
import { closest } from '../suggest.ts';
import { entityKey, entryWord, ID_PATTERN, slugify } from '../ids.ts';
import { isObject, list, reportRepeats, type Check, type Path } from './context.ts';

/** In every entity list, each entry's id (or slug) is well formed and used once. */
export const entityIds: Check = (context) => {
  const entities = isObject(context.data.entities) ? context.data.entities : {};
  for (const [collection, items] of Object.entries(entities)) {
    if (!Array.isArray(items)) continue;
    for (const field of ['id', 'slug']) {
      const entries = items.flatMap((item, i) => (isObject(item) && typeof item[field] === 'string' ? [{ value: item[field] as string, path: ['entities', collection, i, field] as Path }] : []));
      for (const entry of entries) {
        if (!ID_PATTERN.test(entry.value)) context.report('BadId', entry.path, `a ${field}`, entry.value, slugify(entry.value) || 'my-id');
      }
      reportRepeats(context, `${entryWord(collection)} ${field}`, entries);
    }
  }
};

/** Any other list of entries with ids (inside entities or blocks) must not repeat one either. */
export const listIds: Check = (context) => {
  for (const { value, path } of context.values) {
    if (!Array.isArray(value) || (path.length === 1 && path[0] === 'pages') || (path.length === 2 && path[0] === 'entities')) continue;
    const entries = value.flatMap((item, i) => (isObject(item) && typeof item.id === 'string' ? [{ value: item.id, path: [...path, i, 'id'] }] : []));
    if (entries.length > 1) reportRepeats(context, `${entryWord(String(path[path.length - 1]))} id`, entries);
  }
};

/** References to entities (a doctor on a page, a partner practice) name an entry that exists. */
export const references: Check = (context) => {
  const entities = isObject(context.data.entities) ? context.data.entities : {};
  for (const ref of context.collected.refs) {
    const items = list(entities[ref.collection]).filter(isObject) as { slug?: string; id?: string }[];
    if (items.some((item) => entityKey(item) === ref.value)) continue;
    const keys = items.map(entityKey).filter((k) => k !== '');
    const key = items.some((item) => item.slug !== undefined) ? 'slug' : 'id';
    context.report('UnknownReference', parsePointer(ref.pointer), ref.collection, ref.value, closest(ref.value, keys), key);
  }
};

/**
 * An entry that no block refers to is never published. Profile pages ("each: doctors") show every doctor. Lists
 * that no block refers to at all (a practice that does not use them) are left alone. A warning: it may be a draft.
 */
export const unusedEntries: Check = (context) => {
  const entities = isObject(context.data.entities) ? context.data.entities : {};
  const referred = new Map<string, Set<string>>();
  for (const ref of context.collected.refs) {
    if (!referred.has(ref.collection)) referred.set(ref.collection, new Set());
    referred.get(ref.collection)?.add(ref.value);
  }
  const everyEntryShown = new Set(list(context.data.pages).flatMap((p) => (isObject(p) && typeof p.each === 'string' ? [p.each] : [])));
  for (const [collection, items] of Object.entries(entities)) {
    const used = referred.get(collection);
    // A list that keeps itself (the newest news) leaves the rest out on purpose.
    if (!used || everyEntryShown.has(collection) || context.automatic.collections.has(collection) || !Array.isArray(items)) continue;
    items.forEach((item, i) => {
      if (!isObject(item)) return;
      const key = entityKey(item as { slug?: string; id?: string });
      const field = typeof item.slug === 'string' ? 'slug' : 'id';
      if (key && !used.has(key)) context.report('UnusedEntry', ['entities', collection, i, field], entryWord(collection), key, collection);
    });
  }
};
