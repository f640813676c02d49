import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildInfoDir } from '../../server/local/buildInfo.ts';
import { startServer } from '../../server/local/serve.ts';
import { findChromium } from '../../bench/browser.ts';

declare module 'vitest' {
  export interface ProvidedContext { baseURL: string; distDir: string; siteFile: string }
}

const root = resolve(import.meta.dirname, '..', '..');

/**
 * A production build of one site file in a private folder (so parallel runs never share dist/), served by the real
 * server; the tests get its address, folder and site file. `now` builds it as on that moment (SITE_NOW), else as
 * today. E2E_DIST reuses a finished build of the same site.
 */
export async function buildAndServe(project: TestProject, siteFile: string, now?: string) {
  findChromium();
  const distDir = process.env.E2E_DIST ?? mkdtempSync(join(tmpdir(), 'site-e2e-'));
  if (!process.env.E2E_DIST) {
    execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts'), '--outDir', distDir], {
      stdio: 'inherit', cwd: root, env: { ...process.env, SITE: siteFile, ...(now ? { SITE_NOW: now } : {}) },
    });
  }
  const server = await startServer({ distDir, port: 0, host: '127.0.0.1' });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  project.provide('baseURL', `http://127.0.0.1:${port}`);
  project.provide('distDir', distDir);
  project.provide('siteFile', siteFile);
  return async () => {
    await new Promise((done) => server.close(done));
    if (!process.env.E2E_DIST) for (const dir of [distDir, buildInfoDir(distDir)]) rmSync(dir, { recursive: true, force: true });
  };
}
