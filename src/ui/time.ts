import type { TimeRange } from '../generated/site.ts';

/** "08:30" -> "8:30 AM", as Australian practices write their hours. */
export function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 || h === 24 ? 'AM' : 'PM'}`;
}

export function formatRange(range: TimeRange): string {
  if (range.closed || !range.opens || !range.closes) return '';
  return `${formatTime(range.opens)} – ${formatTime(range.closes)}`;
}
