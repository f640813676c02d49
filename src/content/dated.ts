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

const isEntry = (value: unknown): value is Dated & Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Leaves out, in place, every entry of every list that is not current on `day`. The opening hours' exceptions are
 * the days they apply to, not when they are shown: those still to come stay (the browser works out today's hours from
 * them), and only the ended go (openingClock).
 */
export function leaveOutNotCurrent(node: unknown, day: string, skip: ReadonlySet<unknown> = new Set()): void {
  if (Array.isArray(node)) {
    const kept = skip.has(node) ? node : node.filter((item) => !isEntry(item) || isCurrent(item, day));
    node.splice(0, node.length, ...kept);
    for (const item of node) leaveOutNotCurrent(item, day, skip);
  } else if (isEntry(node)) {
    for (const value of Object.values(node)) leaveOutNotCurrent(value, day, skip);
  }
}
