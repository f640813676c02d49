// The site-editor function's imports resolved as Supabase's CLI bundles it: Deno with DENO_NO_PACKAGE_JSON=1 and only
// the function's own deno.json, so node_modules and package.json help nothing. Each bare import must be pinned there,
// at the version package-lock.json installs for the rest of the project.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..', '..');
const fn = join(root, 'supabase', 'functions', 'site-editor');
const denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
afterAll(() => rmSync(denoDir, { recursive: true, force: true }));

interface Resolved { error?: string }
interface Graph { modules: { specifier: string; error?: string; dependencies?: { specifier: string; code?: Resolved; type?: Resolved }[] }[] }

/** Every import of the function's module graph that does not resolve, as `deno info` says it. */
function unresolved(config: string): string[] {
  const out = execFileSync(join(root, 'node_modules', '.bin', 'deno'), ['info', '--json', '--config', config, 'index.ts'], {
    cwd: fn, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DENO_DIR: denoDir, DENO_NO_PACKAGE_JSON: '1', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  });
  const graph = JSON.parse(out) as Graph;
  return [...new Set(graph.modules.flatMap((m) => [
    ...(m.error ? [`${m.specifier}: ${m.error}`] : []),
    ...(m.dependencies ?? []).flatMap((d) => [d.code, d.type].filter((r): r is Resolved => Boolean(r?.error)).map((r) => `${d.specifier}: ${r.error}`)),
  ]))].sort();
}

describe('the site-editor function, resolved as Supabase bundles it', () => {
  it('finds every import through its deno.json alone; without it, the npm packages are missing', () => {
    expect(unresolved('deno.json')).toEqual([]);
    const empty = join(denoDir, 'empty.json');
    writeFileSync(empty, '{}');
    expect(unresolved(empty)).toContain('@octokit/rest: Import "@octokit/rest" not a dependency');
  }, 240_000);

  it('pins each package at the version the project installs', () => {
    const { imports } = JSON.parse(readFileSync(join(fn, 'deno.json'), 'utf8')) as { imports: Record<string, string> };
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    for (const [name, target] of Object.entries(imports)) {
      const [, pkg, version] = /^npm:\/?(@?[^@/]+(?:\/[^@/]+)?)@([^/]+)\/?$/.exec(target) ?? [];
      expect(pkg, name).toBeDefined();
      expect(`${pkg}@${version}`, name).toBe(`${pkg}@${lock.packages[`node_modules/${pkg}`]?.version}`);
    }
  });
});
