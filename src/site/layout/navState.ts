import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { closeMenuWhenLeft } from './menus.ts';

/** Closes a <details> menu when the route changes, on Escape, and on a click outside it. */
export function useCloseDetails(ref: RefObject<HTMLDetailsElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname, ref]);
  useEffect(() => (ref.current ? closeMenuWhenLeft(ref.current) : undefined), [ref]);
}

export function isCurrent(pathname: string, href?: string): boolean {
  if (!href) return false;
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(href + '/');
}
