// What today's site file will show on every day it changes, for the next 400 days (tests/content/siteDays.ts): in the
// live project on the live file, in live-edited on it after a round of staff edits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siteFileFromEnv } from '../../src/content/siteFiles.ts';
import { checkDays } from '../content/siteDays.ts';
import { limit } from '../../bench/machineSpeed.ts';

const work = mkdtempSync(join(tmpdir(), 'site-days-'));
afterAll(() => { rmSync(work, { recursive: true, force: true }); });

describe('the site on every day it changes', () => {
  it('this site file, from today', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { problems } = await checkDays(siteFileFromEnv(), today, work);
    expect(problems).toEqual([]);
  }, limit(1_200_000));
});
