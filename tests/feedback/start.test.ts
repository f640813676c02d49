import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInfoDir } from '../../server/local/buildInfo.ts';
import { listFeedback, openFeedbackDatabase } from '../../server/local/feedbackStore.ts';
import { fakeDist } from '../security/fakeDist.ts';
import { limit } from '../../bench/machineSpeed.ts';

// `npm start` as a process (scripts/start.ts), on a small served folder and a private data folder: what it serves
// while its database opens, and how it stops.
const root = resolve(import.meta.dirname, '..', '..');
let work: string;
let distDir: string;
let dataDir: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'npm-start-'));
  distDir = fakeDist(join(work, 'dist'));
  dataDir = join(work, 'feedback');
});
afterAll(() => {
  rmSync(buildInfoDir(distDir), { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

interface Started { child: ChildProcess; base: string; output: string[]; startedAt: number; exited: Promise<number | null> }

/** Starts `npm start --dist` and resolves once it prints its address. */
function start(env: Record<string, string> = {}): Promise<Started> {
  const startedAt = performance.now();
  // As `npm start` runs it: Node itself, with tsx only as its loader. tsx's own command relays a signal and kills the
  // script (exit 130) unless the script says within 30 ms that it got it, which a busy machine can miss.
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/start.ts'), '--dist', distDir], {
    cwd: root,
    env: { ...process.env, PORT: '0', FEEDBACK_DATA_DIR: dataDir, FEEDBACK_RATE_LIMIT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolveStart, reject) => {
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        output.push(`${(performance.now() - startedAt).toFixed(0)} ms: ${line}`);
        const address = /Serving the site at (http:\/\/[^/]+)\//.exec(line);
        if (address) resolveStart({ child, base: address[1], output, startedAt, exited });
      }
    };
    child.stdout.on('data', onLine);
    child.stderr.on('data', onLine);
    void exited.then((code) => reject(new Error(`npm start stopped (${code}) before serving:\n${output.join('\n')}`)));
  });
}

const submit = (base: string, message: string) =>
  fetch(`${base}/functions/v1/send-feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message }) });

async function storedIds(): Promise<number[]> {
  const database = await openFeedbackDatabase(dataDir);
  try {
    return (await listFeedback(database.db)).map((row) => row.id);
  } finally {
    await database.close();
  }
}

describe('npm start', () => {
  it('serves pages while the database opens; a submission sent meanwhile waits for that opening and is stored', async () => {
    const server = await start();
    try {
      const pageAsked = performance.now();
      const page = await fetch(`${server.base}/`);
      const pageMs = performance.now() - pageAsked;
      expect(page.status).toBe(200);
      const sent = performance.now();
      const first = await submit(server.base, 'sent while the database opened');
      const firstMs = performance.now() - sent;
      expect(first.status).toBe(200);
      const ready = server.output.findIndex((line) => line.includes('The feedback database is ready'));
      expect(ready, server.output.join('\n')).toBeGreaterThanOrEqual(0);
      // The page did not wait for the database (creating it takes seconds here); the submission did, once.
      expect(pageMs).toBeLessThan(limit(1000));
      const againAsked = performance.now();
      expect((await submit(server.base, 'after the opening')).status).toBe(200);
      const againMs = performance.now() - againAsked;
      expect(againMs).toBeLessThan(limit(2000));
      console.log(`npm start: page ${pageMs.toFixed(0)} ms after the address was printed; first submission ${firstMs.toFixed(0)} ms; the next ${againMs.toFixed(0)} ms`);
      expect(server.output.join('\n')).not.toMatch(/could not be opened|in another program/);
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, limit(120_000));

  it.each(['SIGTERM', 'SIGINT'] as const)('stops cleanly on %s: the database is closed, its lock released, ids continue', async (signal) => {
    const before = existsSync(join(dataDir, 'PG_VERSION')) ? await storedIds() : [];
    const server = await start();
    for (let i = 0; i < 3; i++) expect((await submit(server.base, `${signal} ${i}`)).status).toBe(200);
    const stopping = performance.now();
    server.child.kill(signal);
    expect(await server.exited).toBe(0);
    const stopMs = performance.now() - stopping;
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    expect(server.output.join('\n')).toMatch(/Stopped\./);
    const after = await storedIds();
    const last = before.at(-1) ?? 0;
    expect(after.slice(before.length)).toEqual([last + 1, last + 2, last + 3]);

    // Started again: the next id is the one after the last (a crash would skip ahead by the sequence's cache of 32).
    const again = await start();
    expect((await submit(again.base, 'after the restart')).status).toBe(200);
    again.child.kill(signal);
    expect(await again.exited).toBe(0);
    expect((await storedIds()).at(-1)).toBe(last + 4);
    console.log(`npm start: ${signal} stopped it in ${stopMs.toFixed(0)} ms; ids ${[last + 1, last + 2, last + 3].join(', ')}, then ${last + 4} after the restart`);
  }, limit(180_000));
});
