/**
 * Changes by date on the frozen copy: list entries with `from` and `until` left out by the build of a day they are
 * not current on, and the opening hours' exceptions (a Christmas closure, a short Christmas Eve) in the weekly table's
 * lines, the open-now advice and the structured data. The clock is fixed: the day is the practice's, in Adelaide.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLayout } from '../../src/content/model.ts';
import { practiceDay } from '../../src/content/dated.ts';
import { loadSite } from '../../src/content/load.ts';
import { openStatus } from '../../src/content/openNow.ts';
import { clinicData } from '../../build/pageHead.ts';
import { withChristmas } from '../fixtures/christmas.ts';
import { compiledSaltbush, SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';

const frozen = readFileSync(SALTBUSH_SITE_FILE, 'utf8');

/** The frozen copy with the Christmas closure, a short Christmas Eve, and the notice of the closure (18 to 24 December). */
const christmas = withChristmas(frozen, [
  '{ label: Closed 25 December to 1 January, from: "2026-12-25", until: "2027-01-01", closed: true }',
  '{ label: 24 December, from: "2026-12-24", opens: "09:00", closes: "12:00" }',
]);

/** The site as the build of `date` makes it (0:05 by Adelaide's summer clock, 13:35 UTC the day before). */
function builtOn(date: string, text = christmas) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${date}T00:05:00+10:30`) });
  return compiledSaltbush(text);
}
afterEach(() => { vi.useRealTimers(); });

const adelaide = (date: string, time: string) => new Date(`${date}T${time}:00+10:30`);

describe('the practice\'s day', () => {
  it('is the date by its clock, not by UTC', () => {
    expect(practiceDay(new Date('2026-12-24T13:35:00Z'), 'Australia/Adelaide')).toBe('2026-12-25');
    expect(practiceDay(new Date('2026-12-24T13:35:00Z'))).toBe('2026-12-24');
  });
});

describe('a list entry with from and until', () => {
  const notice = (date: string) => JSON.stringify(builtOn(date).pages.find((p) => p.id === 'home')!.blocks).includes('We close for Christmas');
  it('is left out before its first day, kept to its last, and gone the day after', () => {
    expect([notice('2026-12-17'), notice('2026-12-18'), notice('2026-12-24'), notice('2026-12-25')]).toEqual([false, true, true, false]);
  });
  it('takes the build\'s moment from SITE_NOW when it is set (a test\'s build of a given day)', () => {
    vi.stubEnv('SITE_NOW', '2026-12-25T00:05:00+10:30');
    try {
      expect(compiledSaltbush(christmas).layout.builtOn).toBe('2026-12-25');
    } finally {
      vi.unstubAllEnvs();
    }
  });
  it('takes the build day by the practice\'s clock: at 0:05 on 25 December in Adelaide it is gone', () => {
    expect(builtOn('2026-12-25').layout.builtOn).toBe('2026-12-25');
  });
});

describe('opening-hours exceptions', () => {
  const shown = (date: string) => browserLayout(builtOn(date).layout).hours.exceptions?.map((e) => e.label) ?? [];
  it('are in the weekly table on their days only', () => {
    expect(shown('2026-12-20')).toEqual([]);
    expect(shown('2026-12-24')).toEqual(['24 December']);
    expect(shown('2026-12-25')).toEqual(['Closed 25 December to 1 January']);
    expect(shown('2027-01-01')).toEqual(['Closed 25 December to 1 January']);
    expect(shown('2027-01-02')).toEqual([]);
  });

  it('change the open-now advice on their days, from a page built before them', () => {
    const { hours } = browserLayout(builtOn('2026-12-20').layout);
    const at = (date: string, time: string) => openStatus(hours.regular, hours.afterHours, hours.clock!, adelaide(date, time));
    expect(at('2026-12-23', '10:00')).toEqual({ state: 'open', until: '17:30' });
    expect(at('2026-12-24', '10:00')).toEqual({ state: 'open', until: '12:00' });
    expect(at('2026-12-24', '12:30')).toEqual({ state: 'closed', opens: { date: '2027-01-04', time: '08:30', inDays: 11 }, afterHoursFrom: '18:00' });
    expect(at('2026-12-25', '11:00')).toEqual({ state: 'afterHours', until: '22:00' });
    expect(at('2026-12-29', '10:00')).toEqual({ state: 'closed', opens: { date: '2027-01-04', time: '08:30', inDays: 6 }, afterHoursFrom: '18:00' });
    expect(at('2027-01-01', '11:00')).toEqual({ state: 'afterHours', until: '22:00' });
    expect(at('2027-01-04', '10:00')).toEqual({ state: 'open', until: '17:30' });
  });

  it('are given to search engines as special opening hours until they are over', () => {
    const special = (date: string) => clinicData(builtOn(date).layout).specialOpeningHoursSpecification;
    expect(special('2026-12-20')).toEqual([
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-25', validThrough: '2027-01-01', opens: '00:00', closes: '00:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-24', validThrough: '2026-12-24', opens: '09:00', closes: '12:00' },
    ]);
    expect(special('2027-01-02')).toBeUndefined();
  });
});

describe('the warning about an exception on no open day', () => {
  const warned = (exception: string) => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-01T09:00:00+10:30') });
    const result = loadSite(SALTBUSH_SITE_FILE, withChristmas(frozen, [exception]));
    return result.warnings.filter((w) => w.name === 'ExceptionOnNoOpenDay').map((w) => w.path);
  };
  it('questions a closure on a weekend, when the surgery is closed anyway', () => {
    expect(warned('{ label: Closed 5 and 6 December, from: "2026-12-05", until: "2026-12-06", closed: true }')).toEqual(['hours.exceptions.0']);
  });
  it('leaves alone a closure on a public holiday, a weekday or not: its words tell patients what the day is', () => {
    expect(warned('{ label: Closed Christmas Day, from: "2026-12-25", closed: true }')).toEqual([]);
    expect(warned('{ label: Closed Boxing Day, from: "2026-12-26", closed: true }')).toEqual([]);
    expect(warned('{ label: Closed Sunday 27 December, from: "2026-12-27", closed: true }')).toEqual(['hours.exceptions.0']);
  });
  it('leaves alone an opening on a weekend (a Sunday flu clinic is the point of it)', () => {
    expect(warned('{ label: Flu clinic, from: "2026-12-06", opens: "09:00", closes: "12:00" }')).toEqual([]);
  });
});
