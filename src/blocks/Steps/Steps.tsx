import type { StepsBlock } from '../../generated/site.ts';
import { ButtonRow } from '../../ui/ButtonLink.tsx';
import styles from './Steps.module.scss';
import { BlockSection } from '../../ui/BlockSection.tsx';

/** Numbered steps; the numbers come from the order of the list (an <ol>), so they are never typed. */
export function Steps({ block }: { block: StepsBlock }) {
  return (
    <BlockSection anchor={block.anchor} tone={block.tone} heading={block.heading} intro={block.intro}>
      <ol className={styles.list}>
        {block.items.map((step) => (
          <li key={step.title} className={`card ${styles.step}`}>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      {block.buttons?.length ? <div className={styles.buttons}><ButtonRow links={block.buttons} /></div> : null}
    </BlockSection>
  );
}
