import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element scrolls sideways (its content is wider than it is), kept current as the screen changes. A row
 * of cards that scrolls must be reachable by keyboard even when nothing in it is a link; one that does not should add
 * no stop to the Tab order. The prerendered page and hydration assume it does not. (Here, not in ui/: what ui/ holds
 * is loaded with the app on every page.)
 */
export function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
