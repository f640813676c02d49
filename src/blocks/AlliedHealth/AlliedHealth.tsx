import { useRef } from 'react';
import type { AlliedHealthBlock } from '../../generated/site.ts';
import { Icon } from '../../ui/Icon.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { useEntity } from '../../ui/context.ts';
import styles from './AlliedHealth.module.scss';
import { BlockSection } from '../../ui/BlockSection.tsx';
import { useScrollsSideways } from './scrollsSideways.ts';

function Provider({ id }: { id: string }) {
  const provider = useEntity('alliedHealth', id);
  return (
    <li className={`card ${styles.card}`}>
      {provider.icon && <span className={styles.icon}><Icon name={provider.icon} /></span>}
      <div>
        <h3 className={styles.name}>{provider.name}</h3>
        <p>{provider.description}</p>
      </div>
    </li>
  );
}

/**
 * Allied health professionals who take their own bookings (from entities.alliedHealth). On a phone their cards are a
 * row that scrolls sideways, which then takes keyboard focus (named by the heading): nothing in it is a link.
 */
export function AlliedHealth({ block }: { block: AlliedHealthBlock }) {
  const list = useRef<HTMLUListElement>(null);
  const scrolls = useScrollsSideways(list);
  return (
    <BlockSection anchor={block.anchor} tone={block.tone} heading={block.heading} introHtml={block.intro}>
      <ul ref={list} className={styles.grid} data-scroll-label={block.heading} tabIndex={scrolls ? 0 : undefined} aria-label={scrolls ? block.heading : undefined}>
        {block.providers.map((id) => <Provider key={id} id={id} />)}
      </ul>
      {block.note && <RichText html={block.note} className={styles.note} />}
    </BlockSection>
  );
}
