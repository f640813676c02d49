import { describe, expect, it } from 'vitest';
import type { Hours } from '../../src/generated/site.ts';
import { closingTime, dayBits, openingClock, type ClockRange } from '../../src/content/openNow.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
const hours: Hours = {
  heading: 'Opening Hours',
  amPm: ['AM', 'PM'],
  regular: [
    { label: 'Monday to Friday', days: [...WEEKDAYS], opens: '08:30', closes: '17:30' },
    { label: 'Saturday', days: ['Saturday'], closed: true },
  ],
  afterHoursHeading: 'After Hours',
  afterHours: [],
  timeZone: 'Australia/Adelaide',
  today: { open: 'Open now, closes {time}', closed: 'Closed: call {phone}' },
  publicHolidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
};
const clock = openingClock(hours, '2026-01-01')!;
const lines = (h: Hours): ClockRange[] => h.regular.map(({ days, ...range }) => ({ ...range, on: dayBits(days) }));
const regular = lines(hours);
// Adelaide is 10:30 ahead of UTC in summer (daylight saving, October to April), 9:30 in winter.
const summer = (local: string) => new Date(`${local}+10:30`);

describe("today's hours, by the practice's clock", () => {
  it.each([
    ['a weekday, a minute before opening', '2026-11-25T08:29:59', undefined],
    ['a weekday, the minute it opens', '2026-11-25T08:30:00', '17:30'],
    ['a weekday, its last minute open', '2026-11-25T17:29:59', '17:30'],
    ['a weekday, the minute it closes', '2026-11-25T17:30:00', undefined],
    ['a Saturday (closed all day)', '2026-11-28T10:00:00', undefined],
    ['a Sunday (no hours)', '2026-11-29T10:00:00', undefined],
    ['a listed public holiday on a Friday', '2026-12-25T10:00:00', undefined],
    ['the Friday before it', '2026-12-18T10:00:00', '17:30'],
  ])('%s: %s', (_what, local, expected) => {
    expect(closingTime(regular, clock, summer(local))).toBe(expected);
  });

  it('reads the time in the practice\'s zone, not the visitor\'s', () => {
    // 8:45 in Sydney (11 hours ahead of UTC in summer) is 8:15 in Adelaide.
    expect(closingTime(regular, clock, new Date('2026-11-25T08:45:00+11:00'))).toBeUndefined();
    expect(closingTime(regular, clock, new Date('2026-11-25T09:00:00+11:00'))).toBe('17:30');
    // Winter: Adelaide is 9:30 ahead.
    expect(closingTime(regular, clock, new Date('2026-06-10T08:30:00+09:30'))).toBe('17:30');
    expect(closingTime(regular, clock, new Date('2026-06-10T08:29:00+09:30'))).toBeUndefined();
    // The day turns at the practice's midnight: Friday 0:30 in Adelaide is still Thursday in UTC.
    const late = lines({ ...hours, regular: [{ label: 'Friday', days: ['Friday'], opens: '00:00', closes: '01:00' }] });
    expect(closingTime(late, clock, summer('2026-11-27T00:30:00'))).toBe('01:00');
  });

  it('keeps the hours that list public holidays on a holiday, whatever its weekday', () => {
    const withHolidays = lines({
      ...hours,
      regular: [...hours.regular, { label: 'Public holidays', days: ['PublicHolidays'], opens: '10:00', closes: '14:00' }],
    });
    expect(closingTime(withHolidays, clock, summer('2026-12-25T09:00:00'))).toBeUndefined();
    expect(closingTime(withHolidays, clock, summer('2026-12-25T10:00:00'))).toBe('14:00');
    expect(closingTime(withHolidays, clock, summer('2026-12-24T09:00:00'))).toBe('17:30');
  });

  it('sends the browser nothing without the words or the time zone, and only the holidays still to come', () => {
    expect(openingClock({ ...hours, today: undefined }, '2026-01-01')).toBeUndefined();
    expect(openingClock({ ...hours, timeZone: undefined }, '2026-01-01')).toBeUndefined();
    expect(clock).toEqual({ zone: 'Australia/Adelaide', holidays: ['2026-12-25'] });
    expect(openingClock(hours, '2026-12-25')?.holidays).toEqual(['2026-12-25']);
    expect(openingClock(hours, '2026-12-26')?.holidays).toEqual([]);
    expect(dayBits([...WEEKDAYS])).toBe(0b111110);
    expect(dayBits(['Sunday', 'PublicHolidays'])).toBe(0b10000001);
  });
});
