import type { TimeRange } from '../generated/site.ts';

/** The words after a time before noon and after it, from site.yaml (hours.amPm), e.g. ['AM', 'PM']. */
export type AmPm = readonly string[];

/** "08:30" -> "8:30 AM": a 12-hour clock, as Australian practices write their hours. */
export function formatTime(time: string, [am, pm]: AmPm): string {
  const [h, m] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 || h === 24 ? am : pm}`;
}

export function formatRange(range: Pick<TimeRange, 'closed' | 'opens' | 'closes'>, amPm: AmPm): string {
  if (range.closed || !range.opens || !range.closes) return '';
  return `${formatTime(range.opens, amPm)} – ${formatTime(range.closes, amPm)}`;
}
