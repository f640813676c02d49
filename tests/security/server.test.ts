import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeLocalFeedback, localFeedback } from '../../server/local/feedback.ts';
import { openFeedbackDatabase } from '../../server/local/feedbackStore.ts';
import { registerFunction } from '../../server/local/functions.ts';
import { securityHeaders } from '../../build/headers.ts';
import { serveFakeSite, type FakeSite } from './fakeDist.ts';
import { limit } from '../../bench/machineSpeed.ts';

// The real server (server/local/serve.ts) on a small served folder, with the local send-feedback function and its
// PGlite database in a private folder, attacked with raw sockets where a well-behaved client would hide the fault.
let site: FakeSite;
let port: number;
const FUNCTION = '/functions/v1/send-feedback';

beforeAll(async () => {
  site = await serveFakeSite('server-attack-', { FEEDBACK_RATE_LIMIT: '0' });
  port = site.port;
  await localFeedback();
}, limit(120_000));

afterAll(async () => { await site?.stop(); });

interface RawAnswer { status: number; head: string; body: string; error?: string }

/** Sends bytes on a fresh connection and reads everything until the server closes it (or 10 s pass). */
function raw(head: string, body?: Buffer): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (e: NodeJS.ErrnoException) => { error = e.code; });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [headPart, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), head: headPart, body: rest.join('\r\n\r\n'), error });
    });
    socket.setTimeout(10_000, () => socket.destroy());
    // The functions answer only requests naming this server with its port (tests/security/hosts.test.ts).
    socket.write(head.replaceAll('{port}', String(port)));
    if (body) socket.write(body, () => {});
  });
}

const header = (head: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];

function expectSecurityHeaders(head: string) {
  for (const [name, value] of Object.entries(securityHeaders)) expect(header(head, name), name).toBe(value);
}

/** console.error lines written while run() runs: each must be one line, never a stack trace. */
async function logged(run: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => { lines.push(args.map(String).join(' ')); });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

describe('an oversized body', () => {
  const big = Buffer.alloc(10 * 1024 * 1024, 'a');

  it('gets 413 in 10 of 10 tries, declared by Content-Length or not, and the connection is closed cleanly', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const declared = await raw(`POST ${FUNCTION} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\n\r\n`, big);
      statuses.push(declared.status);
      expect(header(declared.head, 'Connection')).toBe('close');
      expectSecurityHeaders(declared.head);
      // Chunked: no declared length, so the limit is found while reading.
      const chunked = Buffer.concat([Buffer.from(`${(1024 * 1024).toString(16)}\r\n`), Buffer.alloc(1024 * 1024, 'a'), Buffer.from('\r\n')]);
      const streamed = await raw(`POST ${FUNCTION} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`, Buffer.concat(Array(4).fill(chunked)));
      statuses.push(streamed.status);
    }
    expect(statuses).toEqual(Array(10).fill(413));
  }, limit(60_000));

  it('never breaks the next request: 10 of 10 with fetch, 10 of 10 on a keep-alive agent', async () => {
    const results: string[] = [];
    for (let i = 0; i < 10; i++) {
      try {
        const refused = await fetch(`http://127.0.0.1:${port}${FUNCTION}`, {
          method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }), signal: AbortSignal.timeout(10_000),
        });
        await refused.arrayBuffer();
        const next = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(10_000) });
        await next.arrayBuffer();
        results.push(`${refused.status} then ${next.status}`);
      } catch (error) {
        results.push(`failed: ${String((error as Error).cause ?? error)}`);
      }
    }
    expect(results).toEqual(Array(10).fill('413 then 200'));

    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (method: string, path: string, body?: Buffer) => new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, agent, headers: body ? { 'content-type': 'application/json', 'content-length': body.length } : {} }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
    const pairs: string[] = [];
    for (let i = 0; i < 10; i++) {
      // Just over the limit, so the body is read to its end and the connection stays usable.
      const status = await send('POST', FUNCTION, Buffer.alloc(64 * 1024 + 10, 'a')).catch((e: Error) => `failed: ${e.message}`);
      const next = await send('GET', '/').catch((e: Error) => `failed: ${e.message}`);
      pairs.push(`${status} then ${next}`);
    }
    agent.destroy();
    expect(pairs).toEqual(Array(10).fill('413 then 200'));
  }, limit(120_000));
});

