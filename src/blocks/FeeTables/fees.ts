import { formatCents, parseMoney } from '../../content/money.ts';
import type { FeeItem } from '../../generated/site.ts';

/** The fee table's rows: out of pocket worked out in whole cents, never typed. */

/** One table row; null where there is no value (shown as the block's 'N/A' words). */
export interface FeeRow {
  name: string;
  f2fItemNumber: string | null;
  telephoneItemNumber: string | null;
  telehealthItemNumber: string | null;
  price: string;
  pensionerPrice: string | null;
  medicareRebate: string | null;
  outOfPocket: string;
  outOfPocketPensioner: string | null;
}

const itemNumber = (value: string | undefined) => (value === undefined || value === 'N/A' ? null : value);

/**
 * Out of pocket = price - rebate; without a rebate the patient pays the whole price. The pensioner out of pocket
 * exists only when there is a pensioner price.
 */
export function feeRow(item: FeeItem): FeeRow {
  const price = parseMoney(item.price);
  const rebate = item.medicareRebate === undefined ? 0 : parseMoney(item.medicareRebate);
  const pensioner = item.pensionerPrice === undefined ? null : parseMoney(item.pensionerPrice);
  return {
    name: item.name,
    f2fItemNumber: itemNumber(item.f2fItemNumber),
    telephoneItemNumber: itemNumber(item.telephoneItemNumber),
    telehealthItemNumber: itemNumber(item.telehealthItemNumber),
    price: formatCents(price),
    pensionerPrice: pensioner === null ? null : formatCents(pensioner),
    medicareRebate: item.medicareRebate === undefined ? null : formatCents(rebate),
    outOfPocket: formatCents(price - rebate),
    outOfPocketPensioner: pensioner === null ? null : formatCents(pensioner - rebate),
  };
}

/** The columns in display order (the keys of FeeRow and of the block's column headings). */
export const FEE_COLUMNS = [
  'name', 'f2fItemNumber', 'telephoneItemNumber', 'telehealthItemNumber', 'price', 'pensionerPrice', 'medicareRebate',
  'outOfPocket', 'outOfPocketPensioner',
] as const satisfies readonly (keyof FeeRow)[];
