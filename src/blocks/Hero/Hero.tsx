import { useEffect, useRef, useState } from 'react';
import type { HeroBlock } from '../../generated/site.ts';
import { ButtonRow } from '../../ui/ButtonLink.tsx';
import { Picture } from '../../ui/Picture.tsx';
import { useReducedMotion } from '../../ui/motion.ts';
import styles from './Hero.module.scss';

/** Full-height banner; the background pictures take turns, one fetched ahead of the one shown. */
export function Hero({ block }: { block: HeroBlock }) {
  const count = block.images.length;
  const [index, setIndex] = useState(0);
  const [fetched, setFetched] = useState(1);
  const [paused, setPaused] = useState(false);
  const reduced = useReducedMotion();
  const rotating = count > 1 && !reduced;

  // The first change is due `intervalMs` after the page started, however late the block's script woke (registry.ts).
  const firstChange = useRef(true);
  useEffect(() => {
    if (!rotating || paused) return;
    const step = () => setIndex((i) => (i + 1) % count);
    const wait = firstChange.current ? Math.max(0, block.intervalMs - performance.now()) : block.intervalMs;
    firstChange.current = false;
    let timer = 0;
    const first = window.setTimeout(() => {
      step();
      timer = window.setInterval(step, block.intervalMs);
    }, wait);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [rotating, paused, count, block.intervalMs]);

  useEffect(() => {
    if (rotating) setFetched((n) => Math.max(n, Math.min(count, index + 2)));
  }, [rotating, index, count]);

  return (
    <section className={styles.hero}>
      <div className={styles.slides}>
        {block.images.slice(0, fetched).map((image, i) => (
          <Picture key={image.src} image={image} eager={i === 0} className={`${styles.slide} ${i === index ? styles.active : ''}`} />
        ))}
      </div>
      <div className={`container ${styles.content}`}>
        <h1>{block.heading}</h1>
        {block.text && <p className={styles.text}>{block.text}</p>}
        <ButtonRow links={block.buttons} />
      </div>
      {rotating && (
        <button type="button" className={styles.pause} onClick={() => setPaused((p) => !p)} aria-label={paused ? block.playLabel : block.pauseLabel}>
          <span aria-hidden="true" className={paused ? styles.playIcon : styles.pauseIcon} />
        </button>
      )}
    </section>
  );
}
