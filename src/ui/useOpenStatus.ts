import { useEffect, useState } from 'react';
import { openStatus, type OpenStatus } from '../content/openNow.ts';
import { useLayout } from './context.ts';

/**
 * The surgery's state by the practice's clock, in the app (the dev server, the editor's preview): null until the
 * browser has worked it out, then again at the turn of every minute, when the words may change ("closes 5:30 PM"
 * until 17:30 sharp). A built page draws the same with no React (todayLine.ts).
 */
export function useOpenStatus(): OpenStatus | null {
  const { hours } = useLayout();
  const { clock } = hours;
  const [status, setStatus] = useState<OpenStatus | null>(null);
  useEffect(() => {
    if (!clock) return;
    let timer: ReturnType<typeof setTimeout>;
    // A phone that slept with the page open runs an overdue timer as soon as it wakes.
    const look = () => {
      const now = Date.now();
      setStatus(openStatus(hours.regular, hours.afterHours, clock, new Date(now)));
      timer = setTimeout(look, 60_000 - (now % 60_000));
    };
    look();
    return () => clearTimeout(timer);
  }, [clock]);
  return status;
}
