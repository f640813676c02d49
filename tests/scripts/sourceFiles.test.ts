// npm start serves a picture or PDF committed into public/ after its build (published from /admin) from public/, until
// the next build has it, with the headers of every other picture; nothing else of public/ gets through that way.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInfoDir, buildStampFile } from '../../server/local/buildInfo.ts';
import { startServer } from '../../server/local/serve.ts';
import { fakeDist } from '../security/fakeDist.ts';
import { limit } from '../../bench/machineSpeed.ts';

let work: string;
let dist: string;
let publicDir: string;
let servers: Server[] = [];
let jpeg: Buffer;

/** Starts a server on the fake build, with or without the public/ folder beside it; its address. */
async function serve(withPublic: boolean): Promise<string> {
  const server = await startServer({ distDir: dist, port: 0, host: '127.0.0.1', ...(withPublic ? { publicDir } : {}) });
  servers.push(server);
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

// Every time is set, none read from a clock: the file system's and the process's may disagree (faketime moves one).
const BUILT = new Date('2026-06-01T10:00:00Z');
const BEFORE = new Date(BUILT.getTime() - 3600_000);
const AFTER = new Date(BUILT.getTime() + 3600_000);

const write = (path: string, bytes: string | Buffer, at = AFTER) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, bytes);
  utimesSync(path, at, at);
};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'source-files-'));
  dist = fakeDist(join(work, 'dist'));
  publicDir = join(work, 'public');
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c8a078' } }).jpeg().toBuffer();
  utimesSync(buildStampFile(dist), BUILT, BUILT);
  // Published after the build: a new picture, a new PDF, and a picture replaced under the same name.
  write(join(publicDir, 'images', 'mei-lin-abc123.jpg'), jpeg);
  write(join(publicDir, 'downloads', 'form-abc123.pdf'), '%PDF-1.4\n%%EOF\n');
  write(join(dist, 'images', 'logo.jpg'), 'old bytes of the build', BEFORE);
  write(join(publicDir, 'images', 'logo.jpg'), jpeg);
  // In both, the build's copy as new as public/'s: the build's is served.
  write(join(dist, 'images', 'hero.jpg'), 'the build\'s hero');
  write(join(publicDir, 'images', 'hero.jpg'), jpeg, BEFORE);
  // Never served from public/: a page, a script, a picture that is not what its name says, an SVG, a link out, a hidden folder.
  write(join(publicDir, 'images', 'page.html'), '<script>alert(1)</script>');
  write(join(publicDir, 'images', 'worker.js'), 'self.onfetch = () => {}');
  write(join(publicDir, 'images', 'fake-abc123.jpg'), '<!doctype html><script>alert(1)</script>');
  write(join(publicDir, 'images', 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  write(join(work, 'secret.jpg'), jpeg);
  symlinkSync(join(work, 'secret.jpg'), join(publicDir, 'images', 'link.jpg'));
  write(join(publicDir, '.private', 'x.jpg'), jpeg);
}, limit(60_000));

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  servers = [];
  rmSync(buildInfoDir(dist), { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('files added to public/ after the build, on npm start', () => {
  it('serves a new picture and a new PDF from public/, with the headers of every picture', async () => {
    const base = await serve(true);
    const picture = await fetch(`${base}/images/mei-lin-abc123.jpg`);
    expect(picture.status).toBe(200);
    expect(Buffer.from(await picture.arrayBuffer()).equals(jpeg)).toBe(true);
    expect(Object.fromEntries(['content-type', 'x-content-type-options', 'cross-origin-resource-policy', 'access-control-allow-origin', 'cache-control'].map((h) => [h, picture.headers.get(h)]))).toEqual({
      'content-type': 'image/jpeg', 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin', 'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
    });
    expect(picture.headers.get('content-security-policy')).toContain("default-src 'self'");
    const pdf = await fetch(`${base}/downloads/form-abc123.pdf`);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  });

  it('serves public/\'s copy when it is newer than the build, and the build\'s otherwise', async () => {
    const base = await serve(true);
    expect(Buffer.from(await (await fetch(`${base}/images/logo.jpg`)).arrayBuffer()).equals(jpeg)).toBe(true);
    expect(await (await fetch(`${base}/images/hero.jpg`)).text()).toBe('the build\'s hero');
  });

  it('serves nothing else of public/: no page, script, SVG, mislabelled bytes, link out of it, hidden folder or way out by ..', async () => {
    const base = await serve(true);
    const refused = ['/images/page.html', '/images/worker.js', '/images/fake-abc123.jpg', '/images/drawing.svg', '/images/link.jpg', '/.private/x.jpg', '/images/..%2f..%2fsecret.jpg', '/%2e%2e/secret.jpg'];
    const answers = await Promise.all(refused.map(async (path) => [path, (await fetch(`${base}${path}`)).status]));
    expect(Object.fromEntries(answers)).toEqual(Object.fromEntries(refused.map((path) => [path, 404])));
  });

  it('without public/ (a build served by itself), a file only there is not found', async () => {
    const base = await serve(false);
    expect((await fetch(`${base}/images/mei-lin-abc123.jpg`)).status).toBe(404);
  });
});
