import { dayEndsAt, practiceMoment } from './zoneTime.ts';

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

/** The time zone that content not yet checked gives (hours.timeZone), if it gives one. */
function zoneOf(data: unknown): string | undefined {
  const hours = typeof data === 'object' && data !== null ? (data as { hours?: { timeZone?: unknown } }).hours : undefined;
  return typeof hours?.timeZone === 'string' ? hours.timeZone : undefined;
}

/**
 * The practice's day at `now` for content not yet checked: by its time zone when it gives one that works, else by
 * UTC (the check timeZone reports an unknown zone).
 */
export function siteDay(data: unknown, now: Date): string {
  const zone = zoneOf(data);
  try {
    return practiceDay(now, zone);
  } catch {
    return practiceDay(now);
  }
}

/** Whether `text` is a day of the calendar, "YYYY-MM-DD" (not 2026-02-30). */
export const isCalendarDay = (text: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) && new Date(Date.parse(text)).toISOString().startsWith(text);

/**
 * The moment that stands for a whole day of the practice: its midday by the practice's clock (12 hours before the
 * day ends, so 11:00 or 13:00 on a day the clocks change), far from either midnight in every zone.
 */
export function middayOf(day: string, data: unknown): Date {
  const zone = zoneOf(data);
  try {
    if (zone) return new Date(dayEndsAt(day, zone) - 12 * 3_600_000);
  } catch { /* an unknown time zone, which the check timeZone reports: by UTC */ }
  return new Date(`${day}T12:00:00Z`);
}
