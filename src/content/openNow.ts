import type { Hours, HoursException, TimeRange } from '../generated/site.ts';
import { practiceMoment, zoneOffsets, type ZoneOffsets } from './zoneTime.ts';

type Day = TimeRange['days'][number];

/** The days as JavaScript's Date numbers them (Sunday is 0), then the public holidays (7). */
const DAYS: Day[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'PublicHolidays'];

/** An hours line as the browser gets it: its days as bits of DAYS (Monday to Friday is 62). */
export interface ClockRange { opens?: string; closes?: string; closed?: boolean; on?: number }

/** Days, first to last, on which the surgery keeps these hours instead of its weekly ones (none: closed). */
export interface DayException { from: string; until: string; opens?: string; closes?: string }

/** What the day's hours depend on besides the weekday: the public holidays and the exceptions. */
type Calendar = Pick<OpeningClock, 'holidays' | 'exceptions'>;

/** What a browser needs, besides the hours it shows, to say whether the surgery is open now (made at build time). */
export interface OpeningClock {
  zone: string;
  /** When the zone's offset from UTC changes, for the years after the build: the clock without Intl's first cost. */
  offsets?: ZoneOffsets;
  /** The listed public holidays from the day of the build on, "YYYY-MM-DD": a browser has no use for past ones. */
  holidays: string[];
  /** The opening hours' exceptions not yet over, their last day written out: a closure is one with no times. */
  exceptions?: DayException[];
  /**
   * The days of the week as the site's language writes them, Sunday first: written at build time, so a phone loads
   * date words only for a date a week or more away.
   */
  weekdays: string[];
}

/**
 * Whether the surgery is open at a moment, and if not, whether the after-hours service runs or when the surgery
 * opens next, and when the service starts later the same day if that comes first (`afterHoursFrom`). Times are
 * "HH:MM" by the practice's clock; `date` is its calendar day, "YYYY-MM-DD".
 */
export type OpenStatus =
  | { state: 'open'; until: string }
  | { state: 'afterHours'; until: string }
  | { state: 'closed'; opens?: { date: string; time: string; inDays: number }; afterHoursFrom?: string };

export function dayBits(days: Day[]): number {
  return days.reduce((bits, day) => bits | (1 << DAYS.indexOf(day)), 0);
}

/** Five years of the zone's changes: about a dozen entries, and a page is built again at each publish. */
const OFFSET_DAYS = 5 * 366;

export function openingClock(hours: Hours, builtOn: string, language: string): OpeningClock | undefined {
  if (!hours.today || !hours.timeZone) return undefined;
  // 4 January 1970 was a Sunday.
  const weekday = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  return {
    zone: hours.timeZone,
    // From the day before the build's, so the whole of the practice's day is in it.
    offsets: zoneOffsets(hours.timeZone, Date.parse(builtOn) - 86_400_000, OFFSET_DAYS),
    holidays: (hours.publicHolidays ?? []).map((h) => h.date).filter((date) => date >= builtOn),
    ...(hours.exceptions?.length ? { exceptions: dayExceptions(hours.exceptions, builtOn) } : {}),
    weekdays: Array.from({ length: 7 }, (_, i) => weekday.format(Date.UTC(1970, 0, 4 + i))),
  };
}

/** The exceptions from `builtOn` on, each with its last day written out and times only when it opens. */
export function dayExceptions(exceptions: HoursException[], builtOn: string): DayException[] {
  return exceptions.map(({ from, until = from, opens, closes, closed }) => (closed || !opens || !closes ? { from, until } : { from, until, opens, closes }))
    .filter((e) => e.until >= builtOn);
}

/** The calendar day `days` after `date`, counted in UTC, where every day has 24 hours (daylight saving or not). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The spans `ranges` cover on `date`, earliest first: on a listed public holiday only the lines that list it count.
 * The surgery's own hours (`surgery`) give way to an exception on its days; the after-hours service keeps its own.
 */
function spans(ranges: ClockRange[], date: string, { holidays, exceptions }: Calendar, surgery = false): [string, string][] {
  const exception = surgery ? exceptions?.find((e) => e.from <= date && date <= e.until) : undefined;
  if (exception) return exception.opens && exception.closes ? [[exception.opens, exception.closes]] : [];
  const day = holidays.includes(date) ? 7 : new Date(date).getUTCDay();
  return ranges.filter((r) => !r.closed && r.opens && r.closes && (r.on ?? 0) >> day & 1)
    .map((r): [string, string] => [r.opens!, r.closes!]).sort();
}

/**
 * When the span of `ranges` that holds `time` on `date` ends, or undefined outside them. Spans that meet or overlap
 * count as one, past midnight too ("24:00" meeting "00:00"), so the line never names a time it goes straight on at.
 */
function endOf(ranges: ClockRange[], date: string, time: string, calendar: Calendar, surgery = false): string | undefined {
  for (let days = 0; days < 7; days++) {
    // "08:30:00" sorts after "08:30" and "17:30:00" after "17:30": in from the minute it opens to the one it closes.
    const from = days ? '00:00' : time;
    let end: string | undefined;
    for (const [opens, closes] of spans(ranges, addDays(date, days), calendar, surgery)) {
      if (end ? opens <= end : opens <= from && from < closes) end = end && end > closes ? end : closes;
    }
    if (end !== '24:00') return end ?? (days ? '24:00' : undefined);
  }
  return '24:00';
}

/**
 * The surgery's state at `now` by the clock of its time zone (practiceMoment). The next opening is
 * looked for up to a year ahead; on a listed public holiday only the lines that list public holidays open.
 */
export function openStatus(regular: ClockRange[], afterHours: ClockRange[], { zone, offsets, ...calendar }: Pick<OpeningClock, 'zone' | 'offsets' | 'holidays' | 'exceptions'>, now: Date): OpenStatus {
  const [date, time] = practiceMoment(now, zone, offsets).split(' ');
  const closes = endOf(regular, date, time, calendar, true);
  if (closes) return { state: 'open', until: closes };
  const service = endOf(afterHours, date, time, calendar);
  if (service) return { state: 'afterHours', until: service };
  // A patient at 9:00 on a Saturday, or at 17:45 before the evening service, waits less for the service than for Monday.
  const later = spans(afterHours, date, calendar).find(([opens]) => opens > time)?.[0];
  const soonerThan = (opens?: { time: string; inDays: number }) => (later && !(opens && opens.inDays === 0 && opens.time <= later) ? { afterHoursFrom: later } : {});
  for (let inDays = 0; inDays < 366; inDays++) {
    const day = addDays(date, inDays);
    const next = spans(regular, day, calendar, true).find(([opens]) => inDays > 0 || opens > time);
    if (next) {
      const opens = { date: day, time: next[0], inDays };
      return { state: 'closed', opens, ...soonerThan(opens) };
    }
  }
  return { state: 'closed', ...soonerThan() };
}
