import type { SectionBlock } from '../../generated/site.ts';
import { ButtonRow } from '../../ui/ButtonLink.tsx';
import { RichText } from '../../ui/RichText.tsx';
import styles from './Section.module.scss';
import { Band } from '../../ui/BlockSection.tsx';

export function Section({ block }: { block: SectionBlock }) {
  const tone = block.tone ?? 'plain';
  return (
    <Band anchor={block.anchor} tone={tone}>
      <div className={`container ${tone === 'notice' ? styles.notice : styles.plain}`}>
        {block.eyebrow && <p className={styles.eyebrow}>{block.eyebrow}</p>}
        <h2>{block.heading}</h2>
        <RichText html={block.body} />
        <ButtonRow links={block.buttons} />
      </div>
    </Band>
  );
}
