import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeLocalFeedback, localFeedback } from '../../scripts/server/feedback.ts';
import { listFeedback } from '../../scripts/server/feedbackStore.ts';
import { handleFunction } from '../../scripts/server/functions.ts';

// The local endpoint exactly as `npm start` serves it: Node's HTTP server, handleFunction, the shared handler, and
// PGlite with its data in a folder on disk.
let server: Server;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'feedback-load-'));
  vi.stubEnv('FEEDBACK_DATA_DIR', join(dataDir, 'feedback'));
  vi.stubEnv('FEEDBACK_RATE_LIMIT', '100000'); // the limit's bookkeeping runs on every request, without refusing any
  await localFeedback(); // open (and create) the database before the clock starts
  server = createServer((req, res) => {
    handleFunction(req, res).then((handled) => { if (!handled) res.writeHead(404).end(); }, (error: unknown) => {
      console.error(error);
      res.writeHead(500).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  await new Promise((done) => server?.close(done));
  await closeLocalFeedback();
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

const TOTAL = 1000;
const CONCURRENCY = 50;

describe('the local endpoint under load', () => {
  it(`stores every one of ${TOTAL} submissions sent ${CONCURRENCY} at a time`, async () => {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < TOTAL) {
        const i = next++;
        const started = performance.now();
        const response = await fetch(`${base}/functions/v1/send-feedback`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ name: `Patient ${i}`, feedbackType: ['general', 'compliment', 'complaint'][i % 3], message: `Submission number ${i}` }),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;

    const accepted = statuses.get(200) ?? 0;
    const { database } = await localFeedback();
    const rows = await listFeedback(database.db);
    expect(Object.fromEntries(statuses)).toEqual({ 200: TOTAL });
    expect(rows).toHaveLength(accepted);
    expect(new Set(rows.map((r) => r.message)).size).toBe(TOTAL);

    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)];
    console.log(
      `send-feedback (local, PGlite on disk): ${TOTAL} submissions, ${CONCURRENCY} concurrent, ${seconds.toFixed(2)} s: ` +
        `${(TOTAL / seconds).toFixed(0)} submissions/s; latency p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms`,
    );
  }, 180_000);
});
