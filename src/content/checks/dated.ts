import { namedEntry, staleReferences } from '../current.ts';
import { siteDay } from '../dated.ts';
import { entryWord } from '../ids.ts';
import { getAt, parsePointer } from '../pointer.ts';
import { isObject, list, text, type Check, type CheckContext, type Loose } from './context.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Today by the practice's clock, as the build that runs now would take it. */
export const today = ({ data, now }: CheckContext): string => siteDay(data, now);

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
 * A closure that falls only on days of the week the surgery is closed every week: it changes no hours, so its dates
 * are likely wrong. One on a public holiday is not questioned: it says to patients, in its own words, what the day is
 * (Closed Christmas Day), even when the hours of public holidays would say closed too. An opening on such days (a
 * Sunday flu clinic) is the point of the exception, so it is not questioned either.
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
    const days = daysBetween(from, until);
    if (days.some((day) => holidays.has(day))) return;
    const weekdays = [...new Set(days.map((day) => WEEKDAYS[new Date(day).getUTCDay()]))];
    if (!weekdays.some((weekday) => openDays.has(weekday))) context.report('ExceptionOnNoOpenDay', ['hours', 'exceptions', i], from, until, weekdays);
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

/** How far ahead of its day the checker looks for a reference that will stop working. */
export const LOOK_AHEAD_DAYS = 60;

const dayAfter = (day: string, days = 1) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

/** Whether a place in the content is itself off the site by `last`: one of the entries it is in ends then or sooner, or is not on it on `day`. */
function placeGoesBy(data: unknown, pointer: string, last: string, day: string): boolean {
  const path = parsePointer(pointer);
  return path.some((key, i) => {
    if (typeof key !== 'number') return false;
    const entry = getAt(data, path.slice(0, i + 1));
    if (!isObject(entry)) return false;
    const until = text(entry.until);
    const from = text(entry.from);
    return Boolean((until && until <= last) || (from && from > day));
  });
}

/**
 * A reference (a list's item, a block's one entry) to an entry not on the site on the day checked, which the site
 * leaves out with it; and, looking ahead LOOK_AHEAD_DAYS, to one whose last day comes first, naming the day it goes.
 * Warnings: the site still builds, but a list may show less than staff meant.
 */
export const datedReferences: Check = (context) => {
  const day = today(context);
  const stale = staleReferences(context.data, context.collected.refs, day);
  for (const ref of stale) {
    const ended = Boolean(ref.entry.until && ref.entry.until < day);
    const date = (ended ? ref.entry.until : ref.entry.from) ?? day;
    context.report('ReferenceNotCurrent', parsePointer(ref.pointer), entryWord(ref.collection), ref.key, day, ended, date);
  }
  const warned = new Set(stale.map((ref) => ref.pointer));
  const horizon = dayAfter(day, LOOK_AHEAD_DAYS);
  for (const ref of context.collected.refs) {
    if (warned.has(ref.pointer)) continue;
    const until = text(namedEntry(context.data, ref.collection, ref.value)?.entry.until);
    if (!until || until < day || dayAfter(until) > horizon || placeGoesBy(context.data, ref.pointer, until, day)) continue;
    context.report('ReferenceEndsSoon', parsePointer(ref.pointer), entryWord(ref.collection), ref.value, until, dayAfter(until));
  }
};
