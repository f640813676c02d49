import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildInfoDir } from '../../scripts/server/buildInfo.ts';
import { closeLocalFeedback, localFeedback } from '../../scripts/server/feedback.ts';
import { startServer } from '../../scripts/server/serve.ts';
import { fakeDist } from '../security/fakeDist.ts';

// The real server and local function with FEEDBACK_RATE_LIMIT_SALT unset: the salt of the address hashes is made once
// and kept beside the data, so a restart of the database (as of `npm start`) does not start every count again.
let work: string;
let server: Server;
let base: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'rate-restart-'));
  vi.stubEnv('FEEDBACK_DATA_DIR', join(work, 'feedback'));
  vi.stubEnv('FEEDBACK_RATE_LIMIT', '2');
  vi.stubEnv('FEEDBACK_RATE_LIMIT_SALT', '');
  server = await startServer({ distDir: fakeDist(join(work, 'dist')), port: 0, host: '127.0.0.1' });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 60_000);

afterAll(async () => {
  await new Promise((done) => server?.close(done));
  await closeLocalFeedback();
  vi.unstubAllEnvs();
  rmSync(buildInfoDir(join(work, 'dist')), { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const submit = async (message: string, headers: Record<string, string> = {}) =>
  (await fetch(`${base}/functions/v1/send-feedback`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ message }) })).status;

describe('the rate limit without FEEDBACK_RATE_LIMIT_SALT', () => {
  it('still counts after a restart: the salt is kept beside the data, readable by this user only', async () => {
    expect([await submit('one'), await submit('two'), await submit('three')]).toEqual([200, 200, 429]);
    const saltFile = `${join(work, 'feedback')}.salt`;
    const salt = readFileSync(saltFile, 'utf8');
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(saltFile).mode & 0o077).toBe(0);

    await closeLocalFeedback();
    await localFeedback();
    expect(await submit('four, after the restart')).toBe(429);
    expect(readFileSync(saltFile, 'utf8')).toBe(salt);
  }, 120_000);

  it('takes the address from the connection, never from a header the client sends', async () => {
    expect(await submit('five', { 'x-forwarded-for': '198.51.100.77', 'x-real-ip': '198.51.100.78', 'cf-connecting-ip': '198.51.100.79' })).toBe(429);
  });
});
