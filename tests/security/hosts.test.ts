import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../build/headers.ts';
import { serveFakeSite, type FakeSite } from './fakeDist.ts';
import { limit } from '../../bench/machineSpeed.ts';

// The local functions (the feedback form's, the editor's at /admin) answer only requests made to this server by one
// of its own names. A page elsewhere whose name is made to point at this computer (DNS rebinding) sends its own name
// as Host: its requests are refused before any function sees them.
let site: FakeSite;

beforeAll(async () => { site = await serveFakeSite('host-check-', { FEEDBACK_RATE_LIMIT: '0' }); }, limit(120_000));
afterAll(async () => { await site?.stop(); });

interface Answer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

function post(path: string, host: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: site.port, method: 'POST', path, setHost: false, headers: { host, 'content-type': 'application/json', 'content-length': '2' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

const FUNCTION = '/functions/v1/no-such-function';

describe('the local functions and the Host a request names', () => {
  it.each(['evil.example:{port}', 'evil.example', '127.0.0.1.nip.io:{port}', '127.0.0.1:1', '127.0.0.1', 'localhost'])(
    'refuse Host: %s with 421, in words, with the usual headers', async (host) => {
      const answer = await post(FUNCTION, host.replace('{port}', String(site.port)));
      expect(answer.status).toBe(421);
      expect(JSON.parse(answer.body)).toEqual({ error: `This server answers only at its own address, http://127.0.0.1:${site.port}/. Open the site there.` });
      for (const [name, value] of Object.entries(securityHeaders)) expect(answer.headers[name.toLowerCase()], name).toBe(value);
    },
  );

  it.each(['127.0.0.1:{port}', 'localhost:{port}', 'LOCALHOST:{port}'])('answer Host: %s', async (host) => {
    const answer = await post(FUNCTION, host.replace('{port}', String(site.port)));
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ error: 'No such function.' });
  });
});
