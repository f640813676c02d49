import type { NewsListBlock } from '../../generated/site.ts';
import { RichText } from '../../ui/RichText.tsx';
import { useDay, useEntity, useLayout } from '../../ui/context.ts';
import { useEnded } from '../../ui/Until.tsx';
import styles from './NewsList.module.scss';
import { BlockSection } from '../../ui/BlockSection.tsx';

function NewsCard({ id, more, less }: { id: string; more: string; less: string }) {
  const item = useEntity('news', id);
  const date = useDay(item.date);
  const ended = useEnded(item.until, useLayout().hours.clock?.zone);
  return (
    <li className={`card ${styles.card}`} data-until={item.until} style={ended}>
      <time dateTime={item.date} className={styles.date}>{date}</time>
      <h3>{item.title}</h3>
      <p>{item.summary}</p>
      {item.body && (
        <details className={styles.more}>
          <summary>
            <span className={styles.moreLabel}>{more}</span>
            <span className={styles.lessLabel}>{less}</span>
            <span className="visually-hidden">: {item.title}</span>
          </summary>
          <RichText html={item.body} />
        </details>
      )}
    </li>
  );
}

/** News cards; 'Read more' opens the rest of the item in place (a <details>, so it works without script). Nothing when the build left every item out. */
export function NewsList({ block }: { block: NewsListBlock }) {
  // Every item was old and left out by the build (leaveOutOld), or the site has no news to list yet: a list left
  // empty is filled in with the newest news (content/automatic.ts).
  const items = block.items ?? [];
  if (items.length === 0) return null;
  return (
    <BlockSection heading={block.heading}>
      <ul className={styles.grid}>
        {items.map((id) => <NewsCard key={id} id={id} more={block.readMoreLabel} less={block.readLessLabel} />)}
      </ul>
    </BlockSection>
  );
}
