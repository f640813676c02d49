import { prefersReducedMotion } from './reducedMotion.ts';
import styles from './Reveal.module.scss';

/** The blocks of the page, marked by Reveal.tsx. */
export const REVEAL_SELECTOR = '[data-reveal]';

/**
 * Fades a block in once as it scrolls into view (rising 30 px over 0.6 s, once a tenth of it shows). Only a block
 * still below the fold is hidden, and only when motion is welcome. Where a block is comes from the observer's first
 * report, measured with the browser's own layout: a script that asked the page itself (and hid one block before
 * asking of the next) would lay out the whole page again for each block, one of the longest tasks of its start. No
 * React: the page's script of behaviours runs it on the prerendered page, and Reveal.tsx from an effect.
 */
export function revealOnScroll(element: HTMLElement): () => void {
  if (!('IntersectionObserver' in window) || prefersReducedMotion()) return () => {};
  let hidden = false;
  const observer = new IntersectionObserver((entries) => {
    // A busy page gets its reports several at once: the newest says where the block is, the first may be stale.
    const entry = entries[entries.length - 1];
    const screen = entry.rootBounds?.height ?? window.innerHeight;
    if (!hidden) {
      if (entry.boundingClientRect.top < screen) return observer.disconnect();
      hidden = true;
      element.classList.add(styles.hidden);
      return;
    }
    // A block taller than ten screens never shows 10% of itself at once; for those any pixel counts. A block already
    // scrolled past (a quick flick on a busy phone can leave no report of it in view) shows too: it is never left
    // hidden for the reader who scrolls back.
    const enough = entry.boundingClientRect.height * 0.1 > screen ? 0 : 0.1;
    const passed = entry.boundingClientRect.bottom <= 0;
    if (!passed && (!entry.isIntersecting || entry.intersectionRatio < enough)) return;
    element.classList.replace(styles.hidden, styles.shown);
    observer.disconnect();
  }, { threshold: [0, 0.1] });
  observer.observe(element);
  return () => observer.disconnect();
}
