import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { hasEnded, practiceDay } from '../content/dated.ts';

const HIDDEN: CSSProperties = { display: 'none' };

/**
 * The style that hides an entry once its last day (`until`) has passed by the practice's clock, worked out after the
 * page has started: the prerendered page cannot know the day it is read on, and the start script
 * (build/boot.ts) has hidden it already on a page built before. Nothing for an entry with no last day.
 */
export function useEnded(until: string | undefined, zone: string | undefined): CSSProperties | undefined {
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    // Without the practice's zone (a site with no open-now line), the visitor's own: most are the practice's patients.
    if (until) setEnded(hasEnded({ until }, practiceDay(new Date(), zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone)));
  }, [until, zone]);
  return ended ? HIDDEN : undefined;
}

/** An entry of a list with a last day, in an element that leaves the layout as it was (display: contents). */
export function Until({ until, zone, children }: { until?: string; zone?: string; children: ReactNode }) {
  const style = useEnded(until, zone);
  if (!until) return <>{children}</>;
  return <div className="until" data-until={until} style={style}>{children}</div>;
}
