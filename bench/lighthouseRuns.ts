/** Lighthouse's figures for one route, as `npm run bench` reports them. */
export interface RouteLighthouse {
  path: string;
  performance: number; accessibility: number; bestPractices: number; seo: number;
  /** null when Lighthouse could not measure the page (its runtime error is then in `error`). */
  lcpMs: number | null; cls: number | null; tbtMs: number | null; fcpMs: number | null;
  error?: string;
  /** How many runs the figures are the median of (absent: one). */
  runs?: number;
  /** What was painted last among the largest things (an element's opening tag, as Lighthouse gives it). */
  lcpElement?: string;
  /** Audits scored under 0.9 (Lighthouse's red and orange), for the reader to follow up. */
  failing: string[];
}

/** The middle value (the lower middle of an even count); null when no run measured it. */
function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((x, y) => x - y);
  return known.length ? known[Math.floor((known.length - 1) / 2)] : null;
}

/**
 * Several runs of one route as one row: each figure is the median of the runs (Lighthouse's own advice for a noisy
 * machine), an audit is failing when it failed in most runs, and the LCP element is the one most runs named.
 */
export function medianRun(runs: RouteLighthouse[]): RouteLighthouse {
  const most = <T>(values: T[]): T[] => {
    const counts = new Map<T, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    return [...counts].filter(([, n]) => n > runs.length / 2).map(([v]) => v);
  };
  const pick = (key: 'performance' | 'accessibility' | 'bestPractices' | 'seo') => median(runs.map((r) => r[key])) ?? 0;
  const errors = runs.flatMap((r) => (r.error ? [r.error] : []));
  const elements = most(runs.flatMap((r) => (r.lcpElement ? [r.lcpElement] : [])));
  return {
    path: runs[0].path,
    performance: pick('performance'), accessibility: pick('accessibility'), bestPractices: pick('bestPractices'), seo: pick('seo'),
    lcpMs: median(runs.map((r) => r.lcpMs)), cls: median(runs.map((r) => r.cls)), tbtMs: median(runs.map((r) => r.tbtMs)), fcpMs: median(runs.map((r) => r.fcpMs)),
    failing: most(runs.flatMap((r) => r.failing)),
    ...(elements[0] ? { lcpElement: elements[0] } : {}),
    ...(errors.length > runs.length / 2 ? { error: errors[0] } : {}),
    ...(runs.length > 1 ? { runs: runs.length } : {}),
  };
}
