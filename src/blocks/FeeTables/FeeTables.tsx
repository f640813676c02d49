import { useId, type MouseEvent, type ReactNode } from 'react';
import type { FeeGroup, FeeTablesBlock } from '../../generated/site.ts';
import { useLayout, usePage } from '../../ui/context.ts';
import { useEnded } from '../../ui/Until.tsx';
import { FEE_COLUMNS, feeRow } from './fees.ts';
import styles from './FeeTables.module.scss';
import { BreakAfter } from '../../ui/BreakAfter.tsx';
import { classNames } from '../../ui/classNames.ts';
import { BlockSection } from '../../ui/BlockSection.tsx';

const MONEY = new Set<string>(['price', 'pensionerPrice', 'medicareRebate', 'outOfPocket', 'outOfPocketPensioner']);
const PAYS = new Set<string>(['outOfPocket', 'outOfPocketPensioner']);

/** A column's classes: money right-aligned, what the patient pays stressed, item numbers quiet. */
const columnClass = (key: string) => [MONEY.has(key) && styles.money, PAYS.has(key) && styles.pays, key.endsWith('ItemNumber') && styles.item];

/** A fee's row: one with a last day is hidden once that has passed (useEnded), a row never wrapped in a table. */
function FeeRowOf({ until, children }: { until?: string; children: ReactNode }) {
  const ended = useEnded(until, useLayout().hours.clock?.zone);
  return <tr data-until={until} style={ended}>{children}</tr>;
}

function FeeTable({ group, block }: { group: FeeGroup; block: FeeTablesBlock }) {
  const rows = group.items.map(feeRow);
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{group.name}</caption>
      <thead>
        <tr>
          {FEE_COLUMNS.map((key) => (
            <th key={key} scope="col" className={classNames(...columnClass(key))}><BreakAfter text={block.columns[key]} marks="/" /></th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <FeeRowOf key={row.name} until={group.items[i].until}>
            <th scope="row" className={styles.name}>{row.name}</th>
            {FEE_COLUMNS.slice(1).map((key) => {
              const value = row[key];
              return (
                <td key={key} data-label={wrappableLabel(block.columns[key])} data-column={key} className={classNames(...columnClass(key), !value && styles.empty)}>
                  {value ?? <span className={styles.na}>{block.notApplicable}</span>}
                </td>
              );
            })}
          </FeeRowOf>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One collapsible section per fee group. Native <details> sharing one `name`: the browser keeps at most one open
 * and the open one closes on a second click, with no script. Printing opens them all (see the stylesheet).
 */
/** A phone's narrow label wraps 'Pensioner/HCC' after its slash (an invisible break), rather than over its neighbour. */
const wrappableLabel = (label: string) => label.replaceAll('/', '/\u200b');


/**
 * Opening a group closes the one open above it, which would pull the tapped heading up, often off the screen; the
 * page scrolls by as much, so the heading stays under the finger. Blocks brought on screen by that scroll are laid
 * out only then (content-visibility) and may move it again: it is put back for a few frames. Without scripts the
 * browser's own behaviour stays.
 */
function keepInPlace(event: MouseEvent<HTMLElement>) {
  const summary = event.currentTarget;
  const before = summary.getBoundingClientRect().top;
  // The browser's own scroll anchoring would move the page too, by a different amount: off meanwhile.
  const root = document.documentElement.style;
  root.overflowAnchor = 'none';
  let frames = 4;
  const putBack = () => {
    const drift = summary.getBoundingClientRect().top - before;
    if (Math.abs(drift) >= 1) window.scrollBy({ top: drift, behavior: 'instant' });
    if (--frames > 0) requestAnimationFrame(putBack);
    else root.overflowAnchor = '';
  };
  requestAnimationFrame(putBack);
}

export function FeeTables({ block }: { block: FeeTablesBlock }) {
  const name = useId();
  const { entities } = usePage();
  const groups = block.groups.map((id) => {
    const group = entities.feeGroups?.[id];
    if (!group) throw new Error(`entities.feeGroups has no "${id}" on this page`);
    return group;
  });
  const Heading = block.heading ? 'h3' : 'h2';
  return (
    <BlockSection anchor={block.anchor} heading={block.heading} intro={block.intro}>
      <div className={styles.accordion}>
        {groups.map((group, index) => (
          <details key={group.id} name={name} className={styles.group} open={block.openFirst === true && index === 0 ? true : undefined}>
            <summary className={styles.summary} onClick={keepInPlace}>
              <Heading className={styles.title}>{group.name}</Heading>
              <span className={styles.chevron} aria-hidden="true" />
            </summary>
            <div className={styles.panel}>
              <FeeTable group={group} block={block} />
            </div>
          </details>
        ))}
      </div>
    </BlockSection>
  );
}
