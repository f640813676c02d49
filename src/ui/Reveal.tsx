import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './Reveal.module.scss';
import { prefersReducedMotion } from './motion.ts';

/**
 * A block of the page as it comes into view. From the third block on, the browser lays it out only when it nears the
 * screen (with or without scripts). It fades in once as it scrolls into view (rising 30 px over 0.6 s, once a tenth
 * of it shows). Content starts visible: only blocks still below the fold are hidden, and only when scripts run and
 * motion is welcome.
 */
export function Reveal({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'static' | 'hidden' | 'shown'>('static');
  useEffect(() => {
    const element = ref.current;
    if (!element || !('IntersectionObserver' in window)) return;
    if (prefersReducedMotion()) return;
    if (element.getBoundingClientRect().top < window.innerHeight) return;
    setState('hidden');
    // A block taller than ten screens never shows 10% of itself at once; for those any pixel counts.
    const threshold = element.offsetHeight * 0.1 > window.innerHeight ? 0 : 0.1;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setState('shown');
        observer.disconnect();
      }
    }, { threshold });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <div ref={ref} className={state === 'static' ? styles.block : `${styles.block} ${styles[state]}`}>{children}</div>;
}
