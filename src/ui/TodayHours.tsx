import { useEffect, useState } from 'react';
import { closingTime } from '../content/openNow.ts';
import { telHref } from '../content/phone.ts';
import { useLayout } from './context.ts';
import { formatTime } from './time.ts';

/**
 * "Open now, closes 5:30 PM" or "Closed: call the after-hours line ...", by the practice's clock. Worked out in the
 * browser once the page has started (the prerendered page, and a page without scripts, show the weekly hours only),
 * and again every minute while the page stays open. The empty line keeps its height while scripts run (global.scss).
 */
export function TodayHours() {
  const { hours, contact } = useLayout();
  const { clock, today } = hours;
  // null until the browser has looked at its clock; then the closing time, or undefined while closed.
  const [closes, setCloses] = useState<string | undefined | null>(null);
  useEffect(() => {
    if (!clock) return;
    const look = () => setCloses(closingTime(hours.regular, clock, new Date()));
    look();
    const timer = setInterval(look, 60_000);
    return () => clearInterval(timer);
  }, [clock]);
  if (!clock || !today) return null;
  let line = null;
  if (closes) line = today.open.replace('{time}', () => formatTime(closes, hours.amPm));
  else if (closes === undefined) {
    const at = today.closed.indexOf('{phone}');
    const { phone } = contact.afterHoursGp;
    line = <>{today.closed.slice(0, at)}<a href={telHref(phone)}>{phone}</a>{today.closed.slice(at + 7)}</>;
  }
  return <p className="today">{line}</p>;
}
