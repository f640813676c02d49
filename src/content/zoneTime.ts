/**
 * The practice's clock: the date and time in its time zone. A phone's first date format in a named time zone costs
 * it tens of milliseconds (the zone's rules are loaded then), one of the longest tasks of a page's start, so the
 * build writes down when the zone's offset from UTC changes for the years ahead and a page adds the offset itself.
 * Outside those years Intl works it out as before.
 */

/** The zone's offset from UTC, in minutes, from each moment on (UTC milliseconds), earliest first; valid to `until`. */
export interface ZoneOffsets { since: [at: number, minutes: number][]; until: number }

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
const tables = new Map<string, ZoneOffsets>();

/** "YYYY-MM-DD HH:MM:SS" by the zone's clock, as Intl gives it (Swedish writes a moment as ISO 8601 does). */
function intlMoment(now: Date, zone: string): string {
  let format = formats.get(zone);
  // One format per zone: making one is most of what a date costs (a fortieth of a millisecond against two).
  if (!format) formats.set(zone, format = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium' }));
  return format.format(now);
}

/**
 * The first whole minute after `before` and at or before `after` (both whole minutes) from which `holds` is true,
 * halving the span: `holds` is false at `before`, true at `after`, and changes once between.
 */
function firstMinute(before: number, after: number, holds: (moment: number) => boolean): number {
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE;
    if (holds(middle)) after = middle;
    else before = middle;
  }
  return after;
}

/** The zone's offset from UTC at a moment, in minutes. */
function offsetAt(at: number, zone: string): number {
  const whole = Math.floor(at / MINUTE) * MINUTE;
  return (Date.parse(`${intlMoment(new Date(whole), zone).replace(' ', 'T')}Z`) - whole) / MINUTE;
}

/**
 * The zone's offsets from `start` for `days` days: each change found day by day, then to the minute (zones change
 * on a whole minute, and never twice in a day). Kept for the next page or preview asking the same.
 */
export function zoneOffsets(zone: string, start: number, days: number): ZoneOffsets {
  const from = Math.floor(start / MINUTE) * MINUTE;
  const key = `${zone} ${from} ${days}`;
  const known = tables.get(key);
  if (known) return known;
  const since: ZoneOffsets['since'] = [[from, offsetAt(from, zone)]];
  for (let day = 1; day <= days; day++) {
    const at = from + day * DAY;
    const minutes = offsetAt(at, zone);
    if (minutes === since[since.length - 1][1]) continue;
    since.push([firstMinute(at - DAY, at, (moment) => offsetAt(moment, zone) === minutes), minutes]);
  }
  const table = { since, until: from + days * DAY };
  tables.set(key, table);
  return table;
}

/** "YYYY-MM-DD HH:MM:SS" by the practice's clock at `now`: from the build's offsets while they last, else by Intl. */
export function practiceMoment(now: Date, zone: string, offsets?: ZoneOffsets): string {
  const at = now.getTime();
  if (offsets && offsets.since[0][0] <= at && at < offsets.until) {
    let minutes = offsets.since[0][1];
    for (const [since, offset] of offsets.since) if (since <= at) minutes = offset;
    return new Date(at + minutes * MINUTE).toISOString().slice(0, 19).replace('T', ' ');
  }
  return intlMoment(now, zone);
}

/**
 * The moment the practice's day `day` ends ("YYYY-MM-DD"): the first minute of a later date by the zone's clock. A
 * page says it beside an entry's last day, so a phone hides the entry by its own clock without asking Intl.
 */
export function dayEndsAt(day: string, zone: string): number {
  // Zones run from 12 hours behind UTC to 14 ahead: the day ends within those hours of UTC's midnight.
  const midnight = Date.parse(day) + DAY;
  return firstMinute(midnight - 15 * HOUR, midnight + 13 * HOUR, (moment) => intlMoment(new Date(moment), zone).slice(0, 10) > day);
}
