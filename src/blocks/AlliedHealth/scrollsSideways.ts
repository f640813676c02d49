import { useEffect, useState, type RefObject } from 'react';
import { watchScrollsSideways } from './sideways.ts';

/**
 * Whether the element scrolls sideways, kept current as the screen changes. A row of cards that scrolls must be
 * reachable by keyboard even when nothing in it is a link; one that does not should add no stop to the Tab order.
 * The prerendered page and hydration assume it does not. (Here, not in ui/: what ui/ holds is loaded on every page.)
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => (ref.current ? watchScrollsSideways(ref.current, setScrolls) : undefined), [ref]);
  return scrolls;
}
