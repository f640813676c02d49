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
    expect(readDate('29/02/2028')).toBe('2028-02-29');
  });

  it('shows a date of the file day first, anything else as it is', () => {
    expect(shownDate('2026-11-28')).toBe('28/11/2026');
    expect(shownDate('2026-02-31')).toBe('2026-02-31');
    expect(shownDate('31/02/2026')).toBe('31/02/2026');
    expect(shownDate('')).toBe('');
  });
});
