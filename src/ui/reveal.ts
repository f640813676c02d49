import { prefersReducedMotion } from './reducedMotion.ts';
import styles from './Reveal.module.scss';

/** The blocks of the page, marked by Reveal.tsx. */
export const REVEAL_SELECTOR = '[data-reveal]';

/**
 * Fades a block in once as it scrolls into view (rising 30 px over 0.6 s, once a tenth of it shows). Only a block
 * still below the fold is hidden, and only when motion is welcome. No React: the page's script of behaviours runs it
 * on the prerendered page, and Reveal.tsx from an effect.
 */
export function revealOnScroll(element: HTMLElement): () => void {
  if (!('IntersectionObserver' in window) || prefersReducedMotion()) return () => {};
  if (element.getBoundingClientRect().top < window.innerHeight) return () => {};
  element.classList.add(styles.hidden);
  // A block taller than ten screens never shows 10% of itself at once; for those any pixel counts.
  const threshold = element.offsetHeight * 0.1 > window.innerHeight ? 0 : 0.1;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    element.classList.replace(styles.hidden, styles.shown);
    observer.disconnect();
  }, { threshold });
  observer.observe(element);
  return () => observer.disconnect();
}
