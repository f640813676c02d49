import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True when the visitor asked for less motion, read now (in effects and event handlers). */
export function prefersReducedMotion(): boolean {
  return window.matchMedia(query).matches;
}

/** True when the visitor asked for less motion, kept current while rendering. The server (and hydration) assume motion is welcome. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
