import { useSyncExternalStore } from 'react';
import { prefersReducedMotion, REDUCED_MOTION } from './reducedMotion.ts';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(REDUCED_MOTION);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True when the visitor asked for less motion, kept current while rendering. The server (and hydration) assume motion is welcome. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
