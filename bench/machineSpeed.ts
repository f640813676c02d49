/**
 * How many times slower this machine runs now than the quiet two-core machine the test suite's time limits were set
 * on. A limit is there to catch a hang, not to time anything: on a machine busy with other work every step takes
 * longer, and a limit set by hand for a quiet one fails tests that would pass. So each limit is the quiet machine's,
 * times this factor, measured once per run of the suite and handed to every process it starts (TEST_SLOWDOWN).
 *
 * The measure is a fixed piece of single-threaded work (what most of a test's own time is: parsing, hashing, building
 * objects), run a few times for the median, beside the one-minute load per core (which sees the other processes
 * waiting for a core before this one has to share). The larger of the two counts, between 1 and MOST.
 */
import { createHash } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';

/** The median time of `work()` on the quiet machine (2 cores, Node 20), in ms. */
export const QUIET_MS = 32;
/** A limit never grows past this many times the quiet one: a run that slow has a fault to find, not a limit to raise. */
export const MOST = 5;
const ENV = 'TEST_SLOWDOWN';

function work(): number {
  let digest = '';
  const text = JSON.stringify(Array.from({ length: 4000 }, (_, i) => ({ id: i, name: `entry ${i}`, tags: ['a', 'b', String(i % 7)] })));
  for (let i = 0; i < 12; i++) {
    digest = createHash('sha256').update(text + digest).digest('hex');
    (JSON.parse(text) as unknown[]).length;
  }
  return digest.length;
}

/** The factor now: the median of five runs of the work against QUIET_MS, or the load per core, whichever is larger. */
export function measureSlowdown(): number {
  for (let i = 0; i < 5; i++) work();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  const median = times.sort((a, b) => a - b)[2];
  const load = loadavg()[0] / availableParallelism();
  return factorOf(median / QUIET_MS, load);
}

/** The larger of the two measures, between 1 and MOST, to a tenth. */
export function factorOf(workRatio: number, loadPerCore: number): number {
  return Math.round(Math.min(MOST, Math.max(1, workRatio, loadPerCore)) * 10) / 10;
}

/**
 * The factor for a suite that runs `lanes` test processes side by side on `cores` cores: when they outnumber the
 * cores, each has at most cores/lanes of one, so every step of its tests takes that much longer again.
 */
export function withLanes(factor: number, lanes: number, cores: number): number {
  return factorOf(factor * Math.max(1, lanes / cores), 0);
}

/**
 * This run's factor: the one the suite measured when it started (TEST_SLOWDOWN, inherited by every process it starts),
 * else measured now and kept there for the processes this one starts.
 */
export function slowdown(): number {
  const given = Number(process.env[ENV]);
  if (Number.isFinite(given) && given >= 1) return given;
  const measured = measureSlowdown();
  process.env[ENV] = String(measured);
  return measured;
}

/** A time limit set for the quiet machine (ms), on this one now. */
export function limit(quietMs: number): number {
  return Math.round(quietMs * slowdown());
}
