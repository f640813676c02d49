import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { buildStampFile, buildInfoDir } from '../../server/local/buildInfo.ts';
import { closeLocalFeedback } from '../../server/local/feedback.ts';
import { startServer } from '../../server/local/serve.ts';

/**
 * The smallest folder the real server serves (a home page, the not-found page, the route list), with the files a
 * build used to leave in it (.vite/manifest.json, .build-stamp, the static host's _headers): for server tests that need
 * no real build. Its build stamp lies in the future, so `npm start --dist` serves it without building.
 */
export function fakeDist(dir: string): string {
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, 'routes.json'), JSON.stringify({ pages: [{ id: 'home', path: '/' }], aliases: [], prefixRedirects: [], templates: {}, notFoundId: 'not-found' }));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title><p>home page</p>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Not found</title><p>not found</p>');
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/main.js"}}');
  writeFileSync(join(dir, '.build-stamp'), 'stamp');
  writeFileSync(join(dir, '_headers'), '/*\n  X-Test: 1\n');
  mkdirSync(buildInfoDir(dir), { recursive: true });
  writeFileSync(buildStampFile(dir), 'stamp');
  const later = new Date(Date.now() + 24 * 3600 * 1000);
  utimesSync(buildStampFile(dir), later, later);
  return dir;
}

export interface FakeSite { work: string; dataDir: string; port: number; base: string; stop(): Promise<void> }

/**
 * The real server on a fake dist in a private folder, its local feedback database in that folder too, with the
 * environment variables given (set for this test file until stop()).
 */
export async function serveFakeSite(prefix: string, env: Record<string, string>): Promise<FakeSite> {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = join(work, 'feedback');
  vi.stubEnv('FEEDBACK_DATA_DIR', dataDir);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const distDir = fakeDist(join(work, 'dist'));
  const server = await startServer({ distDir, port: 0, host: '127.0.0.1' });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    work,
    dataDir,
    port,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise((done) => server.close(done));
      await closeLocalFeedback();
      vi.unstubAllEnvs();
      rmSync(buildInfoDir(distDir), { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    },
  };
}
