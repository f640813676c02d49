/**
 * npm test: every vitest project, in three lanes side by side, each lane's projects one after the other: the editor;
 * the unit tests; the browser tests of the frozen copy, then the live site with staff edits, then the live site; and
 * the type check beside them. The browser tests mostly wait (for a page, a save, a poll), and a third lane fills that:
 * two lanes left a third of the two cores idle. Balanced by the projects' times in three lanes here (quiet, 720 s in
 * all: editor 600 s, unit 719 s, e2e 436 s + live-edited 155 s + live 123 s); the unit tests alone fill one lane.
 * Two unit files at a time made the whole slower (769 s against about 740 s), the editor's lane getting less of the
 * cores.
 * Vitest itself runs one project file at a time here, so the lanes are separate processes; each project's report is
 * printed whole once it ends. A project's files with a failed test run once more, alone: a test that then passes is
 * named at the end as flaky (a busy machine's timing, which still wants a look), one that fails again fails the run.
 * Every time limit of the suite is the quiet machine's times how much slower this one runs, measured once here
 * (bench/machineSpeed.ts), times the test processes per core, and inherited by every process as TEST_SLOWDOWN.
 * Arguments (`npm test -- tests/x.test.ts`) go to a single `vitest run` instead. Exit 1 when any project or the type
 * check failed.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { slowdown, withLanes } from '../bench/machineSpeed.ts';
import config from '../vitest.config.ts';

export const LANES = [['editor'], ['unit'], ['e2e', 'live-edited', 'live']];

type Project = { test?: { name?: string; maxWorkers?: number | string } };
const projects = (config.test?.projects ?? []) as Project[];

/** How many test processes the lanes run at once: in each lane, the most files one of its projects runs at a time. */
export function processesAtOnce(lanes: string[][] = LANES): number {
  const workers = (name: string) => {
    const max = projects.find((p) => p.test?.name === name)?.test?.maxWorkers;
    return typeof max === 'number' ? max : 1;
  };
  return lanes.reduce((n, lane) => n + Math.max(...lane.map(workers)), 0);
}

const root = resolve(import.meta.dirname, '..');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');

interface Outcome { project: string; code: number; output: string; passed: number; failed: number; seconds: number; failures: string[]; flaky: string[] }

