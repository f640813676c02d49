/**
 * The daily rebuild (daily.yml): a change by date switches itself on the practice's day. Its schedule is read
 * against the time zone the frozen copy states (the live site.yaml's is asserted in tests/live/file.test.ts), on
 * every day of two years, daylight saving's changes included. actionlint checks the file (workflows.test.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { dailyCrons, daysWithoutEarlyRun } from './schedule.ts';

const text = readFileSync(join(import.meta.dirname, '..', '..', '.github', 'workflows', 'daily.yml'), 'utf8');
const zone = (parse(readFileSync(SALTBUSH_SITE_FILE, 'utf8')) as { hours: { timeZone: string } }).hours.timeZone;

describe('the daily rebuild', () => {
  it('runs in the first hour after midnight by the content\'s time zone on every day, standard time or daylight saving', () => {
    const crons = dailyCrons(text);
    expect(daysWithoutEarlyRun(crons, zone, 2026)).toEqual([]);
    expect(daysWithoutEarlyRun(crons, zone, 2027)).toEqual([]);
  });

  it('runs a few minutes past the hour, clear of the rush GitHub\'s schedules have on the hour', () => {
    for (const { minute } of dailyCrons(text)) expect(minute).toBeGreaterThanOrEqual(3);
  });

  it('would be seen not to match another time zone (Perth keeps no daylight saving and is 1:30 behind)', () => {
    expect(daysWithoutEarlyRun(dailyCrons(text), 'Australia/Perth', 2026)).toHaveLength(365);
  });

  it('builds and publishes the site, and can be run by hand', () => {
    const workflow = parse(text) as { on: Record<string, unknown>; jobs: Record<string, { steps?: { run?: string }[] }> };
    expect(Object.keys(workflow.on)).toEqual(expect.arrayContaining(['schedule', 'workflow_dispatch']));
    const runs = Object.values(workflow.jobs).flatMap((job) => job.steps ?? []).map((step) => step.run ?? '');
    expect(runs.some((run) => run.includes('npm run build'))).toBe(true);
    expect(runs.some((run) => run.includes('netlify-cli'))).toBe(true);
  });
});
