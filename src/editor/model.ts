import { entryWord } from '../content/ids.ts';
import { NAME_FIELDS, nameField } from '../content/names.ts';
import { getAt as valueAtPointer } from '../content/pointer.ts';
import { resolve, type Bundle, type Schema } from './schemaWalk.ts';
import { isObject, type Json, type JsonObject } from './yaml/json.ts';

/** What the navigator offers: the parts of site.yaml staff edit, each with the schema definition of its form. */

export type Path = (string | number)[];
export type { Bundle, Schema } from './schemaWalk.ts';

export interface Target {
  key: string;
  label: string;
  /** Where its value is in the document. */
  path: Path;
  /** The bundle definition its form is made from. */
  def: string;
  kind: 'section' | 'entry' | 'page' | 'block';
  /** For entries, pages and blocks: the list it belongs to and its place there. */
  list?: Path;
  index?: number;
}

export interface NavGroup { label: string; list?: Path; def?: string; targets: Target[]; children?: { page: Target; blocks: Target[] }[] }

/**
 * The practice's own parts (its details, contact, hours...): the top-level fields whose form is one definition,
 * titled and ordered as the schema has them.
 */
export function sections(bundle: Bundle): { key: string; label: string; def: string }[] {
  const properties = (bundle.root.properties ?? {}) as Record<string, Schema>;
  return Object.entries(properties).flatMap(([key, property]) => {
    const def = typeof property.$ref === 'string' ? property.$ref.replace('#/definitions/', '') : '';
    return def.startsWith('defs.') ? [{ key, label: String(property.title ?? key), def }] : [];
  });
}

/** The entity lists in the navigator's order (the schema's is the file's); their names come from the schema and ids.ts. */
const COLLECTION_ORDER = ['doctors', 'staff', 'serviceCategories', 'feeGroups', 'news', 'alliedHealth', 'partners', 'crisisServices'];

export { NAME_FIELDS };

/** What staff call an entry: its name, title, heading... (a text or a number is its own name), else `fallback`. */
export function nameOf(value: Json | undefined, fallback: string): string {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number') return String(value);
  const field = nameField(value);
  return field && isObject(value) ? String(value[field]).trim() : fallback;
}

/** The entry of an entity list (doctors, news...) that a reference names by its slug or id. */
export function entryOf(doc: Json, collection: string, key: Json | undefined): Json | undefined {
  const entities = isObject(doc) && isObject(doc.entities) ? doc.entities : {};
  const list = entities[collection];
  return Array.isArray(list) && typeof key === 'string' ? list.find((e) => isObject(e) && (e.slug ?? e.id) === key) : undefined;
}

export const keyOf = (path: Path) => path.join('.');

export const getAt = (root: Json, path: Path) => valueAtPointer(root, path) as Json | undefined;

/** A copy of `root` with `value` at `path` (undefined removes the key); the parts off the path are shared. */
export function setAt(root: Json, path: Path, value: Json | undefined): Json {
  if (path.length === 0) return value ?? null;
  const [key, ...rest] = path;
  if (Array.isArray(root) && typeof key === 'number') {
    const copy = [...root];
    if (value === undefined && rest.length === 0) copy.splice(key, 1);
    else copy[key] = setAt(root[key], rest, value);
    return copy;
  }
  const object: JsonObject = isObject(root) ? { ...root } : {};
  if (value === undefined && rest.length === 0) delete object[String(key)];
  else object[String(key)] = setAt(object[String(key)] ?? null, rest, value);
  return object;
}

/** The definition name of each entity list's entries, read from the schema (entities.X.items.$ref). */
export function collectionDefs(bundle: Bundle): Record<string, string> {
  const props = (bundle.definitions['entities.entities']?.properties ?? {}) as Record<string, Schema>;
  const out: Record<string, string> = {};
  for (const [key, prop] of Object.entries(props)) {
    const ref = (prop.items as Schema | undefined)?.$ref;
    if (typeof ref === 'string') out[key] = ref.replace('#/definitions/', '');
  }
  return out;
}

