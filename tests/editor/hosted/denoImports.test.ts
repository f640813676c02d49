// The site-editor function's imports resolved as Supabase's CLI bundles it: Deno with DENO_NO_PACKAGE_JSON=1 and only
// the function's own deno.json, so node_modules and package.json help nothing. Each bare import must be pinned there,
// at the version package-lock.json installs for the rest of the project; and each npm package of its graph, the
// packages' own dependencies too, resolves to one version pinned exactly, with deno.lock or without it (as the CLI's
// --use-api deploy has it bundled).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { denoEnv, denoInfo } from './cliMount.ts';
import { limit } from '../../../bench/machineSpeed.ts';

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
    expect(unresolved(empty)).toContain('jose: Import "jose" not a dependency and not in import map from "file://' + join(root, 'server/editor/auth.ts') + '"');
  }, limit(240_000));

  it('finds every import with no flags from the top of the repository too (deno.json there names the function\'s map)', () => {
    expect(unresolved()).toEqual([]);
  }, limit(240_000));

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

/** An npm specifier naming an exact version (npm:name@1.2.3, npm:/name@1.2.3/...): name@version, else undefined. */
function exactPin(specifier: string): string | undefined {
  const [, name, version] = /^npm:\/?(@?[^@/]+(?:\/[^@/]+)?)@(\d+\.\d+\.\d+(?:-[\w.]+)?)(?:\/.*)?$/.exec(specifier) ?? [];
  return name ? `${name}@${version}` : undefined;
}

/**
 * The npm packages of the function's graph as Deno resolves them with `config` (with the deno.lock beside it, or
 * without one), and every way they break the rule: a package in two versions, or one at a version nothing pins
 * exactly, neither deno.json's imports nor an npm: import of the function's own code (index.ts names postgres so).
 */
function npmPackagesWith(config: string, lock: boolean): { packages: string[]; broken: string[] } {
  const graph = denoInfo(join(fn, 'index.ts'), config, denoDir, { lock });
  const { imports } = JSON.parse(readFileSync(config, 'utf8')) as { imports: Record<string, string> };
  const pinned = new Set([
    ...Object.values(imports),
    ...graph.modules.filter((m) => m.specifier.startsWith('file:')).flatMap((m) => (m.dependencies ?? []).map((d) => d.specifier)),
  ].map(exactPin).filter((pin) => pin !== undefined));
  const packages = [...new Set(Object.values(graph.npmPackages ?? {}).map(({ name, version }) => `${name}@${version}`))].sort();
  const versions = new Map<string, string[]>();
  for (const pkg of packages) {
    const name = pkg.replace(/(.)@.*$/, '$1');
    versions.set(name, [...(versions.get(name) ?? []), pkg]);
  }
  const broken = [
    ...[...versions].filter(([, each]) => each.length > 1).map(([name, each]) => `${name} in ${each.length} versions: ${each.join(', ')}`),
    ...packages.filter((pkg) => !pinned.has(pkg)).map((pkg) => `${pkg} is pinned exactly nowhere`),
  ];
  return { packages, broken };
}

describe('the npm packages of the site-editor function', () => {
  const config = join(fn, 'deno.json');

  it('each is there once, at the version deno.json pins, resolved with deno.lock or without it (as --use-api bundles), and deno.lock holds just those', () => {
    const locked = npmPackagesWith(config, true);
    const floating = npmPackagesWith(config, false);
    expect(locked.broken).toEqual([]);
    expect(floating.broken).toEqual([]);
    expect(floating.packages).toEqual(locked.packages);
    // ajv's dependencies are among them, though the function loads only ajv's runtime (npmPins.ts names them).
    expect(locked.packages).toEqual(expect.arrayContaining(['ajv@8.20.0', 'fast-uri@3.1.9', 'json-schema-traverse@1.0.0']));
    const lockFile = JSON.parse(readFileSync(join(fn, 'deno.lock'), 'utf8')) as { npm: Record<string, unknown> };
    expect(Object.keys(lockFile.npm).map((key) => key.replace(/^(@?[^@]+@[^_]+).*$/, '$1')).sort()).toEqual(locked.packages);
  }, limit(240_000));

  it('finds a dependency left to float: without its pin, ajv\'s fast-uri is whatever the registry has newest in its range', () => {
    const { imports } = JSON.parse(readFileSync(config, 'utf8')) as { imports: Record<string, string> };
    const unpinned = join(denoDir, 'unpinned.json');
    writeFileSync(unpinned, JSON.stringify({ imports: Object.fromEntries(Object.entries(imports).filter(([name]) => name !== 'fast-uri')) }));
    expect(npmPackagesWith(unpinned, false).broken).toEqual([expect.stringMatching(/^fast-uri@[\d.]+ is pinned exactly nowhere$/)]);
  }, limit(240_000));
});
