import type { InfoCardsBlock } from '../../generated/site.ts';
import { InfoCard } from './InfoCard.tsx';
import styles from './InfoCards.module.scss';
import { BlockSection } from '../../ui/BlockSection.tsx';

/** A grid of information cards, e.g. Bulk Billing, Payment Methods, the complaint process. */
export function InfoCards({ block }: { block: InfoCardsBlock }) {
  const columns = block.columns ?? 3;
  return (
    <BlockSection anchor={block.anchor} tone={block.tone} heading={block.heading} intro={block.intro}>
      <ul className={[styles.grid, styles[`cols${columns}`]].filter(Boolean).join(' ')}>
        {block.cards.map((card) => <InfoCard key={card.heading} card={card} as="li" level={block.heading ? 'h3' : 'h2'} />)}
      </ul>
    </BlockSection>
  );
}
