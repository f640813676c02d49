import { useId } from 'react';
import type { FeeGroup, FeeTablesBlock } from '../../generated/site.ts';
import { usePage } from '../../ui/context.ts';
import { FEE_COLUMNS, feeRow } from './fees.ts';
import styles from './FeeTables.module.scss';
import { BlockSection } from '../../ui/BlockSection.tsx';

const MONEY = new Set<string>(['price', 'pensionerPrice', 'medicareRebate', 'outOfPocket', 'outOfPocketPensioner']);

function FeeTable({ group, block }: { group: FeeGroup; block: FeeTablesBlock }) {
  const rows = group.items.map(feeRow);
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{group.name}</caption>
      <thead>
        <tr>
          {FEE_COLUMNS.map((key) => (
            <th key={key} scope="col" className={MONEY.has(key) ? styles.money : undefined}><BreakAfterSlash text={block.columns[key]} /></th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row" className={styles.name}>{row.name}</th>
            {FEE_COLUMNS.slice(1).map((key) => {
              const value = row[key];
              return (
                <td key={key} data-label={block.columns[key]} className={MONEY.has(key) ? styles.money : undefined}>
                  {value ?? <span className={styles.na}>{block.notApplicable}</span>}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * One collapsible section per fee group. Native <details> sharing one `name`: the browser keeps at most one open
 * and the open one closes on a second click, with no script. Printing opens them all (see the stylesheet).
 */
/** Narrow columns (on paper, on a tablet) wrap 'Pensioner/HCC' after its slash, not inside 'HCC'. */
function BreakAfterSlash({ text }: { text: string }) {
  const parts = text.split('/');
  return <>{parts.map((part, i) => (i === 0 ? part : <span key={i}>/<wbr />{part}</span>))}</>;
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
            <summary className={styles.summary}>
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
