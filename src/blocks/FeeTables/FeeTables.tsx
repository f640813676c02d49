import { useId, type ReactNode } from 'react';
import { keepInPlace } from './keepInPlace.ts';
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
            <summary className={styles.summary} data-keep-in-place="" onClick={(event) => keepInPlace(event.currentTarget)}>
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
