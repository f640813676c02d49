/**
 * The open-now line's advice at any moment: open, the after-hours service while it runs, or when the surgery opens
 * next. Every case is checked against a second answer worked out here independently of the engine: the practice's
 * wall clock from the law's daylight-saving dates (no Intl), and each minute's state read off the content's own
 * lines (their day names, not the browser's bits), stepping minute by minute.
 */
import { describe, expect, it } from 'vitest';
import type { Hours, TimeRange } from '../../src/generated/site.ts';
import { browserLayout } from '../../src/content/model.ts';
import { dayBits, openingClock, openStatus, type ClockRange, type OpenStatus } from '../../src/content/openNow.ts';
import { openNowLine } from '../../src/ui/openNowLine.ts';
import { compiledSaltbush } from '../fixtures/saltbush.ts';

const MINUTE = 60_000;
const DAY = 1440;
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

// ---- The second answer -------------------------------------------------------------------------------------------

const firstSunday = (year: number, month: number) => [1, 2, 3, 4, 5, 6, 7].find((d) => new Date(Date.UTC(year, month, d)).getUTCDay() === 0)!;

/**
 * Minutes Adelaide is ahead of UTC at an instant, by South Australia's Daylight Saving Act: 10:30 from 2:00 standard
 * time on the first Sunday of October until 3:00 daylight time on the first Sunday of April, else 9:30.
 */
