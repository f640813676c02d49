// The engine on every day its content changes, on the frozen copy and a Christmas practice made from it: these run
// once, in the engine's tests; the live site's days are checked in tests/live/days.test.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { christmasPractice } from '../fixtures/christmas.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { checkDays } from './siteDays.ts';
import { limit } from '../../bench/machineSpeed.ts';

const work = mkdtempSync(join(tmpdir(), 'site-days-'));
afterAll(() => { rmSync(work, { recursive: true, force: true }); });

describe('the site on every day it changes', () => {
  it('the frozen copy, from 1 December 2026', async () => {
    const { days, renders, problems } = await checkDays(SALTBUSH_SITE_FILE, '2026-12-01', work);
    expect(problems).toEqual([]);
    expect(days).toContain('2027-01-01');
    expect(days).toContain('2028-02-29');
    expect(renders).toBeGreaterThan(1);
  }, limit(1_200_000));

  it('the frozen copy with dated entries: a Christmas closure and notice, and a news item that ends and one to come', async () => {
    const siteFile = christmasPractice();
    const text = readFileSync(siteFile, 'utf8')
      .replace('      date: "2025-04-01"\n', '      date: "2025-04-01"\n      until: "2027-01-15"\n')
      .replace('      date: "2024-07-01"\n', '      date: "2024-07-01"\n      from: "2027-03-01"\n');
    writeFileSync(siteFile, text);
    const { days, renders, problems } = await checkDays(siteFile, '2026-12-01', work);
    expect(problems).toEqual([]);
    for (const day of ['2026-12-18', '2026-12-25', '2027-01-02', '2027-01-15', '2027-01-16', '2027-03-01']) expect(days).toContain(day);
    expect(renders).toBeGreaterThanOrEqual(5);
    rmSync(dirname(siteFile), { recursive: true, force: true });
  }, limit(1_200_000));
});
