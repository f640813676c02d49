/**
 * The phone's call bar follows the hour, on the frozen copy in Chromium at 375 px with the clock set: the practice's
 * number while it is open; the after-hours GP line beside 000 while the practice is closed and the service runs
 * (Saturday afternoon, Christmas Day); the practice's number beside 000 when neither answers; and it moves on at the
 * turn of the minute, with the open-now line. Without scripts, a build made at a closed moment (SITE_NOW) offers the
 * after-hours line as of that moment.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInfoDir } from '../../server/local/buildInfo.ts';
import { startServer } from '../../server/local/serve.ts';
import { holidaysAfterBuild, SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { baseURL, openPage } from './page.ts';
import { limit } from '../../bench/machineSpeed.ts';

const root = resolve(import.meta.dirname, '..', '..');
const PHONE = { width: 375, height: 812 };
const SHOTS = '/tmp/shots';

let browser: Browser;
beforeAll(async () => { browser = await sharedChromium(); mkdirSync(SHOTS, { recursive: true }); });
afterAll(async () => { await closeContexts(browser); });

const PRACTICE = { text: 'Call us 8377 1234', href: 'tel:+61883771234' };
const AFTER_HOURS = { text: 'After Hours GP Helpline 1800 022 222', href: 'tel:1800022222' };
const EMERGENCY = { text: 'In an emergency call 000', href: 'tel:000' };
const BOOK = { text: 'Book', href: '/appointments' };

/** The bar's links a patient can see and tap: their words (as a screen reader reads them) and where they go. */
function offered(page: Page) {
  return page.locator('aside[aria-label="Call us"] a').evaluateAll((links) => links.filter((a) => a.checkVisibility()).map((a) => {
    const r = a.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {
      text: (a.textContent ?? '').replace(/\s+/g, ' ').trim(), href: a.getAttribute('href') ?? '',
      // Whole on the screen, above its foot, and nothing over it.
      tappable: r.left >= 0 && r.right <= innerWidth && r.bottom <= innerHeight && Boolean(top && a.contains(top)),
    };
  }));
}

const tappable = (...links: { text: string; href: string }[]) => links.map((link) => ({ ...link, tappable: true }));

/** The first Christmas Day that the build's pages know. */
function christmas(): string {
  const day = holidaysAfterBuild().find((h) => h.name === 'Christmas Day')?.date;
  if (!day) throw new Error('The frozen copy lists no Christmas Day after the e2e build: add one to tests/fixtures/saltbush/site.yaml');
  return day;
}

/** `time` on `date` in Adelaide in summer (daylight saving, +10:30): every day here is in November or December. */
const adelaide = (date: string, time: string) => `${date}T${time}:00+10:30`;

const CHRISTMAS = christmas();
const CASES: [string, string, string, ReturnType<typeof tappable>][] = [
  ['a weekday open hour', adelaide('2026-11-25', '10:00'), 'open', tappable(PRACTICE, BOOK)],
  ['Saturday 13:00, the after-hours GP from then', adelaide('2026-11-28', '13:00'), 'after-hours', tappable(AFTER_HOURS, EMERGENCY, BOOK)],
  ['a weekday evening, the after-hours GP running', adelaide('2026-11-25', '19:00'), 'evening', tappable(AFTER_HOURS, EMERGENCY, BOOK)],
  [`Christmas Day (${CHRISTMAS}), closed, its after-hours GP running`, adelaide(CHRISTMAS, '11:00'), 'christmas', tappable(AFTER_HOURS, EMERGENCY, BOOK)],
  [`Christmas Day (${CHRISTMAS}) at 23:00, nobody answering but 000`, adelaide(CHRISTMAS, '23:00'), 'christmas-night', tappable(PRACTICE, EMERGENCY, BOOK)],
];

describe('the call bar at 375 px', () => {
  it.each(CASES)('%s (%s): the bar offers the number that answers', async (_what, at, shot, expected) => {
    const { page, context, errors } = await openPage(browser, { viewport: PHONE });
    await page.clock.setFixedTime(new Date(at));
    await page.goto(baseURL() + '/fees', { waitUntil: 'networkidle' });
    // Scrolled: the top line, which names the after-hours number too, is gone; the bar is what remains.
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect.poll(() => offered(page)).toEqual(expected);
    await page.screenshot({ path: join(SHOTS, `call-bar-${shot}.png`) });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('moves on with the open-now line at the turn of the minute (Friday 17:59 to 18:00)', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    const start = new Date(adelaide('2026-11-27', '17:59'));
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 30_000));
    await page.goto(baseURL() + '/', { waitUntil: 'load' });
    await page.clock.runFor(5_000);
    await expect.poll(() => offered(page)).toEqual(tappable(PRACTICE, EMERGENCY, BOOK));
    await page.clock.runFor(30_000);
    await expect.poll(() => offered(page)).toEqual(tappable(AFTER_HOURS, EMERGENCY, BOOK));
    await expect.poll(() => page.locator('header .today:visible').textContent()).toMatch(/^Closed now\. After-hours GP: call 1800 022 222/);
    await context.close();
  });
});

describe('without scripts, a build made at a closed moment', () => {
  // Saturday 28 November 2026, 13:30 in Adelaide: the surgery closed, the after-hours GP running.
  const BUILT_AT = '2026-11-28T13:30:00+10:30';
  let dir = '';
  let server: Server | undefined;
  let url = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'site-call-bar-'));
    execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts'), '--outDir', dir], {
      stdio: 'inherit', cwd: root, env: { ...process.env, SITE: SALTBUSH_SITE_FILE, SITE_NOW: BUILT_AT },
    });
    server = await startServer({ distDir: dir, port: 0, host: '127.0.0.1' });
    const address = server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, limit(600_000));
  afterAll(async () => {
    if (server) await new Promise((done) => server!.close(done));
    for (const folder of [dir, buildInfoDir(dir)]) if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('offers the after-hours GP line beside 000, as of the build', async () => {
    const { page, context, errors } = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await page.goto(url + '/', { waitUntil: 'networkidle' });
    expect(await offered(page)).toEqual(tappable(AFTER_HOURS, EMERGENCY, BOOK));
    await page.screenshot({ path: join(SHOTS, 'call-bar-no-script.png') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
