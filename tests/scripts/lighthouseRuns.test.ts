import { describe, expect, it } from 'vitest';
import { medianRun, type RouteLighthouse } from '../../bench/lighthouseRuns.ts';

const run = (performance: number, tbtMs: number | null, lcpMs: number, failing: string[], lcpElement?: string): RouteLighthouse => ({
  path: '/fees', performance, accessibility: 100, bestPractices: 100, seo: 100, lcpMs, cls: 0, tbtMs, fcpMs: 600, failing, ...(lcpElement ? { lcpElement } : {}),
});

describe('several Lighthouse runs of a route as one row', () => {
  it('takes each figure as the median, so one disturbed run does not decide it', () => {
    const row = medianRun([run(100, 20, 700, [], '<h1>'), run(93, 310, 1900, ['total-blocking-time'], '<p>'), run(99, 60, 800, ['total-blocking-time'], '<h1>')]);
    expect(row).toMatchObject({ path: '/fees', performance: 99, tbtMs: 60, lcpMs: 800, runs: 3, lcpElement: '<h1>' });
    expect(row.failing).toEqual(['total-blocking-time']);
  });

  it('names an audit failing only when most runs failed it, and skips figures a run could not measure', () => {
    const row = medianRun([run(100, null, 700, ['unused-javascript']), run(98, 90, 900, []), run(97, 120, 1000, [])]);
    expect(row.failing).toEqual([]);
    expect(row.tbtMs).toBe(90);
    expect(row.lcpElement).toBeUndefined();
  });

  it('is the run itself when there was one', () => {
    const one = run(97, 140, 1100, ['total-blocking-time'], '<img>');
    expect(medianRun([one])).toEqual(one);
  });
});
