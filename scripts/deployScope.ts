/**
 * What the deploy must send to Supabase: each function whose deployed version is not this commit's. A function's
 * version is a hash of what a deploy sends for it (`functionVersion`: every file of its module graph, however far:
 * the site-editor function runs the engine's checker from src/ and schema/, and its settings in config.toml), worked
 * out from the imports themselves, so a new import needs no list kept by hand. The deploy writes it into the function
 * (`--stamp`), which answers it at GET <function>/version; a function that answers another version, or none (never
 * deployed, a deploy that failed half-way, an older deploy without the route), is deployed again, so a failed deploy
 * is tried again by the next run whatever that run changed.
 *
 * Usage: `tsx scripts/deployScope.ts <the project's functions address>` (https://<ref>.supabase.co/functions/v1)
 * prints `functions=<names>` (a line for $GITHUB_OUTPUT), and why, on standard error;
 * `tsx scripts/deployScope.ts --stamp <name>` writes that function's version into it, just before it is deployed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const FUNCTIONS = 'supabase/functions';
/**
 * The module the deploy writes a function's version into, just before it deploys it (`stampVersion`): in every
 * function's graph, and left out of the version it holds.
 */
export const VERSION_MODULE = 'server/deployedVersion.ts';
const VERSION_LINE = /^export const DEPLOYED_VERSION = '[^'\n]*';$/m;

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

/** A function's section of config.toml ([functions.<name>]: verify_jwt, its import map...). */
function configSection(name: string, root: string): string {
  const config = readFileSync(join(root, 'supabase', 'config.toml'), 'utf8');
  return new RegExp(`^\\[functions\\.${name}\\]$([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, 'm').exec(config)?.[1] ?? '';
}

/** The files config.toml says a function reads at run time (static_files), which no import names. */
function staticFiles(name: string, root: string): string[] {
  const section = configSection(name, root);
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

/**
 * The version of what a deploy sends for a function: a hash of the path and bytes of every file in its module graph
 * (its deno.json and deno.lock among them), in the order of their paths, and of its settings in config.toml (comments
 * and blank lines left out). The same on every machine: no dates, paths with "/", the order not the locale's. The
 * version module is left out, since it holds this very hash once stamped.
 */
export function functionVersion(name: string, root = ROOT): string {
  const hash = createHash('sha256');
  const settings = configSection(name, root).split(/\r?\n/).map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  hash.update(`[functions.${name}]\n${settings.join('\n')}\n`);
  const paths = [...functionGraph(name, root)].map((path) => path.replaceAll('\\', '/')).filter((path) => path !== VERSION_MODULE).sort();
  for (const path of paths) {
    const bytes = readFileSync(join(root, path));
    hash.update(`\0${path}\0${bytes.length}\0`);
    hash.update(bytes);
  }
  return hash.digest('hex').slice(0, 16);
}

/** Writes a function's version into the version module, for the deploy that follows. */
export function stampVersion(name: string, root = ROOT): string {
  if (!functionNames(root).includes(name)) throw new Error(`There is no function "${name}" in ${FUNCTIONS}: the functions are ${functionNames(root).join(', ')}.`);
  const file = join(root, VERSION_MODULE);
  const text = readFileSync(file, 'utf8');
  if (!VERSION_LINE.test(text)) throw new Error(`${VERSION_MODULE} has no line "export const DEPLOYED_VERSION = '...';" for the deploy to write the version on.`);
  const version = functionVersion(name, root);
  writeFileSync(file, text.replace(VERSION_LINE, `export const DEPLOYED_VERSION = '${version}';`));
  return version;
}

/** What a function answered when asked its version: the version, or why there is none, in words. */
export type Reported = { version: string } | { problem: string };

/** Asks a deployed function its version (GET <functions address>/<name>/version, no sign-in). */
export async function reportedVersion(functionsUrl: string, name: string, timeoutMs = 30_000): Promise<Reported> {
  const url = `${functionsUrl.replace(/\/+$/, '')}/${name}/version`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    return { problem: `could not be reached at ${url} (${error instanceof Error ? error.message : String(error)})` };
  }
  const body: unknown = await response.json().catch(() => undefined);
  const version = typeof body === 'object' && body !== null && 'version' in body ? body.version : undefined;
  // One line of plain characters, as every version is: nothing else an answer says reaches the workflow's log.
  if (!response.ok || typeof version !== 'string' || !/^[\x20-\x7e]{1,100}$/.test(version)) return { problem: `did not say its version at ${url} (it answered ${response.status})` };
  return { version };
}

/** One function's verdict: deploy it or not, and why in words. */
export interface Verdict { name: string; deploy: boolean; why: string }

/** Each function, deployed when the version it reports is not this copy's, or when it reports none. */
export async function deployScope(functionsUrl: string, root = ROOT): Promise<Verdict[]> {
  return Promise.all(functionNames(root).map(async (name): Promise<Verdict> => {
    const wanted = functionVersion(name, root);
    const reported = await reportedVersion(functionsUrl, name);
    if ('problem' in reported) return { name, deploy: true, why: `${name} ${reported.problem}: deploy it (version ${wanted}).` };
    if (reported.version !== wanted) return { name, deploy: true, why: `${name} runs version ${reported.version}, this commit's is ${wanted}: deploy it.` };
    return { name, deploy: false, why: `${name} already runs this commit's version (${wanted}).` };
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [first = '', second = ''] = process.argv.slice(2);
  try {
    if (first === '--stamp') {
      console.error(`${second}: version ${stampVersion(second)} written into ${VERSION_MODULE}.`);
    } else if (/^https?:\/\//.test(first)) {
      const verdicts = await deployScope(first);
      console.log(`functions=${verdicts.filter((v) => v.deploy).map((v) => v.name).join(' ')}`);
      for (const verdict of verdicts) console.error(verdict.why);
    } else {
      throw new Error('Give the project\'s functions address (https://<project ref>.supabase.co/functions/v1), or --stamp and a function\'s name.');
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
