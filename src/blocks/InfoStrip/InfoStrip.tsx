import type { InfoStripBlock } from '../../generated/site.ts';
import { Fact } from '../../ui/Fact.tsx';
import { Icon } from '../../ui/Icon.tsx';
import styles from './InfoStrip.module.scss';

export function InfoStrip({ block }: { block: InfoStripBlock }) {
  return (
    <section className={styles.strip}>
      <div className={`container ${styles.grid}`}>
        {block.items.map((item) => (
          <div key={item.heading} className={styles.item}>
            <Icon name={item.icon} className={styles.icon} />
            <div>
              <h2 className={styles.heading}>{item.heading}</h2>
              <Fact name={item.fact} />
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