export interface Report {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; status?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

/** The files with a failed test, or that failed as a whole (a hook), to run once more. */
export function failedFiles(report: Report): string[] {
  return report.testResults
    .filter((file) => file.status === 'failed' || file.assertionResults.some((test) => test.status === 'failed'))
    .map((file) => relative(root, file.name));
}

/**
 * The tests that failed the first time but not when their file ran again ("file > name"), and each file that failed
 * as a whole (a hook) and then ran ("file (as a whole)").
 */
export function flakyTests(first: Report, again: Report): string[] {
  const failed = (report: Report) => report.testResults.flatMap((file) => [
    ...(file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed') ? [`${relative(root, file.name)} (as a whole)`] : []),
    ...file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${relative(root, file.name)} > ${test.fullName}`),
  ]);
  const still = new Set(failed(again));
  const rerun = new Set(again.testResults.map((file) => relative(root, file.name)));
  return failed(first).filter((name) => !still.has(name) && rerun.has(name.split(/ > | \(/)[0]));
}

/** The tests that passed: the first run's, with the files that ran again counted from their second run. */
export function passedAfter(first: Report, again: Report): number {
  const rerun = new Set(again.testResults.map((file) => file.name));
  const passedIn = (report: Report, keep: (name: string) => boolean) => report.testResults
    .filter((file) => keep(file.name)).reduce((n, file) => n + file.assertionResults.filter((test) => test.status === 'passed').length, 0);
  return passedIn(first, (name) => !rerun.has(name)) + passedIn(again, () => true);
}

/** Each failed test named with the first lines of its message, so that the end of a long log says what broke. */
export function failuresOf(report: Report): string[] {
  return report.testResults.flatMap((file) => file.assertionResults
    .filter((test) => test.status === 'failed')
    .map((test) => {
      // The message's own lines, not the stack under it (the report above has that).
      const message = (test.failureMessages[0] ?? '').split('\n').filter((line) => !/^\s+at /.test(line)).slice(0, 6);
      return `${relative(root, file.name)} > ${test.fullName}\n    ${message.join('\n    ')}`;
    }));
}

/** A Node script of the project run to its end: its output collected when `collect`, else shown as it comes. */
function node(args: string[], collect: boolean): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root, env: process.env, stdio: collect ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('close', (code) => done({ code: code ?? 1, output }));
  });
}

function run(args: string[], report?: string): Promise<{ code: number; output: string }> {
  const reporters = report ? ['--reporter=default', '--reporter=json', `--outputFile=${report}`] : [];
  return node([vitest, 'run', ...args, ...reporters], Boolean(report));
}

/** One `vitest run` of a project (or of some of its files), with its JSON report read back. */
async function attempt(name: string, report: string, files: string[]): Promise<{ code: number; output: string; parsed?: Report }> {
  const { code, output } = await run(['--project', name, ...files], report);
  try {
    return { code, output, parsed: JSON.parse(readFileSync(report, 'utf8')) as Report };
  } catch {
    // No report: the project could not start; its output says why, and the exit code fails the run.
    return { code, output };
  }
}

async function project(name: string, dir: string): Promise<Outcome> {
  const started = performance.now();
  const first = await attempt(name, join(dir, `${name}.json`), []);
  let { code, output } = first;
  let passed = first.parsed?.numPassedTests ?? 0;
  let failed = first.parsed?.numFailedTests ?? 0;
  let failures = first.parsed ? failuresOf(first.parsed) : [];
  let flaky: string[] = [];
  const again = first.parsed && code !== 0 ? failedFiles(first.parsed) : [];
  if (first.parsed && again.length) {
    const second = await attempt(name, join(dir, `${name}-again.json`), again);
    output += `\n----- ${name}, once more: ${again.join(', ')} -----\n${second.output}`;
    if (second.parsed) {
      flaky = flakyTests(first.parsed, second.parsed);
      failed = second.parsed.numFailedTests;
      passed = passedAfter(first.parsed, second.parsed);
      failures = failuresOf(second.parsed);
    }
    code = second.code;
  }
  const outcome = { project: name, code, output, passed, failed, failures, flaky, seconds: (performance.now() - started) / 1000 };
  process.stdout.write(`\n===== ${name}: ${passed} passed, ${failed} failed, in ${outcome.seconds.toFixed(0)} s =====\n${output}`);
  return outcome;
}

/**
 * The type check (tsc), beside the tests rather than before them: it takes a core for about ten seconds, which the
 * lanes' first minutes share. Its errors are printed at the end and fail the run.
 */
async function typeCheck(): Promise<{ code: number; output: string; seconds: number }> {
  const started = performance.now();
  const { code, output } = await node([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], true);
  return { code, output, seconds: (performance.now() - started) / 1000 };
}

function reportTypeCheck(checked: { code: number; output: string; seconds: number }) {
  if (checked.code === 0) console.log(`Type check: no errors, in ${checked.seconds.toFixed(0)} s.`);
  else console.log(`\n===== type check: failed =====\n${checked.output}\n✗ The type check (tsc -p tsconfig.json) failed: its errors are above.`);
}

async function main() {
  const args = process.argv.slice(2);
  if (args.length) {
    const [checked, tested] = await Promise.all([typeCheck(), run(args)]);
    reportTypeCheck(checked);
    return checked.code || tested.code;
  }
  // Measured before the lanes start, so that it sees other work on the machine and not the suite's own.
  const cores = availableParallelism();
  const processes = processesAtOnce();
  const factor = withLanes(slowdown(), processes, cores);
  process.env.TEST_SLOWDOWN = String(factor);
  console.log(`Time limits: the quiet machine's times ${factor} (TEST_SLOWDOWN: this machine's measure, from bench/machineSpeed.ts, for ${processes} test processes at once on ${cores} cores).`);
  const checking = typeCheck();
  const dir = mkdtempSync(join(tmpdir(), 'test-reports-'));
  const outcomes: Outcome[] = [];
  try {
    await Promise.all(LANES.map(async (lane) => {
      for (const name of lane) outcomes.push(await project(name, dir));
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const broken = outcomes.filter((o) => o.code !== 0);
  console.log(`\n${outcomes.map((o) => `${o.project} ${o.passed}/${o.passed + o.failed} in ${o.seconds.toFixed(0)} s`).join('; ')}`);
  if (broken.length) console.log(`Failed: ${broken.map((o) => o.project).join(', ')} (their reports are above).`);
  for (const o of broken) for (const failure of o.failures) console.log(`✗ ${o.project}: ${failure}`);
  for (const o of outcomes) for (const name of o.flaky) console.log(`~ ${o.project}: flaky (failed, then passed when its file ran again): ${name}`);
  console.log(`tests: ${outcomes.reduce((n, o) => n + o.passed, 0)} passed, ${outcomes.reduce((n, o) => n + o.failed, 0)} failed`);
  const checked = await checking;
  reportTypeCheck(checked);
  return broken.length || checked.code ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
