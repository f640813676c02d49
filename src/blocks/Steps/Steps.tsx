import type { StepsBlock } from '../../generated/site.ts';
import { ButtonRow } from '../../ui/ButtonLink.tsx';
import styles from './Steps.module.scss';

/** Numbered steps; the numbers come from the order of the list (an <ol>), so they are never typed. */
export function Steps({ block }: { block: StepsBlock }) {
  return (
    <section id={block.anchor} className={`band ${block.tone === 'tinted' ? 'band-tinted' : ''}`}>
      <div className="container">
        {(block.heading || block.intro) && (
          <div className="section-head">
            {block.heading && <h2>{block.heading}</h2>}
            {block.intro && <p>{block.intro}</p>}
          </div>
        )}
        <ol className={styles.list}>
          {block.items.map((step) => (
            <li key={step.title} className={`card ${styles.step}`}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        {block.buttons?.length ? <div className={styles.buttons}><ButtonRow links={block.buttons} /></div> : null}
      </div>
    </section>
  );
}
