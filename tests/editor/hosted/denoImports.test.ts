// The site-editor function's imports resolved as Supabase's CLI bundles it: Deno with DENO_NO_PACKAGE_JSON=1 and only
// the function's own deno.json, so node_modules and package.json help nothing. Each bare import must be pinned there,
// at the version package-lock.json installs for the rest of the project.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { denoEnv } from './cliMount.ts';

const root = resolve(import.meta.dirname, '..', '..', '..');
const fn = join(root, 'supabase', 'functions', 'site-editor');
const denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
afterAll(() => rmSync(denoDir, { recursive: true, force: true }));

interface Resolved { error?: string }
interface Graph { modules: { specifier: string; error?: string; dependencies?: { specifier: string; code?: Resolved; type?: Resolved }[] }[] }

/** The import map supabase/config.toml names for the function, as a path from the top (the CLI reads it from supabase/). */
function importMapOf(name: string): string {
  const config = readFileSync(join(root, 'supabase', 'config.toml'), 'utf8');
  const section = new RegExp(`^\\[functions\\.${name}\\]$([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, 'm').exec(config)?.[1] ?? '';
  const map = /^import_map\s*=\s*"([^"]+)"/m.exec(section)?.[1];
  if (!map) throw new Error(`supabase/config.toml names no import_map for ${name}`);
  return resolve(root, 'supabase', map);
}

/**
 * Every import of the function's module graph that does not resolve, as `deno info` says it when run from the top of
 * the repository (no deno.json found there, no package.json read), with only `importMap`.
 */
function unresolved(importMap?: string): string[] {
  // No import map given: Deno finds the configuration itself, from where it is run, as a plain `deno check` does.
  const how = importMap ? ['--no-config', '--import-map', importMap] : [];
  const out = execFileSync(join(root, 'node_modules', '.bin', 'deno'), ['info', '--json', ...how, join(fn, 'index.ts')], {
    cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...denoEnv(denoDir) },
  });
  const graph = JSON.parse(out) as Graph;
  return [...new Set(graph.modules.flatMap((m) => [
    ...(m.error ? [`${m.specifier}: ${m.error}`] : []),
    ...(m.dependencies ?? []).flatMap((d) => [d.code, d.type].filter((r): r is Resolved => Boolean(r?.error)).map((r) => `${d.specifier}: ${r.error}`)),
  ]))].sort();
}

describe('the site-editor function, resolved as Supabase bundles it', () => {
  it('finds every import through the import map supabase/config.toml names, from the top of the repository; without it, the npm packages are missing', () => {
    expect(unresolved(importMapOf('site-editor'))).toEqual([]);
    const empty = join(denoDir, 'empty.json');
    writeFileSync(empty, '{ "imports": {} }');
    expect(unresolved(empty)).toContain('@octokit/rest: Import "@octokit/rest" not a dependency and not in import map from "file://' + join(root, 'supabase/functions/_shared/editor/githubHost.ts') + '"');
  }, 240_000);

  it('finds every import with no flags from the top of the repository too (deno.json there names the function\'s map)', () => {
    expect(unresolved()).toEqual([]);
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
