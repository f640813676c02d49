import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** Closes a <details> menu when the route changes, on Escape, and on a click outside it. */
export function useCloseDetails(ref: RefObject<HTMLDetailsElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname, ref]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        details.open = false;
        details.querySelector('summary')?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, [ref]);
}

export function isCurrent(pathname: string, href?: string): boolean {
  if (!href) return false;
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(href + '/');
}