/** What staff call a kind of block: its schema's kindName ('Banner with pictures'), else its type in words. */
export function kindName(type: string, bundle?: Bundle): string {
  const definition = bundle?.definitions[bundle.blockTypes[type] ?? ''];
  return typeof definition?.kindName === 'string' ? definition.kindName : type.replace(/-/g, ' ');
}

export function blockLabel(block: Json | undefined, index: number, bundle?: Bundle): string {
  const type = isObject(block) && typeof block.type === 'string' ? block.type : 'block';
  const words = kindName(type, bundle);
  const heading = isObject(block) && typeof block.heading === 'string' ? block.heading : undefined;
  return heading ? `${words}: ${heading}` : `${words} (${index + 1})`;
}

export function navigator(doc: Json, bundle: Bundle): NavGroup[] {
  const groups: NavGroup[] = [];
  groups.push({
    label: 'Practice',
    targets: sections(bundle).filter((s) => isObject(doc) && s.key in doc).map((s) => ({ key: s.key, label: s.label, path: [s.key], def: s.def, kind: 'section' })),
  });
  const defs = collectionDefs(bundle);
  const titles = (bundle.definitions['entities.entities']?.properties ?? {}) as Record<string, Schema>;
  const entities = isObject(doc) && isObject(doc.entities) ? doc.entities : {};
  const keys = [...COLLECTION_ORDER, ...Object.keys(defs).filter((key) => !COLLECTION_ORDER.includes(key))];
  for (const c of keys.map((key) => ({ key, label: String(titles[key]?.title ?? key), one: entryWord(key) }))) {
    const list = entities[c.key];
    if (!defs[c.key]) continue;
    const items = Array.isArray(list) ? list : [];
    const listPath: Path = ['entities', c.key];
    groups.push({
      label: c.label, list: listPath, def: defs[c.key],
      targets: items.map((item, i) => ({ key: keyOf([...listPath, i]), label: nameOf(item, `${c.one} ${i + 1}`), path: [...listPath, i], def: defs[c.key], kind: 'entry', list: listPath, index: i })),
    });
  }
  const pages = isObject(doc) && Array.isArray(doc.pages) ? doc.pages : [];
  groups.push({
    label: 'Pages', list: ['pages'], def: 'defs.page', targets: [],
    children: pages.map((page, i) => {
      const path: Path = ['pages', i];
      const blocks = isObject(page) && Array.isArray(page.blocks) ? page.blocks : [];
      const title = isObject(page) && typeof page.path === 'string' ? page.path : `page ${i + 1}`;
      return {
        page: { key: keyOf(path), label: `${title}  ${nameOf(isObject(page) ? { title: page.title ?? null } : null, '')}`.trim(), path, def: 'defs.page', kind: 'page', list: ['pages'], index: i },
        blocks: blocks.map((block, b) => ({
          key: keyOf([...path, 'blocks', b]), label: blockLabel(block, b, bundle), path: [...path, 'blocks', b],
          def: bundle.blockTypes[isObject(block) && typeof block.type === 'string' ? block.type : ''] ?? 'block', kind: 'block', list: [...path, 'blocks'], index: b,
        })),
      };
    }),
  });
  return groups;
}

export function allTargets(groups: NavGroup[]): Target[] {
  return groups.flatMap((g) => [...g.targets, ...(g.children ?? []).flatMap((c) => [c.page, ...c.blocks])]);
}

/** The target that holds a place in the document: the deepest one whose path starts that place's path. */
export function targetFor(targets: Target[], path: Path): Target | undefined {
  let best: Target | undefined;
  for (const t of targets) {
    if (t.path.length <= path.length && t.path.every((k, i) => String(k) === String(path[i])) && (!best || t.path.length > best.path.length)) best = t;
  }
  return best;
}

/**
 * A place in the document as the form names it: the part the navigator shows, then each field by its label and each
 * entry of a list by its name ('Consultations > Standard > Price'), not the file's keys and places
 * ('Fee group "consultations" > items > "Standard" > price'). Undefined for a place no part of the navigator holds.
 */
