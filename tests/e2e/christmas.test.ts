/**
 * A Christmas closure entered on 20 December (tests/fixtures/christmas.ts), as patients see it in Chromium with the
 * clock fixed: on 24 December open as usual, with the notice the content asks for; on 25 December and 1 January
 * closed, with the after-hours line; on 2 January nothing of it. With scripts, on the page built on 20 December (and
 * on 25 December, read a week later: a cached page never shows yesterday's closure); without scripts, on the build
 * of each day (SITE_NOW), which the daily rebuild makes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInfoDir } from '../../server/local/buildInfo.ts';
import { startServer } from '../../server/local/serve.ts';
import { christmasPractice, CLOSURE, NOTICE } from '../fixtures/christmas.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { openPage } from './page.ts';

const root = resolve(import.meta.dirname, '..', '..');
const DAYS = ['2026-12-20', '2026-12-24', '2026-12-25', '2027-01-01', '2027-01-02'] as const;
type Day = (typeof DAYS)[number];

/** 11:00 on `day` by Adelaide's clock (daylight saving, +10:30, all summer). */
const at = (day: string) => new Date(`${day}T11:00:00+10:30`);

const OPEN = 'Open now, closes 5:30 PM';
const AFTER_HOURS = 'Closed now. After-hours GP: call 1800 022 222 until 10:00 PM';
// Before the after-hours service of the day, which starts sooner than the surgery reopens.
const SATURDAY = 'Closed now. After-hours GP from 1:00 PM, call 1800 022 222'; // 2 January 2027 is a Saturday
const REOPENS = 'Closed now. After-hours GP from 6:00 PM, call 1800 022 222';
const WEEKLY = 'Opening Hours: Monday to Friday 8:30 AM – 5:30 PM';

let browser: Browser;
let siteFile: string;
const built = new Map<Day, { dir: string; server: Server; url: string }>();

beforeAll(async () => {
  siteFile = christmasPractice();
  for (const day of DAYS) {
    const dir = mkdtempSync(join(tmpdir(), `site-christmas-${day}-`));
    // 0:07 on the day in Adelaide, as the daily rebuild runs.
    execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts'), '--outDir', dir], {
      stdio: 'inherit', cwd: root, env: { ...process.env, SITE: siteFile, SITE_NOW: `${day}T00:07:00+10:30` },
    });
    const server = await startServer({ distDir: dir, port: 0, host: '127.0.0.1' });
    const address = server.address();
    built.set(day, { dir, server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }
  browser = await sharedChromium();
  // A whole build per day, one after the other: about a minute each on a busy two-core machine, so the hook's limit
  // is the project's (meant for one build) once per day.
}, DAYS.length * 300_000);

afterAll(async () => {
  await closeContexts(browser);
  for (const { dir, server } of built.values()) {
    await new Promise((done) => server.close(done));
    for (const folder of [dir, buildInfoDir(dir)]) rmSync(folder, { recursive: true, force: true });
  }
  if (siteFile) rmSync(dirname(siteFile), { recursive: true, force: true });
});

/** What a patient reads on a page: the header's line, whether the notice, the closure and the after-hours line show. */
async function read(builtOn: Day, path: string, day: string, javaScriptEnabled: boolean) {
  const { url } = built.get(builtOn)!;
  const { page, context, errors } = await openPage(browser, { viewport: { width: 1280, height: 800 }, javaScriptEnabled });
  await page.clock.setFixedTime(at(day));
  await page.goto(url + path, { waitUntil: 'networkidle' });
  const line = page.locator('header .today:visible');
  if (javaScriptEnabled) await expect.poll(() => line.textContent()).not.toBe(WEEKLY);
  // Shown: in a text of an element the browser draws (a block below the first screen, laid out only when scrolled
  // to, counts; one hidden for its last day does not).
  const shown = (words: string) => page.evaluate((w) => [...document.querySelectorAll('body *')]
    .some((e) => [...e.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.includes(w)) && e.checkVisibility()), words);
  const said = { line: await line.textContent(), notice: await shown(NOTICE), closure: await shown(CLOSURE), afterHours: await shown('After Hours GP Helpline'), html: await page.content() };
  await context.close();
  expect(errors).toEqual([]);
  return said;
}

const PAGES = ['/', '/appointments'];

/** What a page says on a day: its header's line, and whether the notice and the closure show (the notice only on /). */
interface Says { line: string; notice: boolean; closure: boolean }
const BEFORE = { notice: true, closure: false };
const NOTHING = { notice: false, closure: false };

// [built on, read on, what it says]
const WITH_SCRIPTS: [Day, string, Says][] = [
  ['2026-12-20', '2026-12-24', { line: OPEN, ...BEFORE }],
  // Closed by the open-now line; the notice, which ended on 24 December, hidden though the page was built before.
  ['2026-12-20', '2026-12-25', { line: AFTER_HOURS, ...NOTHING }],
  ['2026-12-20', '2027-01-01', { line: AFTER_HOURS, ...NOTHING }],
  // 25 December and 1 January are public holidays too: 29 December, a Tuesday, is closed for the closure alone.
  ['2026-12-20', '2026-12-29', { line: REOPENS, ...NOTHING }],
  ['2026-12-20', '2027-01-02', { line: SATURDAY, ...NOTHING }],
  // A page built during the closure and read after it: the closure's line is hidden.
  ['2026-12-25', '2027-01-02', { line: SATURDAY, ...NOTHING }],
];

const WITHOUT_SCRIPTS: [Day, Says][] = [
  ['2026-12-24', { line: WEEKLY, ...BEFORE }],
  ['2026-12-25', { line: `Opening Hours: ${CLOSURE}`, notice: false, closure: true }],
  ['2027-01-01', { line: `Opening Hours: ${CLOSURE}`, notice: false, closure: true }],
  ['2027-01-02', { line: WEEKLY, ...NOTHING }],
];

describe('with scripts', () => {
  it.each(PAGES.flatMap((path) => WITH_SCRIPTS.map(([builtOn, day, says]) => [path, builtOn, day, says] as const)))(
    '%s built on %s, read on %s', async (path, builtOn, day, says) => {
      const { line, notice, closure, afterHours } = await read(builtOn, path, day, true);
      expect({ line, notice, closure }).toEqual({ ...says, notice: says.notice && path === '/' });
      // The after-hours line stays on every page, beside the hours.
      expect(afterHours).toBe(true);
    });
});

describe('without scripts, the build of each day', () => {
  it.each(PAGES.flatMap((path) => WITHOUT_SCRIPTS.map(([day, says]) => [path, day, says] as const)))('%s built and read on %s', async (path, day, says) => {
    const { line, notice, closure, afterHours, html } = await read(day, path, day, false);
    expect({ line, notice, closure }).toEqual({ ...says, notice: says.notice && path === '/' });
    expect(afterHours).toBe(true);
    // On 2 January nothing of it is left in the page, its structured data included.
    if (day === '2027-01-02') for (const words of [CLOSURE, NOTICE, 'specialOpeningHoursSpecification']) expect(html).not.toContain(words);
  });

  it('the build of 25 December gives search engines the closure as special opening hours', () => {
    const html = readFileSync(join(built.get('2026-12-25')!.dir, 'index.html'), 'utf8');
    expect(html).toContain('"specialOpeningHoursSpecification":[{"@type":"OpeningHoursSpecification","validFrom":"2026-12-25","validThrough":"2027-01-01","opens":"00:00","closes":"00:00"}]');
  });
});
