import { createContext, useContext } from 'react';
import layout from 'virtual:site/layout';
import type { PageData } from '../content/model.ts';
import type { Entities } from '../generated/site.ts';

export const PageContext = createContext<PageData | null>(null);

let current = layout;

/** Site-wide details (name, contact, hours, nav, footer): one module, written once in site.yaml. */
export function useLayout() {
  return current;
}

/** In development, a saved site.yaml replaces the layout of the page already open (the page then renders again). */
export function replaceLayout(next: typeof layout) {
  current = next;
}

export function usePage(): PageData {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage() outside a page');
  return page;
}

/** A calendar day ("2025-04-01") as the page writes it: the build wrote out every day the content marks calendarDay. */
export function useDay(day: string): string {
  const written = usePage().days[day];
  if (written === undefined) throw new Error(`The page has no written form of the day "${day}": mark its schema field calendarDay`);
  return written;
}

/** An entity the page's blocks refer to; the content check guarantees it exists. */
export function useEntity<K extends keyof Entities>(collection: K, key: string): NonNullable<Entities[K]>[number] {
  const item = usePage().entities[collection]?.[key];
  if (!item) throw new Error(`entities.${collection} has no "${key}" on this page`);
  return item;
}

