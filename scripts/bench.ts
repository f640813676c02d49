/**
 * npm run bench: the performance figures of a fresh production build, as a phone sees them.
 *
 *   npm run bench                      bytes of every route, Lighthouse on six representative routes, build,
 *                                      check and feedback-endpoint figures, as a table
 *   npm run bench -- --all             Lighthouse on every route too
 *   npm run bench -- --json            the same figures as JSON on stdout (progress goes to stderr)
 *   npm run bench -- --routes /,/fees  only these routes
 *   npm run bench -- --runs 5          Lighthouse's performance 5 times per route (default 3), each in a fresh
 *                                      Chrome as the Lighthouse CLI runs it; each figure is the median
 *   npm run bench -- --no-lighthouse   skip Lighthouse (fast)   --no-endpoint   skip the feedback endpoint
 *   npm run bench -- --no-preview      skip the editor's preview at /admin
 *   npm run bench -- --no-navigation   skip the next page painted after a click
 *   npm run bench -- --no-editor       skip the editor's heaviest requests on npm start, beside the pages
 *   npm run bench -- --no-function     skip the site-editor function's CPU under Deno, run as Supabase runs it
 *   npm run bench -- --dist DIR        measure an existing build instead of building (build time not measured)
 *   npm run bench -- --compare A.json B.json   a before/after table of two --json reports, route by route
 *
 * The site is built into a temporary folder (never dist/) and served by the real server (server/local) in a
 * child process, so the measuring never competes with the server in one event loop. Bytes are what Chromium
 * loads with a phone's screen (412 x 823 CSS px, DPR 1.75: Lighthouse's mobile device): every response body,
 * sent gzip- or brotli-compressed exactly as the server would (text over 256 bytes), images and fonts as they are.
 * "Load" is what arrives before the network is quiet; "scrolled" adds what the page fetches while it is read to
 * the bottom (lazy images). Lighthouse 12 runs with its default mobile settings (simulated slow 4G, 4x CPU), first on
 * an empty floor page (writeFloorPage), then on the routes, each performance run in a fresh Chrome.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { siteFileFromEnv } from '../src/content/siteFiles.ts';
import type { RouteManifest } from '../src/content/model.ts';
import { measureEditorBeside, type BesideFigure } from '../bench/editorBeside.ts';
import { buildInfoDir, viteManifestFile } from '../server/local/buildInfo.ts';
import { allBytes, sum, weighRoute } from '../bench/weigh.ts';
import type { ViteManifest } from '../build/prerender.ts';
import type { RouteLighthouse } from '../bench/lighthouseRuns.ts';
import { log, root, tsx } from '../bench/common.ts';
import { measureBytes } from '../bench/bytes.ts';
import { writeFloorPage, measureLighthouse } from '../bench/lighthouse.ts';
import { type EndpointFigures, measureEndpoint } from '../bench/endpoint.ts';
import { type PreviewFigures, measurePreview } from '../bench/preview.ts';
import { type NavigationFigures, measureNavigation } from '../bench/navigation.ts';
import { compare, readReport, render, type FunctionFigures, type Report } from '../bench/report.ts';


const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
// ---------------------------------------------------------------------------------------------------------------
// Serve mode: `tsx scripts/bench.ts --serve DIR` is the child process that serves a build on a free port.
if (flag('--serve')) {
  const { startServer } = await import('../server/local/serve.ts');
  const server = await startServer({ distDir: resolve(option('--serve')!), port: 0, host: '127.0.0.1' });
  const address = server.address();
  process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
  await new Promise(() => undefined);
}

const json = flag('--json');

function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const started = performance.now();
  return new Promise((done, fail) => {
    execFile(command, commandArgs, { cwd: root, env, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) fail(new Error(`${command} ${commandArgs.join(' ')} failed:\n${stderr}`));
      else done((performance.now() - started) / 1000);
    });
  });
}

function serve(distDir: string, env: NodeJS.ProcessEnv): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [tsx, join(root, 'scripts', 'bench.ts'), '--serve', distDir], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /PORT (\d+)/.exec(out)?.[1];
      if (port) done({ base: `http://127.0.0.1:${port}`, child });
    });
    child.once('exit', (code) => fail(new Error(`the server stopped (exit code ${code})`)));
  });
}

// ---------------------------------------------------------------------------------------------------------------

if (flag('--compare')) {
  const [a, b] = args.slice(args.indexOf('--compare') + 1);
  if (!a || !b) throw new Error('Give two reports: npm run bench -- --compare before.json after.json');
  process.stdout.write(compare(readReport(a), readReport(b)) + '\n');
  process.exit(0);
}

const given = option('--dist');
const distDir = given ? resolve(given) : mkdtempSync(join(tmpdir(), 'bench-dist-'));
// The feedback endpoint writes into a throwaway data folder (never the project's .data/), with its per-client
// rate limit off: every request here comes from one address, and the figure wanted is what the handler and its
// database can take.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
const floorDir = mkdtempSync(join(tmpdir(), 'bench-floor-'));
const serverEnv = { ...process.env, FEEDBACK_DATA_DIR: join(dataDir, 'feedback'), FEEDBACK_RATE_LIMIT: '0', NODE_ENV: 'production' };
let child: ChildProcess | undefined;
try {
  let buildSeconds: number | null = null;
  if (!given) {
    log('Building into ' + distDir + ' ...');
    buildSeconds = await run(process.execPath, [tsx, join(root, 'scripts', 'build.ts'), '--outDir', distDir]);
  }
  log('Timing npm run check ...');
  const checkSeconds = await run('npm', ['run', '--silent', 'check']);

  const manifest = JSON.parse(readFileSync(join(distDir, 'routes.json'), 'utf8')) as RouteManifest;
  const all = manifest.pages.map((p) => p.path);
  const only = option('--routes')?.split(',').map((p) => p.trim()).filter(Boolean);
  const doctorPrefix = manifest.profilePaths.doctors?.replace(':slug', '');
  const representative = [
    '/', '/services', '/fees',
    all.find((p) => doctorPrefix && p.startsWith(doctorPrefix) && p !== doctorPrefix),
    all.find((p) => p.startsWith('/services/')),
    '/feedback',
  ].filter((p): p is string => Boolean(p && all.includes(p)));
  const bytePaths = only ?? all;
  const lighthousePaths = only ?? (flag('--all') ? all : representative);

  const served = await serve(distDir, serverEnv);
  child = served.child;
  log(`Serving ${distDir} at ${served.base}`);
  log('Measuring bytes per route ...');
  const bytes = await measureBytes(served.base, bytePaths);
  const viteManifest = JSON.parse(readFileSync(viteManifestFile(distDir), 'utf8')) as ViteManifest;
  for (const b of bytes) {
    const html = b.path === '/' ? join(distDir, 'index.html') : join(distDir, ...b.path.slice(1).split('/'), 'index.html');
    const w = weighRoute(distDir, html, viteManifest);
    b.budget = { initialJsGzip: sum(w.js), allGzip: allBytes(w) };
  }
  let lighthouse: RouteLighthouse[] = [];
  let floor: RouteLighthouse | null = null;
  if (!flag('--no-lighthouse')) {
    const runs = Number(option('--runs') ?? 3);
    log('Running Lighthouse (mobile) on the floor page ...');
    writeFloorPage(floorDir);
    const floorServed = await serve(floorDir, serverEnv);
    try {
      floor = (await measureLighthouse(floorServed.base, ['/'], runs))[0];
    } finally {
      floorServed.child.kill();
    }
    log('Running Lighthouse (mobile) ...');
    lighthouse = await measureLighthouse(served.base, lighthousePaths, runs);
  }
  let navigation: NavigationFigures | null = null;
  if (!flag('--no-navigation')) {
    log('Measuring the next page painted after a click ...');
    navigation = await measureNavigation(served.base, ['/fees', '/services', '/appointments'].filter((p) => all.includes(p)));
  }
  let endpoint: EndpointFigures | null = null;
  if (!flag('--no-endpoint')) {
    log('Measuring the feedback endpoint ...');
    endpoint = await measureEndpoint(served.base);
  }
  let preview: PreviewFigures | null = null;
  if (!flag('--no-preview')) {
    log('Measuring the editor\'s preview ...');
    preview = await measurePreview(served.base, readFileSync(siteFileFromEnv(), 'utf8'));
  }
  let editor: BesideFigure[] | null = null;
  if (!flag('--no-editor')) {
    log('Measuring the editor\'s heaviest requests beside the pages ...');
    editor = await measureEditorBeside(siteFileFromEnv(), join(dataDir, 'editor-dist'));
  }
  let fn: FunctionFigures | null = null;
  if (!flag('--no-function')) {
    log('Measuring the site-editor function under Deno ...');
    // The rehearsal the tests run the function in, as a process of its own: its figures are its last line.
    const measured = execFileSync(process.execPath, ['--import', 'tsx', join(root, 'tests', 'editor', 'hosted', 'functionBench.ts')], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 });
    fn = JSON.parse(measured.trim().split('\n').at(-1) ?? 'null') as FunctionFigures;
  }
  const report: Report = { when: new Date().toISOString(), buildSeconds, checkSeconds, bytes, lighthouse, floor, endpoint, preview, editor, fn, navigation };
  process.stdout.write((json ? JSON.stringify(report, null, 2) : render(report)) + '\n');
} finally {
  child?.kill();
  for (const dir of [dataDir, floorDir]) rmSync(dir, { recursive: true, force: true });
  if (!given) for (const dir of [distDir, buildInfoDir(distDir)]) rmSync(dir, { recursive: true, force: true });
}
