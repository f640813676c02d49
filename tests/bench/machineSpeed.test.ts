import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { factorOf, limit, MOST, slowdown, withLanes } from '../../bench/machineSpeed.ts';

const root = resolve(import.meta.dirname, '..', '..');

/** `limit(ms)` and the factor as a fresh process sees them, with TEST_SLOWDOWN set to `given` or not set at all. */
function inProcess(given: string | undefined, ms: number): { factor: number; limited: number; inherited: string } {
  const env = { ...process.env };
  delete env.TEST_SLOWDOWN;
  if (given !== undefined) env.TEST_SLOWDOWN = given;
  const script = `import { limit, slowdown } from ${JSON.stringify(join(root, 'bench/machineSpeed.ts'))};
    const factor = slowdown();
    const child = (await import('node:child_process')).execFileSync(process.execPath, ['-p', 'process.env.TEST_SLOWDOWN'], { encoding: 'utf8' }).trim();
    console.log(JSON.stringify({ factor, limited: limit(${ms}), inherited: child }));`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '') as { factor: number; limited: number; inherited: string };
}

describe('time limits on this machine', () => {
  it('are the larger of the work timed against the quiet machine and the load per core, from 1 to the most', () => {
    expect(factorOf(0.6, 0.2)).toBe(1);
    expect(factorOf(1.64, 0.5)).toBe(1.6);
    expect(factorOf(1.2, 2.04)).toBe(2);
    expect(factorOf(40, 12)).toBe(MOST);
  });

  it('grow by the lanes per core when npm test runs more lanes than the machine has cores, up to the most', () => {
    expect(withLanes(1, 3, 2)).toBe(1.5);
    expect(withLanes(1.2, 3, 2)).toBe(1.8);
    expect(withLanes(1.4, 2, 2)).toBe(1.4);
    expect(withLanes(1, 3, 4)).toBe(1);
    expect(withLanes(4, 3, 2)).toBe(MOST);
  });

  it('are the ones the suite measured when TEST_SLOWDOWN says so, in this process and any it starts', () => {
    const given = inProcess('2.5', 60_000);
    expect(given).toEqual({ factor: 2.5, limited: 150_000, inherited: '2.5' });
  });

  it('are measured once when nothing was handed down, and then handed down as measured', () => {
    const measured = inProcess(undefined, 10_000);
    expect(measured.factor).toBeGreaterThanOrEqual(1);
    expect(measured.factor).toBeLessThanOrEqual(MOST);
    expect(measured.limited).toBe(Math.round(10_000 * measured.factor));
    expect(Number(measured.inherited)).toBe(measured.factor);
    // A value that is not a factor (empty, or below 1) is not taken: the process measures instead.
    expect(inProcess('0.5', 1000).factor).toBeGreaterThanOrEqual(1);
  });

  it('scale a limit of this process by its own factor', () => {
    expect(limit(1000)).toBe(Math.round(1000 * slowdown()));
  });
});
