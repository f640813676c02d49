import type { AlliedHealthBlock } from '../../generated/site.ts';
import { Icon } from '../../ui/Icon.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { useEntity } from '../../site/context.ts';
import styles from './AlliedHealth.module.scss';

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

/** Allied health professionals who take their own bookings (from entities.alliedHealth). */
export function AlliedHealth({ block }: { block: AlliedHealthBlock }) {
  return (
    <section id={block.anchor} className={`band ${block.tone === 'tinted' ? 'band-tinted' : ''}`}>
      <div className="container">
        <div className="section-head">
          <h2>{block.heading}</h2>
          {block.intro && <RichText html={block.intro} className={styles.intro} />}
        </div>
        <ul className={styles.grid}>
          {block.providers.map((id) => <Provider key={id} id={id} />)}
        </ul>
        {block.note && <RichText html={block.note} className={styles.note} />}
      </div>
    </section>
  );
}
