/**
 * npm run test:dates: the tests of what changes by date, and the build, with this machine's clock moved (Debian's
 * faketime) to three moments that have broken sites like this one: just after midnight on New Year's Day in the
 * practice's zone, 29 February of a leap year, and the repeated hour when daylight saving ends. The tests set their
 * own days where they can; this proves that none of them, nor the build, leans on the real date.
 *
 *   npm run test:dates                   every moment
 *   npm run test:dates -- 2028-02-28T23:30:00Z   one moment (UTC)
 *   npm run test:dates -- --whole-lane [moment]  the whole unit lane, not only the tests of dates (slow: run it before
 *                                                a release, not on every change)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/** In UTC; the practice is in Adelaide. */
const MOMENTS: Record<string, string> = {
  '2027-01-01 00:05 in Adelaide': '2026-12-31T13:35:00Z',
  '2028-02-29 10:00 in Adelaide': '2028-02-28T23:30:00Z',
  '2027-04-04 02:45 in Adelaide, the hour daylight saving ends': '2027-04-03T16:15:00Z',
};
/** The unit tests of dates, hours, dated content, the pages and the blocks that show them, and the workflows' days. */
const FOLDERS = ['tests/content', 'tests/site', 'tests/blocks', 'tests/ui', 'tests/workflows'];

if (spawnSync('faketime', ['--version'], { stdio: 'ignore' }).error) {
  console.error('test:dates needs faketime, which moves the clock the tests see: install it with sudo apt-get install faketime.');
  process.exit(1);
}

const args = process.argv.slice(2);
const wholeLane = args.includes('--whole-lane');
const given = args.filter((arg) => arg !== '--whole-lane');
const moments = given.length ? Object.fromEntries(given.map((at) => [at, at])) : MOMENTS;
const failed: string[] = [];
for (const [name, at] of Object.entries(moments)) {
  const clock = `@${at.replace('T', ' ').replace(/Z$/, '')}`;
  const env = { ...process.env, TZ: 'UTC' };
  const out = mkdtempSync(join(tmpdir(), 'site-dates-'));
  for (const [what, command] of [
    ['the build', [process.execPath, join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/build.ts', '--outDir', out]],
    wholeLane
      ? ['the whole unit lane', [process.execPath, join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit']]
      : ['the unit tests of dates', [process.execPath, join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'unit', ...FOLDERS]],
  ] as const) {
    const started = performance.now();
    const run = spawnSync('faketime', ['-f', clock, ...command], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    if (run.status === 0) {
      console.log(`✓ ${name}: ${what} passed in ${seconds} s`);
    } else {
      failed.push(`${name}: ${what}`);
      console.log(`✗ ${name}: ${what} failed after ${seconds} s\n${run.stdout}\n${run.stderr}`);
    }
  }
  rmSync(out, { recursive: true, force: true });
}
if (failed.length) {
  console.error(`Failed with the clock moved: ${failed.join('; ')}.`);
  process.exit(1);
}
