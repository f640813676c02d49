import { join, resolve } from 'node:path';

/** What the bench's parts share: the project's folder, tsx, the Chromium it drives and its switches, its log and its median. */
export const root = resolve(import.meta.dirname, '..');
export const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The same switches as the browser tests (bench/browser.ts). */
export const chromeFlags = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** Progress goes to standard error: standard output is the report. */
export const log = (text: string) => process.stderr.write(text + '\n');
/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
