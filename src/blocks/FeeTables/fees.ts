import type { FeeItem } from '../../generated/site.ts';

/**
 * Fee arithmetic in whole cents, so that $80.00 - $43.90 is exactly $36.10. Pure: the component, the content test
 * and any future check share it.
 */

/** '$80.00' -> 8000. Throws on anything else (the schema only lets '$' + digits + '.' + two digits through). */
export function parseMoney(text: string): number {
  const match = /^\$(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`"${text}" is not an amount like "$80.00"`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** 8000 -> '$80.00'; -150 -> '-$1.50'. */
export function formatCents(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`${cents} is not a whole number of cents`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

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
