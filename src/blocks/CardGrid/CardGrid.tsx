import type { CardGridBlock } from '../../generated/site.ts';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './CardGrid.module.scss';
import { BlockSection } from '../../ui/BlockSection.tsx';

export function CardGrid({ block }: { block: CardGridBlock }) {
  return (
    <BlockSection anchor={block.anchor} tone={block.tone} heading={block.heading} intro={block.intro}>
      <ul className={styles.grid}>
        {block.cards.map((card) => (
          <li key={card.title} className={`card ${styles.card}`}>
            {card.icon && <span className={styles.icon}><Icon name={card.icon} /></span>}
            <h3>{card.title}</h3>
            <p>{card.text}</p>
            {card.link && (
              <SmartLink href={card.link.href} newTab={card.link.newTab} className={styles.link}>{card.link.label}{/* A no-break space: the arrow never starts a line alone. */}<span aria-hidden="true"> →</span></SmartLink>
            )}
          </li>
        ))}
      </ul>
      {block.button && <div className={styles.more}><ButtonLink link={block.button} /></div>}
    </BlockSection>
  );
}
