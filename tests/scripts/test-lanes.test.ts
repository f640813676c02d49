/** npm test runs every vitest project once, in three lanes side by side. */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { failedFiles, failuresOf, flakyTests, LANES, passedAfter, processesAtOnce, type Report } from '../../scripts/test.ts';
import config from '../../vitest.config.ts';

const projects = (config.test?.projects ?? []) as { test?: { name?: string; fileParallelism?: boolean } }[];

describe('the lanes of npm test', () => {
  it('name every project of the vitest config exactly once', () => {
    const names = projects.map((p) => p.test?.name);
    expect(LANES.flat().sort()).toEqual([...names].sort());
  });

  it('are three, the longest projects each starting one: the editor, the unit tests and the e2e tests', () => {
    expect(LANES).toHaveLength(3);
    expect(LANES.map((lane) => lane[0]).sort()).toEqual(['e2e', 'editor', 'unit']);
  });

  it('count the test processes they run at once, for the time limits: in each lane, the most workers of its projects', () => {
    expect(processesAtOnce()).toBe(3);
    expect(processesAtOnce([['editor'], ['e2e', 'live']])).toBe(2);
    const unit = projects.find((p) => p.test?.name === 'unit')?.test as { maxWorkers?: number };
    unit.maxWorkers = 2;
    try {
      expect(processesAtOnce([['live', 'unit'], ['editor']])).toBe(3);
    } finally {
      unit.maxWorkers = 1;
    }
  });

  it('run each browser project one file at a time', () => {
    for (const name of ['e2e', 'live', 'live-edited', 'editor']) expect(projects.find((p) => p.test?.name === name)?.test?.fileParallelism).toBe(false);
  });
});

describe('the end of npm test', () => {
  it('names each failed test by its file and names, with the first lines of its message but not its stack, and no test that passed', () => {
    // The shape of vitest's JSON report, as the lanes write it.
    const report: Report = {
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [{
        name: join(process.cwd(), 'tests', 'e2e', 'engine.test.ts'),
        assertionResults: [
          { fullName: 'hero rotates the background', status: 'failed', failureMessages: ['AssertionError: expected 1 to be 2\n\n- Expected\n+ Received\n\n- 2\n+ 1\n    at one (engine.test.ts:3:1)\n    at two (runner.js:9:9)'] },
          { fullName: 'hero pauses', status: 'passed', failureMessages: [] },
        ],
      }],
    };
    expect(failuresOf(report)).toEqual([
      'tests/e2e/engine.test.ts > hero rotates the background\n    AssertionError: expected 1 to be 2\n    \n    - Expected\n    + Received\n    \n    - 2',
    ]);
  });

  it('runs again only the files with a failure, and calls flaky only a test that failed and then passed', () => {
    const file = (name: string, status: string, tests: [string, string][]) => ({
      name: join(process.cwd(), 'tests', 'e2e', name), status,
      assertionResults: tests.map(([fullName, s]) => ({ fullName, status: s, failureMessages: s === 'failed' ? ['Error: no'] : [] })),
    });
    const first: Report = {
      numPassedTests: 2, numFailedTests: 2,
      testResults: [
        file('a.test.ts', 'failed', [['focus', 'failed'], ['menu', 'passed']]),
        file('b.test.ts', 'passed', [['hero', 'passed']]),
        file('c.test.ts', 'failed', [['form', 'failed']]),
        file('d.test.ts', 'failed', []),
      ],
    };
    expect(failedFiles(first)).toEqual(['tests/e2e/a.test.ts', 'tests/e2e/c.test.ts', 'tests/e2e/d.test.ts']);
    const again: Report = {
      numPassedTests: 2, numFailedTests: 1,
      testResults: [
        file('a.test.ts', 'passed', [['focus', 'passed'], ['menu', 'passed']]), file('c.test.ts', 'failed', [['form', 'failed']]),
        file('d.test.ts', 'passed', [['built', 'passed']]),
      ],
    };
    expect(flakyTests(first, again)).toEqual(['tests/e2e/a.test.ts > focus', 'tests/e2e/d.test.ts (as a whole)']);
    // b's one test from the first run, a's two and d's one from the second; c's failure stands.
    expect(passedAfter(first, again)).toBe(4);
  });
});
