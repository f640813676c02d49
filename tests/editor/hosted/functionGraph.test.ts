// What each Edge Function loads, read from its module graph as Deno resolves it (`deno info`): nothing the Edge
// Runtime refuses or cannot afford. Supabase's limits leave out child processes, vm, workers and a server of one's
// own (Deno.serve is the server), and native addons; jsdom, vite and sharp are the packages that bring them. And the
// bytes the site-editor function carries to Supabase, in a budget.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { carriedBy, denoInfo } from './cliMount.ts';
import { limit } from '../../../bench/machineSpeed.ts';

const root = resolve(import.meta.dirname, '..', '..', '..');
const functions = join(root, 'supabase', 'functions');
const denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
afterAll(() => rmSync(denoDir, { recursive: true, force: true }));

const REFUSED_BUILTINS = ['child_process', 'vm', 'worker_threads', 'cluster', 'http', 'https', 'http2', 'net', 'dgram', 'inspector', 'repl'];
const REFUSED_PACKAGES = ['jsdom', 'vite', 'sharp', '@vitejs/plugin-react', 'pdf-lib', 'playwright-core', '@electric-sql/pglite'];

interface Graph {
  modules: { specifier: string; dependencies?: { specifier: string }[] }[];
  npmPackages?: Record<string, { name: string; version: string }>;
}

/** A package that ships compiled code for Node (a .node file, or one built with node-gyp), as installed here. */
function nativeAddon(name: string): boolean {
  const dir = join(root, 'node_modules', name);
  if (!existsSync(dir)) return false;
  if (existsSync(join(dir, 'binding.gyp'))) return true;
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((file) => file.endsWith('.node'));
}

/** Everything in the module graph of `entry` that the Edge Runtime refuses, as "<importer>: <what>". */
function refusedIn(entry: string, config: string): string[] {
  const out = execFileSync(join(root, 'node_modules', '.bin', 'deno'), ['info', '--json', '--config', config, entry], {
    cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DENO_DIR: denoDir, DENO_NO_PACKAGE_JSON: '1', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  });
  const graph = JSON.parse(out) as Graph;
  const found = new Set<string>();
  for (const module of graph.modules.filter((m) => m.specifier.startsWith('file:'))) {
    const from = module.specifier.slice(`file://${root}/`.length);
    for (const { specifier } of module.dependencies ?? []) {
      const builtin = /^(?:node:)?([a-z_0-9]+)(?:\/|$)/.exec(specifier)?.[1];
      if (specifier.startsWith('node:') && builtin && REFUSED_BUILTINS.includes(builtin)) found.add(`${from}: ${specifier}`);
      const bare = specifier.replace(/^npm:\/?/, '').replace(/^((?:@[^/]+\/)?[^/@]+).*$/, '$1');
      if (REFUSED_PACKAGES.includes(bare)) found.add(`${from}: ${bare}`);
    }
  }
  for (const { name } of Object.values(graph.npmPackages ?? {})) {
    if (REFUSED_PACKAGES.includes(name)) found.add(`npm: ${name}`);
    if (nativeAddon(name)) found.add(`npm: ${name} (a native addon)`);
  }
  return [...found].sort();
}

const names = readdirSync(functions, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('_')).map((e) => e.name);

describe('each Edge Function\'s module graph', () => {
  it.each(names)('%s loads nothing the Edge Runtime refuses', (name) => {
    const dir = join(functions, name);
    const config = existsSync(join(dir, 'deno.json')) ? join(dir, 'deno.json') : join(functions, 'site-editor', 'deno.json');
    expect(refusedIn(join(dir, 'index.ts'), config)).toEqual([]);
  }, limit(240_000));

  it('finds them where they are: the editor\'s own server for npm start starts an HTTP server and Vite', () => {
    const found = refusedIn(join(root, 'server', 'local', 'editServer.ts'), join(functions, 'site-editor', 'deno.json'));
    expect(found).toEqual(expect.arrayContaining(['server/local/editServer.ts: node:http', 'server/local/editServer.ts: vite']));
  }, limit(240_000));
});

describe('what the site-editor function carries to Supabase', () => {
  // Supabase's bundle holds the function's modules and each npm package of its graph whole (Octokit's two copies of
  // its OpenAPI types alone were 10.1 MB of 18 MB): bytes as written, so the same on every machine and every run.
  it('is at most 4.25 MB of npm packages and 6 MB in all', () => {
    const fn = join(functions, 'site-editor');
    const carried = carriedBy(denoInfo(join(fn, 'index.ts'), join(fn, 'deno.json'), denoDir), denoDir);
    console.log(`site-editor carries ${((carried.moduleBytes + carried.npmBytes) / 1e6).toFixed(2)} MB: its modules ${(carried.moduleBytes / 1e6).toFixed(2)} MB, ${carried.packages.length} npm packages ${(carried.npmBytes / 1e6).toFixed(2)} MB`);
    expect(carried.npmBytes).toBeLessThanOrEqual(4_250_000);
    expect(carried.moduleBytes + carried.npmBytes).toBeLessThanOrEqual(6_000_000);
  }, limit(240_000));
});
