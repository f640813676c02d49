import { parsePointer } from '../pointer.ts';
import { closest } from '../suggest.ts';
import { entityKey, entryWord, ID_PATTERN, slugify } from '../ids.ts';
import { isObject, list, reportRepeats, walk, type Check, type Path } from './context.ts';

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
  for (const { value, path } of walk(context.data)) {
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
