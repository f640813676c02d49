/**
 * The services page's address parameters, as pure functions shared by the component and its tests:
 * ?category= keeps the groups whose slugified name contains the (slugified) word; ?service= names one card.
 */
import { slugify } from '../../content/ids.ts';

export interface ServiceQuery {
  /** The ?category= word as typed (trimmed), or null when absent or empty. */
  category: string | null;
  /** The ?service= word as typed (trimmed), or null when absent or empty. */
  service: string | null;
}

/** Reads ?category= and ?service= from a location's search string ('?category=womens'). */
export function readServiceQuery(search: string): ServiceQuery {
  const params = new URLSearchParams(search);
  const value = (name: string) => {
    const raw = params.get(name)?.trim();
    return raw ? raw : null;
  };
  return { category: value('category'), service: value('service') };
}

/** The groups to show: all of them without a word, else those whose slugified name contains the slugified word. */
export function filterCategories<T extends { name: string }>(categories: T[], category: string | null): T[] {
  if (category === null) return categories;
  const wanted = slugify(category);
  if (!wanted) return categories;
  return categories.filter((c) => slugify(c.name).includes(wanted));
}

/** The names a service answers to: its slugified title and, when it has a page, the last part of that address. */
export function serviceKeys(service: { title: string; href?: string }): string[] {
  const keys = [slugify(service.title)];
  if (service.href?.startsWith('/')) {
    const last = service.href.split(/[?#]/)[0].split('/').filter(Boolean).pop();
    if (last) keys.push(slugify(last));
  }
  return [...new Set(keys.filter(Boolean))];
}

/** Whether ?service= names this service (exactly, after slugifying both). */
export function isServiceMatch(service: { title: string; href?: string }, query: string | null): boolean {
  if (query === null) return false;
  const wanted = slugify(query);
  return wanted !== '' && serviceKeys(service).includes(wanted);
}
