import { useEffect, useState } from 'react';
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

  useEffect(() => {
    if (!rotating || paused) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), block.intervalMs);
    return () => window.clearInterval(timer);
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
