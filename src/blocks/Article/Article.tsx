import { useId } from 'react';
import type { ArticleBlock } from '../../generated/site.ts';
import { ButtonRow } from '../../ui/ButtonLink.tsx';
import { useLayout, usePage } from '../../ui/context.ts';
import { Icon } from '../../ui/Icon.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { FactList, InfoCard } from '../InfoCards/InfoCard.tsx';
import styles from './Article.module.scss';
import { Band } from '../../ui/BlockSection.tsx';
import { sectionIds, showsContents } from './contents.ts';

/** Sections of text (a policy, appointment information), with side cards beside them on wide screens. */
export function Article({ block }: { block: ArticleBlock }) {
  const aside = block.aside ?? [];
  const ids = sectionIds(block, usePage().blocks);
  const label = useLayout().ui.contentsLabel;
  const labelId = useId();
  return (
    <Band anchor={block.anchor} tone={block.tone}>
      <div className={`container ${aside.length ? styles.withAside : styles.single}`}>
        <div className={styles.main}>
          {showsContents(block, label) && (
            <nav className={`no-print ${styles.contents}`} aria-labelledby={labelId}>
              <h2 id={labelId} className={styles.contentsLabel}>{label}</h2>
              <ul>
                {block.sections.map((section, i) => <li key={ids[i]}><a href={`#${ids[i]}`}>{section.heading}</a></li>)}
              </ul>
            </nav>
          )}
          {block.sections.map((section, i) => (
            <section key={ids[i]} id={ids[i]} className={styles.section}>
              <h2 className={styles.heading}>
                {section.icon && <span className={styles.icon}><Icon name={section.icon} /></span>}
                <span>{section.heading}</span>
              </h2>
              <RichText html={section.body} />
              <FactList facts={section.facts} className={styles.facts} />
              <ButtonRow links={section.buttons} />
            </section>
          ))}
        </div>
        {aside.length > 0 && (
          <aside className={styles.aside} aria-label={block.asideLabel}>
            {aside.map((card) => <InfoCard key={card.heading} card={card} level="h2" />)}
          </aside>
        )}
      </div>
    </Band>
  );
}
