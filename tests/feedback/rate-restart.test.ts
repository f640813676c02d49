import { readFileSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLocalFeedback, localFeedback } from '../../server/local/feedback.ts';
import { serveFakeSite, type FakeSite } from '../security/fakeDist.ts';
import { limit } from '../../bench/machineSpeed.ts';

// The real server and local function with FEEDBACK_RATE_LIMIT_SALT unset: the salt of the address hashes is made once
// and kept beside the data, so a restart of the database (as of `npm start`) does not start every count again.
let site: FakeSite;
let base: string;

beforeAll(async () => {
  site = await serveFakeSite('rate-restart-', { FEEDBACK_RATE_LIMIT: '2', FEEDBACK_RATE_LIMIT_SALT: '' });
  base = site.base;
}, limit(60_000));

afterAll(async () => { await site?.stop(); });

const submit = async (message: string, headers: Record<string, string> = {}) =>
  (await fetch(`${base}/functions/v1/send-feedback`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ message }) })).status;

describe('the rate limit without FEEDBACK_RATE_LIMIT_SALT', () => {
  it('still counts after a restart: the salt is kept beside the data, readable by this user only', async () => {
    expect([await submit('one'), await submit('two'), await submit('three')]).toEqual([200, 200, 429]);
    const saltFile = `${site.dataDir}.salt`;
    const salt = readFileSync(saltFile, 'utf8');
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(saltFile).mode & 0o077).toBe(0);

    await closeLocalFeedback();
    await localFeedback();
    expect(await submit('four, after the restart')).toBe(429);
    expect(readFileSync(saltFile, 'utf8')).toBe(salt);
  }, limit(120_000));

  it('takes the address from the connection, never from a header the client sends', async () => {
    expect(await submit('five', { 'x-forwarded-for': '198.51.100.77', 'x-real-ip': '198.51.100.78', 'cf-connecting-ip': '198.51.100.79' })).toBe(429);
  });
});