function adelaideOffset(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  const starts = Date.UTC(year, 9, firstSunday(year, 9), 2) - 570 * MINUTE;
  const ends = Date.UTC(year, 3, firstSunday(year, 3), 3) - 630 * MINUTE;
  return ms < ends || ms >= starts ? 630 : 570;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const dateOf = (wall: number) => new Date(wall * MINUTE).toISOString().slice(0, 10);
const timeOf = (wall: number) => new Date(wall * MINUTE).toISOString().slice(11, 16);

/** The content's state minute by minute, each day's minutes worked out once from its lines as written. */
function oracle(hours: Hours, offset: (ms: number) => number) {
  const holidays = new Set((hours.publicHolidays ?? []).map((h) => h.date));
  const cache = new Map<string, boolean[]>();
  const covered = (ranges: TimeRange[], which: string, date: string): boolean[] => {
    const key = `${which} ${date}`;
    if (!cache.has(key)) {
      const name = holidays.has(date) ? 'PublicHolidays' : WEEKDAY_NAMES[new Date(`${date}T12:00:00Z`).getUTCDay()];
      const day = Array.from({ length: DAY }, () => false);
      for (const range of ranges) {
        if (range.closed || !range.opens || !range.closes || !range.days.includes(name)) continue;
        for (let m = minutes(range.opens); m < minutes(range.closes); m++) day[m] = true;
      }
      cache.set(key, day);
    }
    return cache.get(key)!;
  };
  const at = (ranges: TimeRange[], which: string, wall: number) => covered(ranges, which, dateOf(wall))[((wall % DAY) + DAY) % DAY];
  return (now: Date): OpenStatus => {
    const wall = Math.floor((now.getTime() + offset(now.getTime()) * MINUTE) / MINUTE);
    const runEnd = (ranges: TimeRange[], which: string) => {
      let end = wall;
      while (at(ranges, which, end)) end++;
      return timeOf(end);
    };
    if (at(hours.regular, 'regular', wall)) return { state: 'open', until: runEnd(hours.regular, 'regular') };
    if (at(hours.afterHours, 'after', wall)) return { state: 'afterHours', until: runEnd(hours.afterHours, 'after') };
    // The after-hours service's first minute later today, named when it comes before the surgery's next one.
    let later: number | undefined;
    for (let next = wall + 1; dateOf(next) === dateOf(wall); next++) if (at(hours.afterHours, 'after', next)) { later = next; break; }
    for (let next = wall + 1; next < wall + 60 * DAY; next++) {
      if (!at(hours.regular, 'regular', next)) continue;
      const inDays = (Date.parse(dateOf(next)) - Date.parse(dateOf(wall))) / (DAY * MINUTE);
      return { state: 'closed', opens: { date: dateOf(next), time: timeOf(next), inDays }, ...(later !== undefined && later < next ? { afterHoursFrom: timeOf(later) } : {}) };
    }
    return { state: 'closed', ...(later !== undefined ? { afterHoursFrom: timeOf(later) } : {}) };
  };
}

// ---- The engine, as the browser runs it ---------------------------------------------------------------------------

/** The engine fed what a browser gets for `hours` (every holiday kept, whatever the day of the build). */
function engine(hours: Hours, language = 'en-AU') {
  const clock = openingClock(hours, '2000-01-01', language)!;
  const bits = (ranges: TimeRange[]): ClockRange[] => ranges.map(({ days, ...range }) => ({ ...range, on: dayBits(days) }));
  const regular = bits(hours.regular);
  const afterHours = bits(hours.afterHours);
  return (now: Date) => openStatus(regular, afterHours, clock, now);
}

/** One line per moment, so a difference reads as the moment and both answers. */
function compare(moments: Date[], hours: Hours, offset: (ms: number) => number, ours = engine(hours)) {
  const theirs = oracle(hours, offset);
  // A run that stops at midnight: the engine says 24:00 of the day, the minutes say 00:00 of the next.
  const said = (s: OpenStatus) => JSON.stringify(s).replace('"24:00"', '"00:00"');
  const line = (at: Date, s: OpenStatus) => `${at.toISOString()} ${said(s)}`;
  expect(moments.map((at) => line(at, ours(at)))).toEqual(moments.map((at) => line(at, theirs(at))));
}

/** Every `step` minutes from `from` (UTC instants: across a daylight-saving change, wall times skip or repeat). */
const every = (from: Date, count: number, step = 30) => Array.from({ length: count }, (_, i) => new Date(from.getTime() + i * step * MINUTE));

// The frozen copy, as the build compiles it.
const frozen = compiledSaltbush().layout;
const frozenHours = frozen.hours;
const browserHours = browserLayout({ ...frozen, builtOn: '2000-01-01' }).hours;
const frozenStatus = (now: Date) => openStatus(browserHours.regular, browserHours.afterHours, browserHours.clock!, now);

describe('the second answer itself', () => {
  it('puts Adelaide\'s clock changes where the law does (2026: back on 5 April, forward on 4 October)', () => {
    expect(adelaideOffset(Date.parse('2026-04-04T16:29:00Z'))).toBe(630);
    expect(adelaideOffset(Date.parse('2026-04-04T16:30:00Z'))).toBe(570);
    expect(adelaideOffset(Date.parse('2026-10-03T16:29:00Z'))).toBe(570);
    expect(adelaideOffset(Date.parse('2026-10-03T16:30:00Z'))).toBe(630);
    // And agrees with the browser's own time-zone data, which the engine reads.
    for (const at of every(new Date('2026-01-01T00:00:00Z'), 365 * 4, 360)) {
      const wall = new Date(at.getTime() + adelaideOffset(at.getTime()) * MINUTE).toISOString().slice(0, 16).replace('T', ' ');
      expect(at.toLocaleString('sv-SE', { timeZone: 'Australia/Adelaide' }).slice(0, 16)).toBe(wall);
    }
  });

  it('gives the answers the issue asks for on the frozen copy', () => {
    const says = oracle(frozenHours, adelaideOffset);
    // Monday 8:00: not the after-hours line, which does not run then.
    expect(says(new Date('2026-11-23T08:00:00+10:30'))).toEqual({ state: 'closed', opens: { date: '2026-11-23', time: '08:30', inDays: 0 } });
    expect(says(new Date('2026-11-24T23:00:00+10:30'))).toEqual({ state: 'closed', opens: { date: '2026-11-25', time: '08:30', inDays: 1 } });
    expect(says(new Date('2026-11-24T19:00:00+10:30'))).toEqual({ state: 'afterHours', until: '22:00' });
    expect(says(new Date('2026-11-24T12:00:00+10:30'))).toEqual({ state: 'open', until: '17:30' });
  });
});

describe('the frozen copy: the engine and the second answer agree', () => {
  it('at every 30 minutes of a whole week (Monday 23 to Sunday 29 November 2026, daylight time)', () => {
    const week = every(new Date('2026-11-23T00:00:00+10:30'), 7 * 48);
    compare(week, frozenHours, adelaideOffset);
    // The week holds every state.
    expect(new Set(week.map((at) => frozenStatus(at).state))).toEqual(new Set(['open', 'afterHours', 'closed']));
  });

  it.each(frozenHours.publicHolidays!.map((h) => [h.date, h.name]))('on %s (%s) and the day after, every 30 minutes', (date) => {
    const from = new Date(Date.parse(`${date}T00:00:00Z`) - adelaideOffset(Date.parse(`${date}T00:00:00Z`)) * MINUTE);
    compare(every(from, 2 * 48), frozenHours, adelaideOffset);
  });

  it.each([
    ['Easter 2026, when the clocks go back an hour on Easter Sunday', '2026-03-30T00:00:00+10:30'],
    ['Labour Day 2026, the day after the clocks go forward', '2026-09-28T00:00:00+09:30'],
    ['Easter Monday 2027 (29 March), the clocks going back that Sunday, 4 April', '2027-03-29T00:00:00+10:30'],
  ])('through the week of %s, every 30 minutes, and every minute around the change', (_what, monday) => {
    const from = new Date(monday);
    compare(every(from, 8 * 48), frozenHours, adelaideOffset);
    // Sunday, from 1:00 to 4:00 by the clock of the day before, minute by minute.
    compare(every(new Date(from.getTime() + (6 * DAY + 60) * MINUTE), 180, 1), frozenHours, adelaideOffset);
  });

  it('skips the public holidays: Easter 2026, in the hours after the clocks go back', () => {
    // Easter Sunday 5 April, 9:00 (9:30 ahead of UTC by then): Monday is Easter Monday, so Tuesday; the after-hours
    // service first, at 10:00.
    expect(frozenStatus(new Date('2026-04-05T09:00:00+09:30'))).toEqual({ state: 'closed', opens: { date: '2026-04-07', time: '08:30', inDays: 2 }, afterHoursFrom: '10:00' });
    // At 10:00 the Sunday and public-holiday after-hours service starts.
    expect(frozenStatus(new Date('2026-04-05T10:00:00+09:30'))).toEqual({ state: 'afterHours', until: '22:00' });
    // Thursday before Good Friday, 23:00: Friday to Monday are closed.
    expect(frozenStatus(new Date('2026-04-02T23:00:00+10:30'))).toEqual({ state: 'closed', opens: { date: '2026-04-07', time: '08:30', inDays: 5 } });
    // Tuesday 7:00, the day after Easter Monday.
    expect(frozenStatus(new Date('2026-04-07T07:00:00+09:30'))).toEqual({ state: 'closed', opens: { date: '2026-04-07', time: '08:30', inDays: 0 } });
  });
});

describe('the engine pins no practice: other hours, another zone', () => {
  // A practice in Perth (8 hours ahead of UTC, no daylight saving) with split days, a late Friday running past
  // midnight, an overnight after-hours service and a Monday holiday.
  const other: Hours = {
    heading: 'Hours',
    amPm: ['am', 'pm'],
    regular: [
      { label: 'Monday and Wednesday', days: ['Monday', 'Wednesday'], opens: '08:00', closes: '12:00' },
      { label: 'Monday and Wednesday', days: ['Monday', 'Wednesday'], opens: '13:00', closes: '18:00' },
      { label: 'Friday', days: ['Friday'], opens: '09:00', closes: '24:00' },
      { label: 'Saturday', days: ['Saturday'], opens: '00:00', closes: '03:00' },
      { label: 'Thursday', days: ['Thursday'], closed: true },
    ],
    afterHours: [
      { label: 'Tuesday', days: ['Tuesday'], opens: '18:00', closes: '24:00' },
      { label: 'Wednesday', days: ['Wednesday'], opens: '00:00', closes: '06:00' },
      { label: 'Sunday and public holidays', days: ['Sunday', 'PublicHolidays'], opens: '09:00', closes: '12:00' },
    ],
    afterHoursHeading: 'After hours',
    timeZone: 'Australia/Perth',
    publicHolidays: [{ date: '2026-12-07', name: 'A Monday holiday' }],
    today: { open: 'Open until {time}', afterHours: 'Call {phone}', closed: 'Opens {day} {time}', today: 'today', tomorrow: 'tomorrow' },
  };
  const perth = () => 480;

  it('agrees with the second answer every 30 minutes of two weeks', () => {
    compare(every(new Date('2026-11-30T00:00:00+08:00'), 14 * 48), other, perth);
  });

  it('runs a line past midnight on, and names the next opening a week away by its date', () => {
    const status = engine(other);
    expect(status(new Date('2026-12-04T23:00:00+08:00'))).toEqual({ state: 'open', until: '03:00' });
    expect(status(new Date('2026-12-01T20:00:00+08:00'))).toEqual({ state: 'afterHours', until: '06:00' });
    expect(status(new Date('2026-12-06T13:00:00+08:00'))).toEqual({ state: 'closed', opens: { date: '2026-12-09', time: '08:00', inDays: 3 } });
    const mondays: Hours = { ...other, regular: [{ label: 'Monday', days: ['Monday'], opens: '09:00', closes: '10:00' }], afterHours: [] };
    expect(engine(mondays)(new Date('2026-11-30T11:00:00+08:00'))).toEqual({ state: 'closed', opens: { date: '2026-12-14', time: '09:00', inDays: 14 } });
    expect(engine({ ...mondays, regular: [{ label: 'Never', days: ['Monday'], closed: true }] })(new Date('2026-11-30T11:00:00+08:00'))).toEqual({ state: 'closed' });
  });

  it('sends the browser nothing without the words or the time zone, and only the holidays still to come', () => {
    expect(openingClock({ ...other, today: undefined }, '2026-01-01', 'en-AU')).toBeUndefined();
    expect(openingClock({ ...other, timeZone: undefined }, '2026-01-01', 'en-AU')).toBeUndefined();
    expect(openingClock(other, '2026-12-07', 'en-AU')?.holidays).toEqual(['2026-12-07']);
    expect(openingClock(other, '2026-12-08', 'en-AU')?.holidays).toEqual([]);
    expect(dayBits(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])).toBe(0b111110);
    expect(dayBits(['Sunday', 'PublicHolidays'])).toBe(0b10000001);
  });

  it('names the days of the week in the site\'s language', () => {
    expect(openingClock(other, '2026-01-01', 'en-AU')?.weekdays).toEqual([...WEEKDAY_NAMES]);
    expect(openingClock(other, '2026-01-01', 'fr')?.weekdays[1]).toBe('lundi');
  });
});

