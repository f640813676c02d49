import type { DownloadsBlock } from '../../generated/site.ts';
import { Icon } from '../../ui/Icon.tsx';
import { SmartLink } from '../../ui/SmartLink.tsx';
import styles from './Downloads.module.scss';
import { Band } from '../../ui/BlockSection.tsx';

/** 'forms/consent.pdf' -> 'PDF': the kind of file, from its name. */
export function fileKind(href: string): string | null {
  const match = /\.([a-z0-9]+)$/i.exec(href.split(/[?#]/)[0]);
  return match ? match[1].toUpperCase() : null;
}

/** Files to download (forms, leaflets), each with its kind (PDF, PNG...) and an optional sentence. */
export function Downloads({ block }: { block: DownloadsBlock }) {
  return (
    <Band anchor={block.anchor} tone={block.tone}>
      <div className={`container ${styles.inner}`}>
        {block.heading && <h2>{block.heading}</h2>}
        {block.intro && <p className={styles.intro}>{block.intro}</p>}
        <ul className={styles.list}>
          {block.items.map((item) => {
            const kind = fileKind(item.href);
            return (
              <li key={item.href} className={`card ${styles.item}`}>
                <span className={styles.icon}><Icon name="file" /></span>
                <div>
                  <SmartLink href={item.href} newTab={item.newTab} newTabLabel={block.newTabLabel} className={styles.link}>
                    {item.title}
                    {kind && <span className={styles.kind}> ({kind})</span>}
                  </SmartLink>
                  {item.description && <p className={styles.description}>{item.description}</p>}
                </div>
                <span className={styles.download} aria-hidden="true"><Icon name="download" /></span>
              </li>
            );
          })}
        </ul>
      </div>
    </Band>
  );
}
