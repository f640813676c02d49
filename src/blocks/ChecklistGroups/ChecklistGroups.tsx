import type { ChecklistGroupsBlock } from '../../generated/site.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Picture } from '../../ui/Picture.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './ChecklistGroups.module.scss';
import { BlockSection } from '../../ui/BlockSection.tsx';

/** Groups of downloadable checklists (e.g. by age), each with an optional picture. */
export function ChecklistGroups({ block }: { block: ChecklistGroupsBlock }) {
  return (
    <BlockSection anchor={block.anchor} heading={block.heading} intro={block.intro}>
      <div className={styles.grid}>
        {block.groups.map((group) => (
          <section key={group.title} className={`card ${styles.group}`}>
            {group.image && <Picture image={group.image} className={styles.image} sizes="(min-width: 1080px) 360px, (min-width: 768px) 50vw, 100vw" />}
            <div className={styles.body}>
              <h3>{group.title}</h3>
              {group.description && <p className={styles.description}>{group.description}</p>}
              <ul className={styles.links}>
                {group.items.map((item) => (
                  <li key={item.href}>
                    <SmartLink href={item.href} newTab={block.newTab} newTabLabel={block.newTabLabel}>
                      <Icon name="file" />
                      <span>{item.title}</span>
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        ))}
      </div>
    </BlockSection>
  );
}
