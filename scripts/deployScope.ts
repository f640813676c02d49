/**
 * What the deploy must send to Supabase for a change: each function whose module graph holds a changed file (the
 * function's folder, and every file it imports, however far: the site-editor function runs the engine's checker from
 * src/ and schema/), and the migrations when one changed. Worked out from the imports themselves, so a new import
 * needs no list kept by hand. Usage: `tsx scripts/deployScope.ts BASE HEAD`; prints `functions=<names>` and
 * `migrations=` and `settings=true|false` (lines for $GITHUB_OUTPUT), and why on standard error. When the changed files cannot be
 * known, everything is deployed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { changedFiles } from './ci-scope.ts';

const ROOT = resolve(import.meta.dirname, '..');
const FUNCTIONS = 'supabase/functions';
const MIGRATIONS = 'supabase/migrations/';
/** Settings every function is deployed with (verify_jwt, its import map): a change there redeploys them all. */
const SHARED_SETTINGS = ['supabase/config.toml'];

/** Static imports, re-exports and dynamic imports of a literal: the specifiers a bundler follows. */
const SPECIFIERS = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The repository's files a module imports, as paths from the top (packages are pinned elsewhere and left out). */
function importsOf(file: string, root: string): string[] {
  const text = readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const match of text.matchAll(SPECIFIERS)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier?.startsWith('.')) continue;
    const path = relative(root, resolve(root, dirname(file), specifier));
    if (existsSync(join(root, path)) && statSync(join(root, path)).isFile()) found.push(path);
  }
  return found;
}

const filesUnder = (root: string, folder: string) => readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
  .map((entry) => `${folder}/${entry}`)
  .filter((path) => statSync(join(root, path)).isFile());

/** A glob of config.toml's static_files ("../schema/**\/*.json", from supabase/) as a test of paths from the top. */
function globTest(glob: string, root: string): (path: string) => boolean {
  const path = relative(root, resolve(root, 'supabase', glob));
  const source = path.split(/(\*\*\/|\*)/).map((part) => (part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('');
  const pattern = new RegExp(`^${source}$`);
  return (candidate) => pattern.test(candidate);
}

/** The files config.toml says a function reads at run time (static_files), which no import names. */
function staticFiles(name: string, root: string): string[] {
  const config = readFileSync(join(root, 'supabase', 'config.toml'), 'utf8');
  const section = new RegExp(`^\\[functions\\.${name}\\]$([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, 'm').exec(config)?.[1] ?? '';
  const globs = /^static_files\s*=\s*\[([^\]]*)\]/m.exec(section)?.[1].match(/"[^"]*"/g)?.map((g) => g.slice(1, -1)) ?? [];
  if (!globs.length) return [];
  const tests = globs.map((glob) => globTest(glob, root));
  const tops = [...new Set(globs.map((g) => relative(root, resolve(root, 'supabase', g.split('*')[0])).split('/')[0]))];
  return tops.flatMap((top) => filesUnder(root, top)).filter((path) => tests.some((test) => test(path)));
}

/**
 * Every file of the repository in a function's module graph: its own folder's files, the files config.toml says it
 * reads at run time, and all they import.
 */
export function functionGraph(name: string, root = ROOT): Set<string> {
  const seen = new Set<string>();
  const queue = [...filesUnder(root, `${FUNCTIONS}/${name}`), ...staticFiles(name, root)];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (/\.(m?[jt]sx?)$/.test(file)) queue.push(...importsOf(file, root));
  }
  return seen;
}

/** The deployed functions: every folder of supabase/functions but the shared one. */
export function functionNames(root = ROOT): string[] {
  return readdirSync(join(root, FUNCTIONS), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name)
    .sort();
}

/** `settings`: config.toml changed, so the project's settings (sign-ups off, say) are pushed too. */
export interface DeployScope { functions: string[]; migrations: boolean; settings: boolean }

/** What a change deploys; `undefined` (the changed files are not known) deploys everything. */
export function deployScope(changed: string[] | undefined, root = ROOT): DeployScope {
  const names = functionNames(root);
  if (!changed) return { functions: names, migrations: true, settings: true };
  const settings = changed.some((path) => SHARED_SETTINGS.includes(path));
  return {
    functions: names.filter((name) => settings || (() => {
      const graph = functionGraph(name, root);
      return changed.some((path) => graph.has(path));
    })()),
    migrations: changed.some((path) => path.startsWith(MIGRATIONS)),
    settings,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = '', head = 'HEAD'] = process.argv.slice(2);
  const changed = changedFiles(base, head);
  const scope = deployScope(changed);
  console.log(`functions=${scope.functions.join(' ')}`);
  console.log(`migrations=${scope.migrations}`);
  console.log(`settings=${scope.settings}`);
  console.error(changed
    ? `${changed.length} changed file(s): deploy ${scope.functions.length ? scope.functions.join(', ') : 'no function'}${scope.migrations ? ', the migrations' : ''}${scope.settings ? ', the settings' : ''}.`
    : `The changed files are not known (base "${base}"): every function and the migrations.`);
}