describe('requests that used to crash into a bare 500', () => {
  const cases: [string, string, number][] = [
    ['TRACE on the function', `TRACE ${FUNCTION} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n`, 405],
    ['TRACK on the function', `TRACK ${FUNCTION} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n`, 400],
    ['TRACE on a page', 'TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', 405],
    ['PROPFIND on the function', `PROPFIND ${FUNCTION} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n`, 405],
    ['a malformed request target', 'GET http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 400],
    ['a malformed target on the function path', `GET http://[${FUNCTION} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n`, 400],
    ['an invalid Host on the function', `POST ${FUNCTION} HTTP/1.1\r\nHost: a b[\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`, 400],
    ['an invalid Host on a page', 'GET / HTTP/1.1\r\nHost: [::1\r\n\r\n', 400],
    ['a Host with a path', 'GET / HTTP/1.1\r\nHost: example.com/evil\r\n\r\n', 400],
    ['a header line without a colon', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n', 400],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n', 400],
  ];

  it.each(cases)('%s: answered with the usual headers and one line in the log', async (_name, request, status) => {
    let answer: RawAnswer = { status: 0, head: '', body: '' };
    const lines = await logged(async () => { answer = await raw(request); });
    expect(answer.status).toBe(status);
    expectSecurityHeaders(answer.head);
    expect(lines.length).toBeLessThanOrEqual(1);
    expect(lines.join('\n')).not.toMatch(/\n|\bat .+:\d+:\d+/);
  });

  it('a TRACE on the function carries CORS headers and says which methods it takes', async () => {
    const answer = await raw(`TRACE ${FUNCTION} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(405);
    expect(header(answer.head, 'Allow')).toBe('POST, OPTIONS');
    expect(header(answer.head, 'Access-Control-Allow-Origin')).toBe(`http://127.0.0.1:${port}`);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
  });

  it("the server's own 500 carries the security headers and, on the function path, CORS", async () => {
    registerFunction('explode', async () => async () => { throw new Error('a fault in a function'); });
    let answer: RawAnswer = { status: 0, head: '', body: '' };
    const lines = await logged(async () => {
      answer = await raw(`POST /functions/v1/explode HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
    });
    expect(answer.status).toBe(500);
    expectSecurityHeaders(answer.head);
    expect(header(answer.head, 'Access-Control-Allow-Origin')).toBe(`http://127.0.0.1:${port}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/failed: Error: a fault in a function$/);
  });

  it('the 503 while the database cannot be opened carries the security headers and CORS', async () => {
    await closeLocalFeedback();
    // Another holder of the data folder: the local function cannot open it.
    const holder = await openFeedbackDatabase(site.dataDir);
    try {
      let answer: RawAnswer = { status: 0, head: '', body: '' };
      const lines = await logged(async () => {
        answer = await raw(`POST ${FUNCTION} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 16\r\nConnection: close\r\n\r\n{"message":"hi"}`);
      });
      expect(answer.status).toBe(503);
      expectSecurityHeaders(answer.head);
      expect(header(answer.head, 'Access-Control-Allow-Origin')).toBe(`http://127.0.0.1:${port}`);
      expect(lines).toHaveLength(1);
    } finally {
      await holder.close();
    }
    await localFeedback();
  }, limit(60_000));
});

describe('build internals', () => {
  it.each(['/.vite/manifest.json', '/.build-stamp', '/%2evite/manifest.json', '/.vite%2fmanifest.json', '/_headers', '/assets/../.vite/manifest.json'])(
    '%s is not served', async (path) => {
      const answer = await raw(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(answer.status).toBe(404);
      expect(answer.body).not.toContain('assets/main.js');
      expect(answer.body).not.toContain('stamp');
    },
  );

  it('pages are still served', async () => {
    const answer = await raw('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('home page');
  });
});
