import type { TodayHours as Words } from '../generated/site.ts';
import type { ClockLayout } from '../content/model.ts';
import type { OpeningClock, OpenStatus } from '../content/openNow.ts';
import { telHref } from '../content/phone.ts';
import { formatTime, type AmPm } from './time.ts';

/** A piece of the open-now line: words, or a time or number kept whole on one line (a number as a link to call it). */
export type LinePart = string | { text: string; href?: string };

export interface LineFacts {
  words: Words;
  amPm: AmPm;
  clock: Pick<OpeningClock, 'weekdays'>;
  /** The site's language, for a date a week or more away. */
  language: string;
  afterHoursPhone: string;
  emergency: string;
}

/** The day the surgery opens next, as the line names it: the content's word for today or tomorrow, or its weekday or date. */
function dayWords({ date, inDays }: { date: string; inDays: number }, { words, clock, language }: LineFacts): string {
  if (inDays === 0) return words.today;
  if (inDays === 1) return words.tomorrow;
  // A weekday a week or more away would name the wrong week.
  if (inDays < 7) return clock.weekdays[new Date(date).getUTCDay()];
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(date));
}

/**
 * The line's words for a status, from the content's words with their {placeholders} filled in: while closed, the
 * after-hours service when it starts later today before the surgery opens (and the content has words for it), else
 * the surgery's next opening; none when neither has an opening to name (no hours at all), so the caller keeps the
 * weekly summary. Pure, no React: a script without the app can draw it too.
 */
export function openNowLine(status: OpenStatus, facts: LineFacts): LinePart[] {
  const { words, amPm, afterHoursPhone, emergency } = facts;
  const call = (number: string): LinePart => ({ text: number, href: telHref(number) });
  const time = (at: string): LinePart => ({ text: formatTime(at, amPm) });
  let text: string;
  let values: Record<string, LinePart>;
  if (status.state === 'open') {
    text = words.open;
    values = { time: time(status.until) };
  } else if (status.state === 'afterHours') {
    text = words.afterHours;
    values = { time: time(status.until), phone: call(afterHoursPhone) };
  } else if (status.afterHoursFrom && words.afterHoursLater) {
    text = words.afterHoursLater;
    values = { time: time(status.afterHoursFrom), phone: call(afterHoursPhone), emergency: call(emergency) };
  } else {
    if (!status.opens) return [];
    text = words.closed;
    values = { time: time(status.opens.time), day: dayWords(status.opens, facts), emergency: call(emergency) };
  }
  // Split at each {name}: the names at odd places. One this state has no value for stays as typed, so a mistake shows.
  return text.split(/\{([a-z]+)\}/).map((piece, i) => (i % 2 ? (Object.hasOwn(values, piece) ? values[piece] : `{${piece}}`) : piece)).filter((piece) => piece !== '');
}

/** The facts of the line, from the site's layout: the same for the app's component and the static page's script. */
export function lineFacts({ hours, contact, site }: ClockLayout, words: Words, clock: LineFacts['clock']): LineFacts {
  return { words, amPm: hours.amPm, clock, language: site.language, afterHoursPhone: contact.afterHoursGp.phone, emergency: contact.emergency };
}
