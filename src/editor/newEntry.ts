import { slugify } from '../content/ids.ts';
import type { Problem } from './api.ts';
import { NAME_FIELDS, type Path } from './model.ts';
import { isObject, type Json } from './yaml/json.ts';

/**
 * An entry added in this editor and not yet published: its problems wait until staff have been to the field (a blank
 * entry is not a list of mistakes), and its address or short name is made from its name, since nobody links to it yet.
 */
export interface NewEntry {
  key: string; path: Path;
  /** The fields staff have been to, by data path. */
  touched: ReadonlySet<string>;
  /** The short name last made here from the name: while the entry still has it, it follows the name. */
  madeKey?: string;
}

const KEY_FIELDS = ['slug', 'id'] as const;

/** The field an entry's address (slug) or short name (id) is kept in, if it has one. */
export function keyFieldOf(entry: Json | undefined): (typeof KEY_FIELDS)[number] | undefined {
  return isObject(entry) ? KEY_FIELDS.find((field) => field in entry) : undefined;
}

/** The field staff name the entry by (its name, title, heading...), if it has one. */
export function nameFieldOf(entry: Json | undefined): string | undefined {
  const key = keyFieldOf(entry);
  return isObject(entry) ? NAME_FIELDS.find((field) => field !== key && !['alt', 'path'].includes(field) && field in entry) : undefined;
}

/** A short name made from `name`, unlike every other entry's of the list. */
export function keyFromName(name: string, field: string, siblings: Json[]): string {
  const base = slugify(name);
  const taken = new Set(siblings.map((s) => (isObject(s) ? s[field] : undefined)));
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}-${n}`;
  return key;
}

const inside = (path: string, entry: NewEntry) => path === entry.key || path.startsWith(`${entry.key}.`);

/** The problems to show now: those of a new entry only at the fields staff have been to. */
export function shownProblems(problems: Problem[], entry: NewEntry | null): Problem[] {
  if (!entry) return problems;
  const shown = problems.filter((p) => !inside(p.path, entry) || entry.touched.has(p.path));
  return shown.length === problems.length ? problems : shown;
}

/** The data path of a form field from its element id (root_image_src -> [...entry, 'image', 'src']). */
export function fieldPath(entry: NewEntry, id: string): string | undefined {
  if (!id.startsWith('root_')) return undefined;
  return [entry.key, ...id.slice('root_'.length).split('_')].join('.');
}

/**
 * The form's report of a new entry with the short name made from its name: the form may report a keystroke typed
 * before the name was left, from its own state without that short name, after it was made.
 */
export function withMadeKey(reported: Json, path: Path, entry: NewEntry | null): Json {
  const field = keyFieldOf(reported);
  if (!entry?.madeKey || !field || !isObject(reported) || reported[field] !== '' || path.join('.') !== entry.key) return reported;
  return { ...reported, [field]: entry.madeKey };
}
