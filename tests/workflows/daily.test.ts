/**
 * The daily rebuild (daily.yml): a change by date switches itself on the practice's day. Its schedule is read
 * against the time zone the frozen copy states (the live site.yaml's is asserted in tests/live/file.test.ts), on
 * every day of two years, daylight saving's changes included. actionlint checks the file (workflows.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

  it('publishes nothing after a failed build, and says so in words with what the build said, in the run\'s summary and its e-mail', () => {
    interface Step { name?: string; if?: string; run?: string; shell?: string }
    const workflow = parse(text) as { jobs: Record<string, { steps: Step[] }> };
    const steps = Object.values(workflow.jobs)[0].steps;
    const build = steps.findIndex((step) => step.run?.includes('npm run build'));
    const publish = steps.findIndex((step) => step.run?.includes('netlify-cli'));
    // A failed pipe fails the step (bash runs it with pipefail), and the publishing step runs only after success.
    expect(steps[build]).toMatchObject({ shell: 'bash', run: 'npm run build 2>&1 | tee build.log' });
    expect(publish).toBeGreaterThan(build);
    expect(steps[publish].if).toBeUndefined();
    const tell = steps.find((step) => step.if === 'failure()');
    expect(tell?.shell).toBe('bash');

    const dir = mkdtempSync(join(tmpdir(), 'daily-failed-'));
    try {
      const summary = join(dir, 'summary.md');
      const failedCheck = 'site.yaml:275:14  News item "flu-vaccines-2025" > title [entities.news.0.title]  "title" is empty.';
      writeFileSync(join(dir, 'build.log'), `> build\n${failedCheck}\n`);
      const said = execFileSync('bash', ['-eo', 'pipefail', '-c', tell?.run ?? ''], { cwd: dir, env: { ...process.env, GITHUB_STEP_SUMMARY: summary }, encoding: 'utf8' });
      const written = readFileSync(summary, 'utf8');
      expect(written.split('\n')[0]).toBe('## The site was not rebuilt today');
      expect(written).toContain('Nothing was published: the site stays as it was after the last good build.');
      expect(written).toContain(failedCheck);
      expect(said).toContain('::error title=The site was not rebuilt today::Nothing was published and the site stays as it was.');

      // A build that stopped before it wrote anything is said in words too.
      rmSync(join(dir, 'build.log'));
      rmSync(summary);
      execFileSync('bash', ['-eo', 'pipefail', '-c', tell?.run ?? ''], { cwd: dir, env: { ...process.env, GITHUB_STEP_SUMMARY: summary } });
      expect(readFileSync(summary, 'utf8')).toContain('The build wrote nothing: it stopped before it started');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
