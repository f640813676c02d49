import type { CardGridBlock } from '../../generated/site.ts';
import { ButtonLink } from '../../ui/ButtonLink.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './CardGrid.module.scss';

export function CardGrid({ block }: { block: CardGridBlock }) {
  return (
    <section id={block.anchor} className={`band ${block.tone === 'tinted' ? 'band-tinted' : ''}`}>
      <div className="container">
        {(block.heading || block.intro) && (
          <div className="section-head">
            {block.heading && <h2>{block.heading}</h2>}
            {block.intro && <p>{block.intro}</p>}
          </div>
        )}
        <ul className={styles.grid}>
          {block.cards.map((card) => (
            <li key={card.title} className={`card ${styles.card}`}>
              {card.icon && <span className={styles.icon}><Icon name={card.icon} /></span>}
              <h3>{card.title}</h3>
              <p>{card.text}</p>
              {card.link && (
                <SmartLink href={card.link.href} newTab={card.link.newTab} className={styles.link}>{card.link.label}<span aria-hidden="true"> →</span></SmartLink>
              )}
            </li>
          ))}
        </ul>
        {block.button && <div className={styles.more}><ButtonLink link={block.button} /></div>}
      </div>
    </section>
  );
}