export function placeInForm(path: Path, doc: Json, bundle: Bundle, targets: Target[] = allTargets(navigator(doc, bundle))): string | undefined {
  const target = targetFor(targets, path);
  if (!target) {
    // A list the navigator shows whole (Doctors, Pages): its name.
    const group = navigator(doc, bundle).find((g) => g.list && keyOf(g.list) === keyOf(path));
    return group?.label;
  }
  // A page is named by its address, and a block after it ('/doctors > doctor cards: Our Doctors').
  const page = target.kind === 'block' || target.kind === 'page' ? getAt(doc, target.path.slice(0, 2)) : undefined;
  const address = isObject(page) && typeof page.path === 'string' ? page.path : undefined;
  const words = !address ? [target.label] : target.kind === 'block' ? [address, target.label] : [address];
  let schema: Schema = resolve(bundle.definitions[target.def], bundle);
  let node = getAt(doc, target.path);
  for (const key of path.slice(target.path.length)) {
    if (typeof key === 'number') {
      const item = Array.isArray(node) ? node[key] : undefined;
      // The entry's name stands for the list it is in ('Standard', not 'Fees > Standard').
      words[words.length - 1] = nameOf(item, `${words[words.length - 1]} ${key + 1}`);
      schema = resolve(schema.items as Schema | undefined, bundle);
      node = item;
    } else {
      const field = resolve((schema.properties as Record<string, Schema> | undefined)?.[key], bundle);
      words.push(typeof field.title === 'string' ? field.title : key);
      schema = field;
      node = isObject(node) ? node[key] : undefined;
    }
  }
  return words.join(' > ').replace(/\s+/g, ' ');
}

/** 'pages.3.blocks.0.heading' -> ['pages', 3, 'blocks', 0, 'heading']. */
export function parseDotted(path: string): Path {
  return path.split('.').filter(Boolean).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** The address of the page that shows a target best: the doctor's profile, the page of a block, the page using an entry. */
export function previewPath(doc: Json, target: Target | undefined): string {
  if (!target || !isObject(doc)) return '/';
  const pages = Array.isArray(doc.pages) ? doc.pages.filter(isObject) : [];
  if (target.path[0] === 'pages' && typeof target.path[1] === 'number') {
    const page = pages[target.path[1]];
    const path = page && typeof page.path === 'string' ? page.path : '/';
    if (path.includes(':slug')) {
      const first = isObject(doc.entities) && Array.isArray(doc.entities.doctors) ? doc.entities.doctors[0] : undefined;
      return path.replace(':slug', () => (isObject(first) && typeof first.slug === 'string' ? first.slug : ''));
    }
    return path;
  }
  if (target.kind === 'entry') {
    const entry = getAt(doc, target.path);
    const id = isObject(entry) ? (entry.slug ?? entry.id) : undefined;
    if (target.path[1] === 'doctors' && typeof id === 'string') {
      const template = pages.find((p) => p.each === 'doctors' && typeof p.path === 'string');
      if (template) return String(template.path).replace(':slug', () => id);
    }
    if (typeof id === 'string') {
      const quoted = JSON.stringify(id);
      const page = pages.find((p) => JSON.stringify(p.blocks ?? []).includes(quoted));
      if (page && typeof page.path === 'string' && !page.path.includes(':')) return page.path;
    }
  }
  return '/';
}

/** A copy of an entry for Duplicate: its id or slug made unique within its list. */
export function duplicateOf(entry: Json, siblings: Json[]): Json {
  const copy = structuredClone(entry);
  if (!isObject(copy)) return copy;
  for (const field of ['slug', 'id']) {
    const base = copy[field];
    if (typeof base !== 'string') continue;
    const taken = new Set(siblings.map((s) => (isObject(s) ? s[field] : undefined)));
    let n = 2;
    while (taken.has(`${base}-${n}`)) n++;
    copy[field] = `${base}-${n}`;
  }
  return copy;
}
