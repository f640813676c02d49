import type { Fact as FactName, InfoCard as InfoCardData } from '../../generated/site.ts';
import { ButtonRow } from '../../ui/ButtonLink.tsx';
import { Fact } from '../../ui/Fact.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { RichText } from '../../ui/RichText.tsx';
import styles from './InfoCards.module.scss';

/** Contact details read better with their label ('Phone: ...'); hours and helplines carry their own. */
const LABELLED = new Set<FactName>(['phone', 'fax', 'email', 'address']);

/** Practice details, each written once in site.yaml (contact:, hours:). */
export function FactList({ facts, className }: { facts?: FactName[]; className?: string }) {
  if (!facts?.length) return null;
  return <div className={className}>{facts.map((fact) => <Fact key={fact} name={fact} withLabel={LABELLED.has(fact)} />)}</div>;
}

/**
 * One card: heading, text, practice details and buttons. Practice details come from contact: and hours: through
 * Fact, so a phone number or opening time is never typed twice. Shared by the info-cards and article blocks.
 */
export function InfoCard({ card, level = 'h3', as: Tag = 'div' }: { card: InfoCardData; level?: 'h2' | 'h3'; as?: 'div' | 'li' | 'section' }) {
  const Heading = level;
  const tone = card.tone ?? 'plain';
  return (
    <Tag className={['card', styles.card, styles[tone]].filter(Boolean).join(' ')}>
      <Heading className={styles.heading}>
        {card.icon && <span className={styles.icon}><Icon name={card.icon} /></span>}
        <span>{card.heading}</span>
      </Heading>
      {card.body && <RichText html={card.body} className={styles.body} />}
      <FactList facts={card.facts} className={styles.facts} />
      <ButtonRow links={card.buttons} />
    </Tag>
  );
}
