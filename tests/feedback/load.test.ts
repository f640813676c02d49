import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeLocalFeedback, localFeedback } from '../../server/local/feedback.ts';
import { listFeedback } from '../../server/local/feedbackStore.ts';
import { startServer } from '../../server/local/serve.ts';
import { limit } from '../../bench/machineSpeed.ts';

// The local endpoint exactly as `npm start` serves it: its server (startServer, with its keep-alive longer than a
// client keeps an idle connection), handleFunction, the shared handler, and PGlite with its data in a folder on disk.
// A server of Node's defaults (5 s) here met `fetch failed: ECONNRESET` on a busy machine: undici keeps an idle
// connection 4 s and, its timer late, sent a request on one the server was closing. npm start's server never did.
let server: Server;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'feedback-load-'));
  vi.stubEnv('FEEDBACK_DATA_DIR', join(dataDir, 'feedback'));
  vi.stubEnv('FEEDBACK_RATE_LIMIT', '100000'); // the limit's bookkeeping runs on every request, without refusing any
  await localFeedback(); // open (and create) the database before the clock starts
  // A site of no pages: only the function is asked for.
  const distDir = join(dataDir, 'dist');
  mkdirSync(distDir);
  writeFileSync(join(distDir, 'routes.json'), JSON.stringify({ pages: [], aliases: [], prefixRedirects: [], profilePaths: {}, notFoundId: '' }));
  server = await startServer({ distDir, port: 0, host: '127.0.0.1' });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, limit(120_000));

afterAll(async () => {
  await new Promise((done) => server?.close(done));
  await closeLocalFeedback();
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

const TOTAL = 1000;
const CONCURRENCY = 50;

describe('the local endpoint under load', () => {
  it(`stores every one of ${TOTAL} submissions sent ${CONCURRENCY} at a time, once each, with retries mixed in`, async () => {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const acknowledged = new Set<string>();
    let requests = 0;
    let next = 0;
    const send = async (i: number, submissionId: string) => {
      const started = performance.now();
      requests++;
      const response = await fetch(`${base}/functions/v1/send-feedback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ name: `Patient ${i}`, feedbackType: ['general', 'compliment', 'complaint'][i % 3], message: `Submission number ${i}`, submissionId }),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status === 200) acknowledged.add(submissionId);
    };
    const worker = async () => {
      while (next < TOTAL) {
        const i = next++;
        const submissionId = crypto.randomUUID();
        if (i % 10 === 0) {
          // A retry racing the first attempt (a double click, a resend after a timeout while the first was still on its way).
          await Promise.all([send(i, submissionId), send(i, submissionId)]);
        } else {
          await send(i, submissionId);
          // A retry after the answer was lost on the way back.
          if (i % 10 === 5) await send(i, submissionId);
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;

    const { database } = await localFeedback();
    const rows = await listFeedback(database.db);
    expect(requests).toBe(TOTAL + TOTAL / 5);
    expect(Object.fromEntries(statuses)).toEqual({ 200: requests });
    // Stored = acknowledged: one row per acknowledged submission, none twice.
    expect(acknowledged.size).toBe(TOTAL);
    expect(rows).toHaveLength(acknowledged.size);
    expect(new Set(rows.map((r) => r.message)).size).toBe(TOTAL);
    const ids = await database.db.query<{ submission_id: string }>('select submission_id::text from public.feedback');
    expect(new Set(ids.rows.map((r) => r.submission_id))).toEqual(acknowledged);

    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
    console.log(
      `send-feedback (local, PGlite on disk): ${TOTAL} submissions and ${requests - TOTAL} retries, ${CONCURRENCY} concurrent, ${seconds.toFixed(2)} s: ` +
        `${(requests / seconds).toFixed(0)} requests/s; latency p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
    );
  }, limit(180_000));
});
