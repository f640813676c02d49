import { practiceDay } from '../dated.ts';
import { isObject, list, text, type Check, type CheckContext, type Loose } from './context.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Today by the practice's clock, as the build that runs now would take it. */
function today({ data, now }: CheckContext): string {
  const hours = isObject(data.hours) ? data.hours : {};
  try {
    return practiceDay(now, text(hours.timeZone));
  } catch {
    return practiceDay(now); // an unknown time zone, which the check timeZone reports
  }
}

/**
 * An entry whose last day has passed: a warning, since it does no harm (the build leaves it out), but staff may have
 * typed the wrong year. An exception with one day has its first day as its last.
 */
export const datedWindowOver: Check = (context) => {
  const day = today(context);
  for (const { value, path } of context.values) {
    if (!isObject(value)) continue;
    const exception = path.length === 3 && path[0] === 'hours' && path[1] === 'exceptions';
    const key = exception && value.until === undefined ? 'from' : 'until';
    const last = text(value[key]);
    if (last && /^\d{4}-\d{2}-\d{2}$/.test(last) && last < day) context.report('DatedWindowOver', [...path, key], last);
  }
};

/** The days from `from` to `until`, at most a year of them (a mistyped year would run on for ever). */
function daysBetween(from: string, until: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(from); days.length < 366 && at <= Date.parse(until); at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/**
 * A closure none of whose days the weekly hours open on: it changes nothing, so its dates are likely wrong. An
 * opening on such days (a Sunday flu clinic) is the point of the exception, so it is not questioned.
 */
export const exceptionOnNoOpenDay: Check = (context) => {
  const hours = isObject(context.data.hours) ? context.data.hours : {};
  const holidays = new Set(list(hours.publicHolidays).map((h) => (isObject(h) ? text(h.date) : undefined)));
  const openDays = new Set(list(hours.regular).filter((r) => isObject(r) && r.closed !== true && r.opens && r.closes).flatMap((r) => list((r as Loose).days)));
  list(hours.exceptions).forEach((exception, i) => {
    if (!isObject(exception) || exception.closed !== true) return;
    const from = text(exception.from);
    const until = text(exception.until) ?? from;
    if (!from || !until || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(until))) return;
    const opens = daysBetween(from, until).some((day) => openDays.has(holidays.has(day) ? 'PublicHolidays' : WEEKDAYS[new Date(day).getUTCDay()]));
    if (!opens) context.report('ExceptionOnNoOpenDay', ['hours', 'exceptions', i], from, until);
  });
};

/**
 * From 1 November, a list of public holidays with no day of the coming year: the open-now line would count its
 * holidays as ordinary days from 1 January. November leaves the practice two months to find the state's dates.
 */
export const nextYearHolidays: Check = (context) => {
  const hours = isObject(context.data.hours) ? context.data.hours : {};
  if (!Array.isArray(hours.publicHolidays) || !hours.publicHolidays.length) return;
  const day = today(context);
  if (day.slice(5) < '11-01') return;
  const next = Number(day.slice(0, 4)) + 1;
  const listed = hours.publicHolidays.some((h) => isObject(h) && text(h.date)?.startsWith(`${next}-`));
  if (!listed) context.report('NextYearHolidaysMissing', ['hours', 'publicHolidays'], next);
};
