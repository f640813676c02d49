import type { Hours, TimeRange } from '../generated/site.ts';

type Day = TimeRange['days'][number];

/** The days as JavaScript's Date numbers them (Sunday is 0), then the public holidays (7). */
const DAYS: Day[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'PublicHolidays'];

/** An opening-hours line as the browser gets it: its days as bits of DAYS (Monday to Friday is 62). */
export interface ClockRange { opens?: string; closes?: string; closed?: boolean; on?: number }

/** What a browser needs, besides the hours it shows, to say whether the surgery is open now (made at build time). */
export interface OpeningClock {
  zone: string;
  /** The listed public holidays from the day of the build on, "YYYY-MM-DD": a browser has no use for past ones. */
  holidays: string[];
}

export function dayBits(days: Day[]): number {
  return days.reduce((bits, day) => bits | (1 << DAYS.indexOf(day)), 0);
}

export function openingClock(hours: Hours, builtOn: string): OpeningClock | undefined {
  if (!hours.today || !hours.timeZone) return undefined;
  return { zone: hours.timeZone, holidays: (hours.publicHolidays ?? []).map((h) => h.date).filter((date) => date >= builtOn) };
}

/**
 * Today's closing time ("17:30") when the surgery is open at `now` by the clock of its time zone, else undefined.
 * On a listed public holiday only the hours that list PublicHolidays count, whatever the weekday.
 */
export function closingTime(regular: ClockRange[], { zone, holidays }: OpeningClock, now: Date): string | undefined {
  // Swedish writes a moment as ISO 8601 does ("2026-12-25 08:30:00"): the practice's own date and time, no words to read.
  const [date, time] = now.toLocaleString('sv-SE', { timeZone: zone }).split(' ');
  const day = holidays.includes(date) ? 7 : new Date(date).getUTCDay();
  // "08:30:00" sorts after "08:30" and "17:30:00" after "17:30": open from the minute it opens to the one it closes.
  return regular.find((r) => !r.closed && (r.on ?? 0) >> day & 1 && r.opens! <= time && time < r.closes!)?.closes;
}
