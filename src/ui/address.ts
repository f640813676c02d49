import { createContext, use } from 'react';

export interface Address {
  pathname: string;
  search: string;
}

/** The address the app's router shows, where the whole app runs (the dev server, the editor's preview, the prerender). */
export const AddressContext = createContext<Address | null>(null);

const NOWHERE: Address = { pathname: '', search: '' };

/**
 * Where the page is. An island has no router around it: it reads the browser's address (and, rendered alone for the
 * prerender, none: a prerendered page has no query).
 */
export function useAddress(): Address {
  return use(AddressContext) ?? (typeof window === 'undefined' ? NOWHERE : window.location);
}
