import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from '@deno/eszip';

/*
 * A function as the Supabase CLI deploys it: only supabase/functions/ and the files its module graph imports are
 * mounted for the bundler, packages come from the function's deno.json alone (DENO_NO_PACKAGE_JSON=1, so neither
 * package.json nor node_modules helps), and the bundle sent is an eszip.
 */

export const ROOT = resolve(import.meta.dirname, '..', '..', '..');
export const DENO = join(ROOT, 'node_modules', '.bin', 'deno');

export interface DenoGraph {
  modules: { specifier: string; size?: number; dependencies?: { specifier: string }[] }[];
  npmPackages?: Record<string, { name: string; version: string }>;
}

/** How this machine reaches the npm registry (its certificates, a proxy): passed on, as the CLI's machine has its own. */
const NETWORK = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'DENO_CERT', 'HTTPS_PROXY', 'HTTP_PROXY', 'NO_PROXY', 'https_proxy', 'http_proxy', 'no_proxy', 'NPM_CONFIG_REGISTRY'];

/** Deno run as the CLI's bundler runs it: no package.json, this cache, no colours. */
export const denoEnv = (denoDir: string): Record<string, string> => ({
  ...Object.fromEntries(NETWORK.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))),
  PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DENO_DIR: denoDir, DENO_NO_PACKAGE_JSON: '1', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1',
});

/**
 * The module graph of `entry` as Deno resolves it with `config`. `lock: false` resolves without the deno.lock beside
 * it, as the CLI's `--use-api` deploy has it bundled (Supabase's bundler is not given the lock).
 */
export function denoInfo(entry: string, config: string, denoDir: string, options: { lock?: boolean } = {}): DenoGraph {
  const out = execFileSync(DENO, ['info', '--json', ...(options.lock === false ? ['--no-lock'] : []), '--config', config, entry], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'], env: denoEnv(denoDir) });
  return JSON.parse(out) as DenoGraph;
}

/** Bytes of every file under `dir`. */
function bytesUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).reduce((sum, file) => {
    const stat = statSync(join(dir, file));
    return stat.isFile() ? sum + stat.size : sum;
  }, 0);
}

/** What a function's bundle on Supabase carries: its own modules, and each npm package of its graph whole. */
export interface Carried {
  /** Bytes of the graph's own modules (TypeScript, JavaScript, JSON), as written. */
  moduleBytes: number;
  /** Bytes of the npm packages' folders, every file of each, as Deno downloaded them. */
  npmBytes: number;
  /** Each npm package once, name@version, sorted. */
  packages: string[];
}

/**
 * What the bundle Supabase makes of `graph` carries. Its eszip holds the function's modules and, for npm, each
 * package's folder whole, whatever the code uses of it (a tree-shaking `deno bundle` keeps far less): so a package's
 * bytes count, not only those of the modules loaded. `denoDir` is where `graph` was resolved.
 */
export function carriedBy(graph: DenoGraph, denoDir: string): Carried {
  const moduleBytes = graph.modules.filter((m) => m.specifier.startsWith('file:')).reduce((sum, m) => sum + (m.size ?? 0), 0);
  const registries = readdirSync(join(denoDir, 'npm')).map((host) => join(denoDir, 'npm', host));
  // One folder however many ways its peers resolve (ajv-formats@3.0.1_ajv@8.20.0 is ajv-formats/3.0.1).
  const each = new Map(Object.values(graph.npmPackages ?? {}).map(({ name, version }) => [`${name}@${version}`, { name, version }]));
  const npmBytes = [...each.values()].reduce((sum, { name, version }) => {
    const folder = registries.map((registry) => join(registry, name, version)).find((dir) => existsSync(dir));
    if (!folder) throw new Error(`${name}@${version} is not in ${denoDir}`);
    return sum + bytesUnder(folder);
  }, 0);
  const packages = [...each.keys()].sort();
  return { moduleBytes, npmBytes, packages };
}

/** The repository's files in the graphs of `entries` (paths from the top), as Deno resolves them with `config`. */
export function graphFiles(entries: string[], config: string, denoDir: string): string[] {
  const files = entries.flatMap((entry) => denoInfo(entry, config, denoDir).modules)
    .filter((m) => m.specifier.startsWith('file:'))
    .map((m) => relative(ROOT, fileURLToPath(m.specifier)));
  return [...new Set(files)].filter((file) => !file.startsWith('..')).sort();
}

/** Copies what the CLI mounts for `entries` into `into`, keeping each file's path; returns how many files. */
export function mountAsCli(into: string, entries: string[], config: string, denoDir: string): number {
  const functions = readdirSync(join(ROOT, 'supabase', 'functions'), { recursive: true, encoding: 'utf8' })
    .map((file) => join('supabase', 'functions', file))
    .filter((file) => statSync(join(ROOT, file)).isFile());
  const files = [...new Set([...functions, ...graphFiles(entries, config, denoDir)])];
  for (const file of files) {
    mkdirSync(dirname(join(into, file)), { recursive: true });
    cpSync(join(ROOT, file), join(into, file));
  }
  return files.length;
}

/** Deno's bundle of `entry`'s module graph, written to `out`: how many modules went into it. */
function bundleInto(out: string, entry: string, config: string, denoDir: string): number {
  const run = spawnSync(DENO, ['bundle', '--config', config, '--platform', 'deno', '-o', out, entry], { cwd: dirname(entry), encoding: 'utf8', env: denoEnv(denoDir) });
  if (run.status !== 0) throw new Error(`deno bundle failed:\n${run.stderr}`);
  return Number(/Bundled (\d+) modules/.exec(run.stdout + run.stderr)?.[1] ?? 0);
}

/** `entry` bundled into one file beside it (so what it finds by relative addresses is still found): that file. */
export function bundled(entry: string, config: string, denoDir: string): string {
  const out = join(dirname(entry), `.${basename(entry, '.ts')}.bundle.js`);
  bundleInto(out, entry, config, denoDir);
  return out;
}

/**
 * The function as one eszip, npm packages included: Deno bundles the module graph (its own modules, the JSON of the
 * schema and the npm packages, as the function's deno.json pins them), and that bundle is written as an eszip, the
 * format the CLI uploads. `modules`: how many modules went into it.
 */
export async function bundleAsEszip(entry: string, config: string, denoDir: string): Promise<{ modules: number; bytes: number }> {
  const out = join(dirname(entry), '.bundle.js');
  const modules = bundleInto(out, entry, config, denoDir);
  const eszip = await build([pathToFileURL(out).href], async (specifier) => {
    if (!specifier.startsWith('file:')) return { kind: 'external', specifier };
    return { kind: 'module', specifier, content: readFileSync(fileURLToPath(specifier)), headers: { 'content-type': 'application/javascript' } };
  });
  return { modules, bytes: eszip.length };
}
