import { useEffect, useRef, type ReactNode } from 'react';
import styles from './Reveal.module.scss';
import { revealOnScroll } from './reveal.ts';

/**
 * A block of the page as it comes into view. From the third block on, the browser lays it out only when it nears the
 * screen (with or without scripts). It fades in as it scrolls into view (reveal.ts). Content starts visible: only
 * blocks still below the fold are hidden, and only when scripts run and motion is welcome.
 */
export function Reveal({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => (ref.current ? revealOnScroll(ref.current) : undefined), []);
  return <div ref={ref} className={styles.block} data-reveal="">{children}</div>;
}
