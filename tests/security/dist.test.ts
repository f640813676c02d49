import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInfoDir, buildStampFile, viteManifestFile } from '../../server/local/buildInfo.ts';
import { startServer } from '../../server/local/serve.ts';
import { limit } from '../../bench/machineSpeed.ts';

// One production build (about a minute) into a private folder, with a canary VITE_ variable in its environment, for
// every assertion about what a static host would publish.
const root = resolve(import.meta.dirname, '..', '..');
const CANARY_NAME = 'VITE_CANARY_NOT_FOR_THE_BROWSER';
const CANARY_VALUE = `canary-${process.pid}-7f3a9c2e`;
let work: string;
let distDir: string;

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'dist-check-'));
  distDir = join(work, 'dist');
  execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts'), '--outDir', distDir], {
    cwd: root,
    stdio: 'pipe',
    env: { ...process.env, [CANARY_NAME]: CANARY_VALUE },
  });
}, limit(300_000));

afterAll(() => {
  if (!work) return;
  rmSync(buildInfoDir(distDir), { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

describe('what the build publishes', () => {
  it('holds no VITE_ variable the code does not read by name (a canary in the environment is in no file)', () => {
    const all = files(distDir);
    expect(all.length).toBeGreaterThan(40);
    const found = all.filter((file) => {
      const content = readFileSync(file);
      return content.includes(CANARY_VALUE) || content.includes(CANARY_NAME);
    });
    expect(found.map((file) => relative(distDir, file))).toEqual([]);
  });

  it('has no build internals: no .vite/ folder, no build stamp, no hidden file at all', () => {
    const hidden = files(distDir).map((file) => relative(distDir, file)).filter((path) => path.split(/[\\/]/).some((part) => part.startsWith('.')));
    expect(hidden).toEqual([]);
    // They are kept beside it, where prerendering, the budgets and `npm start` read them.
    expect(JSON.parse(readFileSync(viteManifestFile(distDir), 'utf8'))).toHaveProperty(['index.html']);
    expect(existsSync(buildStampFile(distDir))).toBe(true);
  });

  it('asks static hosts for HSTS (a year, subdomains) and Cross-Origin-Resource-Policy on every path', () => {
    const headers = readFileSync(join(distDir, '_headers'), 'utf8');
    const all = headers.split('\n\n')[0];
    expect(all.split('\n')[0]).toBe('/*');
    expect(all).toMatch(/^  Strict-Transport-Security: max-age=31536000; includeSubDomains$/m);
    expect(all).toMatch(/^  Cross-Origin-Resource-Policy: same-origin$/m);
  });

  it('served by npm start: pages 200, build internals 404', async () => {
    const server: Server = await startServer({ distDir, port: 0, host: '127.0.0.1' });
    try {
      const address = server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const status = async (path: string) => (await fetch(`${base}${path}`)).status;
      expect({ home: await status('/'), feedback: await status('/feedback') }).toEqual({ home: 200, feedback: 200 });
      expect({ manifest: await status('/.vite/manifest.json'), stamp: await status('/.build-stamp'), headers: await status('/_headers') })
        .toEqual({ manifest: 404, stamp: 404, headers: 404 });
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
