import type { InfoCardsBlock } from '../../generated/site.ts';
import { InfoCard } from './InfoCard.tsx';
import styles from './InfoCards.module.scss';

/** A grid of information cards, e.g. Bulk Billing, Payment Methods, the complaint process. */
export function InfoCards({ block }: { block: InfoCardsBlock }) {
  const columns = block.columns ?? 3;
  return (
    <section id={block.anchor} className={`band ${block.tone === 'tinted' ? 'band-tinted' : ''}`}>
      <div className="container">
        {(block.heading || block.intro) && (
          <div className="section-head">
            {block.heading && <h2>{block.heading}</h2>}
            {block.intro && <p>{block.intro}</p>}
          </div>
        )}
        <ul className={`${styles.grid} ${styles[`cols${columns}`]}`}>
          {block.cards.map((card) => <InfoCard key={card.heading} card={card} as="li" level={block.heading ? 'h3' : 'h2'} />)}
        </ul>
      </div>
    </section>
  );
}
