import { practiceMoment } from './zoneTime.ts';

/**
 * Entries of lists that are on the site only between two days (`from` and `until`, both included), by the practice's
 * calendar. The build leaves out what is not current on its day, and the browser hides what has ended since
 * (src/ui/ended.ts): a page built yesterday and read today never shows yesterday's entry.
 */

export interface Dated { from?: string; until?: string }

/** The calendar day at `now` by the practice's clock, "YYYY-MM-DD"; by UTC without a time zone. */
export function practiceDay(now: Date, zone?: string): string {
  return zone ? practiceMoment(now, zone).slice(0, 10) : now.toISOString().slice(0, 10);
}

/** Whether an entry is on the site on `day`: an entry with neither date always is. */
export function isCurrent(entry: Dated, day: string): boolean {
  return !(entry.from && entry.from > day) && !(entry.until && entry.until < day);
}

/** Whether an entry's last day is before `day`. */
export const hasEnded = (entry: Dated, day: string): boolean => Boolean(entry.until && entry.until < day);

/**
 * The practice's day at `now` for content not yet checked: by its time zone when it gives one that works, else by
 * UTC (the check timeZone reports an unknown zone).
 */
export function siteDay(data: unknown, now: Date): string {
  const hours = typeof data === 'object' && data !== null ? (data as { hours?: { timeZone?: unknown } }).hours : undefined;
  const zone = typeof hours?.timeZone === 'string' ? hours.timeZone : undefined;
  try {
    return practiceDay(now, zone);
  } catch {
    return practiceDay(now);
  }
}
