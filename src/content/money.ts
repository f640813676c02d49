/**
 * Money in whole cents, so that $80.00 - $43.90 is exactly $36.10. Pure: the checker and the fee tables share it.
 * The one written form is the schema's Money: "$" + dollars + "." + two-digit cents.
 */

/** '$80.00' -> 8000; null for anything not written that way. */
export function cents(text: string): number | null {
  const match = /^\$(0|[1-9][0-9]*)\.([0-9]{2})$/.exec(text);
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}

/** Like cents(), for values the checker has already passed: a wrong one is a bug, not a content problem. */
export function parseMoney(text: string): number {
  const value = cents(text);
  if (value === null) throw new Error(`"${text}" is not an amount like "$80.00"`);
  return value;
}

/** 8000 -> '$80.00'; -150 -> '-$1.50'. */
export function formatCents(amount: number): string {
  if (!Number.isInteger(amount)) throw new Error(`${amount} is not a whole number of cents`);
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
