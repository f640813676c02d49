import { describe, expect, it } from 'vitest';
import { readDate, shownDate } from '../../src/editor/TypedWidgets.tsx';

/** A date typed as an Australian writes it is kept as the file writes it; a date that does not exist is never guessed. */
describe('dates typed in the form', () => {
  it('reads day-first dates, with numbers or the month in words, and the file\'s own form', () => {
    for (const typed of ['28/11/2026', '28.11.2026', '28-11-2026', '28/11/26', ' 28 / 11 / 2026 ', '28 November 2026', '28 Nov 2026', 'Sat 28 Nov 2026', 'Saturday, 28th November, 2026', '2026-11-28']) {
      expect(readDate(typed), typed).toBe('2026-11-28');
    }
    expect(readDate('3/3/2027')).toBe('2027-03-03');
    expect(readDate('1 Sept 2026')).toBe('2026-09-01');
  });

  it('reads nothing it would have to guess: a day that does not exist, no year, a month first, a word that is no month', () => {
    for (const typed of ['31/02/2026', '29/02/2027', '28/11', '11/28/2026', '28 Novembre 2026', '28 Nov', '2026-13-01', '', 'tomorrow', '28/11/2']) {
      expect(readDate(typed), typed).toBeUndefined();
    }
    // Even near today, a date with no year is read only when it is within three months: else the year is asked.
    for (const typed of ['10 June', '10/6', '11/28', '31/02']) expect(readDate(typed, '2026-12-06'), typed).toBeUndefined();
    expect(readDate('29/02/2028')).toBe('2028-02-29');
  });

  it('reads a date without its year when the year is obvious: the one within three months of today', () => {
    // On 6 December: 1 December is five days ago, 25 December to come, 5 January next year's.
    for (const [typed, day] of [['1 December', '2026-12-01'], ['1 Dec', '2026-12-01'], ['Friday 25 December', '2026-12-25'], ['25/12', '2026-12-25'], ['5 January', '2027-01-05'], ['5/1', '2027-01-05'], ['1 October', '2026-10-01']]) {
      expect(readDate(typed, '2026-12-06'), typed).toBe(day);
    }
    // On 20 February, 1 December is last year's; 29 February is read only in a leap year.
    expect(readDate('1 December', '2027-02-20')).toBe('2026-12-01');
    expect(readDate('29/2', '2028-02-20')).toBe('2028-02-29');
    expect(readDate('29/2', '2027-02-20')).toBeUndefined();
    // A year typed is the year meant, however far.
    expect(readDate('10 June 2030', '2026-12-06')).toBe('2030-06-10');
  });

  it('shows a date of the file day first, anything else as it is', () => {
    expect(shownDate('2026-11-28')).toBe('28/11/2026');
    expect(shownDate('2026-02-31')).toBe('2026-02-31');
    expect(shownDate('31/02/2026')).toBe('31/02/2026');
    expect(shownDate('')).toBe('');
  });
});
