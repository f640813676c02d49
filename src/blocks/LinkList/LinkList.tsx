import type { LinkListBlock } from '../../generated/site.ts';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './LinkList.module.scss';
import { Band } from '../../ui/BlockSection.tsx';

/** Useful links, each with an optional sentence saying what is there. */
export function LinkList({ block }: { block: LinkListBlock }) {
  return (
    <Band anchor={block.anchor} tone={block.tone}>
      <div className={`container ${styles.inner}`}>
        {block.heading && <h2>{block.heading}</h2>}
        {block.intro && <p className={styles.intro}>{block.intro}</p>}
        <ul className={styles.list}>
          {block.items.map((item) => (
            <li key={item.href} className={styles.item}>
              <SmartLink href={item.href} newTab={item.newTab} newTabLabel={block.newTabLabel} className={styles.link}>
                {item.title}
              </SmartLink>
              {item.description && <p className={styles.description}>{item.description}</p>}
            </li>
          ))}
        </ul>
      </div>
    </Band>
  );
}
