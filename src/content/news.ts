/** A news item counts as old this many months after its date, unless its list says otherwise (oldAfterMonths). */
export const OLD_AFTER_MONTHS = 12;

/** Whether a news item dated `date` ("YYYY-MM-DD") is old on `now`: dated before the same day `months` months back. */
export function isOldNews(date: string, months: number, now: Date): boolean {
  const cutoff = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate()));
  return date < cutoff.toISOString().slice(0, 10);
}
