import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { siteConfig } from './vite.config.ts';
import { limit } from './bench/machineSpeed.ts';

// The engine's projects (unit, e2e, editor) run on the frozen copy of this practice's content, as Vite plugins, as
// $SITE in every worker and in every build a test starts; a read of the live site.yaml from them fails
// (tests/frozenOnly.ts). Only the live project builds the live site.yaml (or $SITE), and asserts invariants on it, so
// a staff edit that passes the checker can turn nothing else red; live-edited runs the same invariants on the live
// file after a round of ordinary staff edits (tests/live/editedSetup.ts).
const FROZEN = fileURLToPath(new URL('./tests/fixtures/saltbush/site.yaml', import.meta.url));
const engine = { ...siteConfig(FROZEN) };
const frozen = { env: { SITE: FROZEN }, setupFiles: ['tests/frozenOnly.ts'] };
// Every time limit is the quiet machine's times how much slower this one runs now (bench/machineSpeed.ts), measured
// once here and inherited by the workers and every process a test starts, so a busy machine does not fail tests.
// Tests marked concurrent (a visit to every route) open three pages at a time: a visit mostly waits. A poll waits
// for what a person would wait for (a save's round trip on a loaded machine), not vitest's default second. A browser
// project's files run one after another in one process, and drive its one Chromium (tests/chromium.ts).
const browser = {
  environment: 'node', fileParallelism: false, isolate: false, maxConcurrency: 3, testTimeout: limit(120_000), hookTimeout: limit(300_000),
  expect: { poll: { timeout: limit(15_000) } },
} as const;

export default defineConfig({
  test: {
    projects: [
      {
        ...engine,
        test: {
          name: 'unit', include: ['tests/**/*.test.{ts,tsx}'], exclude: ['tests/e2e/**', 'tests/live/**', 'tests/editor/browser/**'],
          // One file at a time, whatever the cores. Alone, two at a time were quicker here (213 s against 342 s: a unit
          // file mostly waits for the processes it starts), but beside npm test's other two lanes the whole run was
          // slower (985 s against 957 s): the editor's lane, the longest, got less of the two cores. With the browsers'
          // headless shell, again: 769 s against about 740 s.
          maxWorkers: 1,
          // A test that publishes through git or the GitHub stand-in takes seconds alone and several times that beside
          // the browser suites on two cores (a fresh repository in a beforeEach took over 10 s): the limits catch a hang,
          // not a slow machine.
          environment: 'node', testTimeout: limit(60_000), hookTimeout: limit(60_000), expect: { poll: { timeout: limit(1000) } }, ...frozen,
        },
      },
      { ...engine, test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/e2e/globalSetup.ts'], ...browser, ...frozen } },
      { test: { name: 'live', include: ['tests/live/**/*.test.ts'], globalSetup: ['tests/live/globalSetup.ts'], ...browser } },
      { test: { name: 'live-edited', include: ['tests/live/**/*.test.ts'], globalSetup: ['tests/live/editedSetup.ts'], ...browser } },
      // The staff editor driven in Chromium, each file on the practice as published in a temporary git repository. Its
      // files share one process, so that one editor and one Chromium serve them all (tests/editor/browser/harness.ts).
      // Its dev servers serve React's production build, as staff get it at /admin (npm run edit, for engineers, keeps
      // the development build): the development build's checks cost the project about an eighth of its processor time
      // (698 against 611 core-seconds here), every test passing either way.
      {
        ...engine,
        test: {
          name: 'editor', include: ['tests/editor/browser/**/*.test.ts'], globalSetup: ['tests/editor/browser/globalSetup.ts'], ...browser, ...frozen,
          env: { ...frozen.env, NODE_ENV: 'production' },
        },
      },
    ],
  },
});