describe('the words of the line, from the frozen copy', () => {
  const facts = {
    words: frozenHours.today!, amPm: frozenHours.amPm, clock: browserHours.clock!, language: frozen.site.language,
    afterHoursPhone: frozen.contact.afterHoursGp.phone, emergency: frozen.contact.emergency,
  };
  const words = (status: OpenStatus) => openNowLine(status, facts).map((part) => (typeof part === 'string' ? part : part.href ? `[${part.text} ${part.href}]` : `<${part.text}>`)).join('');

  it.each([
    ['open', { state: 'open', until: '17:30' }, 'Open now, closes <5:30 PM>'],
    ['after hours', { state: 'afterHours', until: '22:00' }, 'Closed now. After-hours GP: call [1800 022 222 tel:1800022222] until <10:00 PM>'],
    ['opens today', { state: 'closed', opens: { date: '2026-11-23', time: '08:30', inDays: 0 } }, 'Closed now, opens today at <8:30 AM>. Emergency: call [000 tel:000]'],
    ['opens tomorrow', { state: 'closed', opens: { date: '2026-11-24', time: '08:30', inDays: 1 } }, 'Closed now, opens tomorrow at <8:30 AM>. Emergency: call [000 tel:000]'],
    ['opens on a weekday', { state: 'closed', opens: { date: '2026-04-07', time: '08:30', inDays: 5 } }, 'Closed now, opens Tuesday at <8:30 AM>. Emergency: call [000 tel:000]'],
    ['opens a week or more away', { state: 'closed', opens: { date: '2027-01-04', time: '08:30', inDays: 7 } }, 'Closed now, opens Monday 4 January at <8:30 AM>. Emergency: call [000 tel:000]'],
    ['the after-hours service first, later today', { state: 'closed', opens: { date: '2026-11-30', time: '08:30', inDays: 2 }, afterHoursFrom: '13:00' }, 'Closed now. After-hours GP from <1:00 PM>, call [1800 022 222 tel:1800022222]'],
  ] as [string, OpenStatus, string][])('%s', (_what, status, line) => {
    expect(words(status)).toBe(line);
  });

  it('names the surgery\'s opening when the content has no words for the after-hours service starting later', () => {
    const { afterHoursLater: _later, ...older } = facts.words;
    expect(openNowLine({ state: 'closed', opens: { date: '2026-11-30', time: '08:30', inDays: 2 }, afterHoursFrom: '13:00' }, { ...facts, words: older }).join(''))
      .toContain('Closed now, opens Monday at ');
  });

  it('says nothing when the surgery never opens (the caller keeps the weekly hours), and leaves a stray placeholder as typed', () => {
    expect(openNowLine({ state: 'closed' }, facts)).toEqual([]);
    expect(openNowLine({ state: 'open', until: '17:30' }, { ...facts, words: { ...facts.words, open: 'Open {phone} {constructor} until {time}' } }))
      .toEqual(['Open ', '{phone}', ' ', '{constructor}', ' until ', { text: '5:30 PM' }]);
  });
});
