/**
 * The practice's clock from the build's table of offsets, against Intl's own answer: every hour for five years and
 * every minute around each change, in zones with daylight saving on either side of the year, a half-hour change
 * (Lord Howe), none at all, and a zone that dropped it.
 */
import { describe, expect, it } from 'vitest';
import { dayEndsAt, practiceMoment, zoneOffsets } from '../../src/content/zoneTime.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const FROM = Date.parse('2026-11-27T00:00:00Z');

/** Intl's answer in a zone, read from its parts (a way of its own, beside the engine's Swedish format). */
function intlIn(zone: string): (at: number) => string {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return (at) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  };
}

describe('practiceMoment', () => {
  for (const zone of ['Australia/Adelaide', 'Australia/Lord_Howe', 'Europe/London', 'America/New_York', 'Asia/Kolkata', 'America/Sao_Paulo']) {
    it(`matches Intl in ${zone}, hour by hour for five years and minute by minute at each change`, () => {
      const intl = intlIn(zone);
      const offsets = zoneOffsets(zone, FROM, 5 * 366);
      expect(offsets.since[0][0]).toBe(FROM);
      for (let at = FROM; at < offsets.until; at += HOUR + 17_000) expect(practiceMoment(new Date(at), zone, offsets)).toBe(intl(at));
      for (const [change] of offsets.since.slice(1)) {
        for (let at = change - 5 * MINUTE; at < change + 5 * MINUTE; at += 29_000) expect(practiceMoment(new Date(at), zone, offsets)).toBe(intl(at));
      }
    });
  }

  it("finds Adelaide's changes to the minute, two a year", () => {
    const offsets = zoneOffsets('Australia/Adelaide', FROM, 5 * 366);
    expect(offsets.since.slice(0, 4)).toEqual([
      [FROM, 630],
      // 3:00 daylight time on the first Sunday of April, and 2:00 standard time on the first Sunday of October.
      [Date.parse('2027-04-03T16:30:00Z'), 570],
      [Date.parse('2027-10-02T16:30:00Z'), 630],
      [Date.parse('2028-04-01T16:30:00Z'), 570],
    ]);
    expect(offsets.since).toHaveLength(11);
  });

  it('a zone without changes is one offset', () => {
    expect(zoneOffsets('Asia/Kolkata', FROM, 5 * 366).since).toEqual([[FROM, 330]]);
  });

  it('asks Intl outside the table, before it and after it', () => {
    const offsets = { since: [[FROM, 0]] as [number, number][], until: FROM + HOUR };
    // A table that is wrong on purpose shows which answer was used.
    expect(practiceMoment(new Date(FROM + 1), 'Australia/Adelaide', offsets)).toBe('2026-11-27 00:00:00');
    const intl = intlIn('Australia/Adelaide');
    expect(practiceMoment(new Date(FROM - 1), 'Australia/Adelaide', offsets)).toBe(intl(FROM - 1));
    expect(practiceMoment(new Date(FROM + HOUR), 'Australia/Adelaide', offsets)).toBe(intl(FROM + HOUR));
    expect(practiceMoment(new Date(FROM), 'Australia/Adelaide')).toBe('2026-11-27 10:30:00');
  });
});

describe('dayEndsAt', () => {
  it("is the practice's midnight after the day, on days with and without a change of the clock", () => {
    expect(dayEndsAt('2027-01-01', 'Australia/Adelaide')).toBe(Date.parse('2027-01-01T13:30:00Z'));
    // The clock goes back an hour at 3:00 on 4 April 2027: that day ends at midnight standard time.
    expect(dayEndsAt('2027-04-04', 'Australia/Adelaide')).toBe(Date.parse('2027-04-04T14:30:00Z'));
  });

  for (const zone of ['Australia/Adelaide', 'Australia/Lord_Howe', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Etc/GMT+12', 'America/Havana']) {
    it(`ends each day of a year in ${zone} at its first moment of the next`, () => {
      const intl = intlIn(zone);
      for (let day = Date.parse('2027-01-01'); day < Date.parse('2028-01-01'); day += 86_400_000) {
        const date = new Date(day).toISOString().slice(0, 10);
        const end = dayEndsAt(date, zone);
        expect(intl(end - 1).slice(0, 10)).toBe(date);
        expect(intl(end).slice(0, 10) > date).toBe(true);
      }
    });
  }
});

