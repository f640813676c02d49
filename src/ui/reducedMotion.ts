export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** True when the visitor asked for less motion, read now (in effects and event handlers). No React: static pages use it. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia(REDUCED_MOTION).matches;
}
