import { join, resolve } from 'node:path';

/** What the bench's parts share: the project's folder, tsx, the Chromium it drives and its switches, its log and its median. */
export const root = resolve(import.meta.dirname, '..');
export const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * The switches of every Chromium the tests and the bench start (bench/browser.ts). It cannot reach any other machine:
 * every host name and address but 127.0.0.1 fails to resolve, so an attempt shows as a failed request and nothing
 * needs intercepting. Intercepting (Playwright's route) sends each request through the test's process and turns off
 * the HTTP cache: an editor reload took 3.1 to 3.5 s with it, 1.3 s without.
 */
export const chromeFlags = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'];
/** Progress goes to standard error: standard output is the report. */
export const log = (text: string) => process.stderr.write(text + '\n');
/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
