import { useId, useRef, type SyntheticEvent } from 'react';
import type { FaqBlock } from '../../generated/site.ts';
import { RichText } from '../../ui/RichText.tsx';
import styles from './Faq.module.scss';
import { Band } from '../../ui/BlockSection.tsx';
import { useLayout } from '../../ui/context.ts';
import { Until } from '../../ui/Until.tsx';

/**
 * Questions that open and close: native <details>, so they work without JavaScript and with the keyboard.
 * With singleOpen the items share a `name`, which browsers use to keep at most one open; the toggle handler
 * does the same for browsers that do not know `name` yet. The open item closes when its question is pressed.
 */
export function Faq({ block }: { block: FaqBlock }) {
  const group = useId();
  const list = useRef<HTMLDivElement>(null);
  const zone = useLayout().hours.clock?.zone;

  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const opened = event.currentTarget;
    if (!block.singleOpen || !opened.open) return;
    list.current?.querySelectorAll<HTMLDetailsElement>(':scope > details[open], :scope > .until > details[open]').forEach((other) => {
      if (other !== opened) other.open = false;
    });
  };

  return (
    <Band anchor={block.anchor} tone={block.tone}>
      <div className={`container ${styles.inner}`}>
        {(block.heading || block.intro) && (
          <div className={styles.head}>
            {block.heading && <h2>{block.heading}</h2>}
            {block.intro && <p>{block.intro}</p>}
          </div>
        )}
        <div ref={list} className={styles.list}>
          {block.items.map((item) => (
            <Until key={item.question} until={item.until} zone={zone}>
              <details name={block.singleOpen ? group : undefined} onToggle={onToggle} className={styles.item}>
                <summary className={styles.question}>
                  <span>{item.question}</span>
                  <svg className={styles.chevron} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </summary>
                <RichText html={item.answer} className={styles.answer} />
              </details>
            </Until>
          ))}
        </div>
      </div>
    </Band>
  );
}
