import { Fragment } from 'react';
import { useLayout } from './context.ts';
import { lineFacts, openNowLine } from './openNowLine.ts';
import { formatRange, formatTime } from './time.ts';
import { useOpenStatus } from './useOpenStatus.ts';

/**
 * Whether the surgery is open now and, when it is not, the after-hours line while it runs or when the surgery opens
 * next, by the practice's clock. Worked out in the browser once the page has started, and again at the turn of every
 * minute while it stays open: the prerendered page cannot know the time it is read at. Until then (and without
 * scripts) `summary` shows the weekly hours, which never go stale; without it the line is empty, its height kept
 * while scripts run (global.scss).
 */
export function TodayHours({ summary = false, className = 'today' }: { summary?: boolean; className?: string }) {
  const layout = useLayout();
  const { hours } = layout;
  const { clock, today } = hours;
  const status = useOpenStatus();
  if (!clock || !today) return null;
  const parts = status ? openNowLine(status, lineFacts(layout, today, clock)) : [];
  let line = null;
  if (parts.length) {
    line = parts.map((part, i) => <Fragment key={i}>{typeof part === 'string' ? part : part.href ? <a href={part.href}>{part.text}</a> : <span>{part.text}</span>}</Fragment>);
  } else if (summary && hours.exceptions?.length) {
    // The build's day has other hours: those, not the week's, until the app has worked out the line.
    line = <>{hours.heading}: {hours.exceptions.map((e, i) => (
      <span key={e.label} data-until={e.until}>{i ? '; ' : ''}{e.label}{formatRange(e, hours.amPm) && <> <span>{formatRange(e, hours.amPm)}</span></>}</span>
    ))}</>;
  } else if (summary) {
    const open = hours.regular.filter((range) => !range.closed && range.opens && range.closes);
    line = <>{hours.heading}: {open.map((range, i) => (
      <Fragment key={i}>{i ? '; ' : ''}{range.label} <span>{formatTime(range.opens!, hours.amPm)}</span> – <span>{formatTime(range.closes!, hours.amPm)}</span></Fragment>
    ))}</>;
  }
  // data-today: on a prerendered page the page's script of behaviours draws the line (todayLine.ts).
  return <p className={className} data-today="">{line}</p>;
}
