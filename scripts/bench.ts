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
 *   npm run bench -- --no-editor       skip the editor's heaviest requests on npm start, beside the pages
 *   npm run bench -- --no-function     skip the site-editor function's CPU under Deno, run as Supabase runs it
 *   npm run bench -- --dist DIR        measure an existing build instead of building (build time not measured)
 *   npm run bench -- --compare A.json B.json   a before/after table of two --json reports, route by route
 *
 * The site is built into a temporary folder (never dist/) and served by the real server (scripts/server) in a
 * child process, so the measuring never competes with the server in one event loop. Bytes are what Chromium
 * loads with a phone's screen (412 x 823 CSS px, DPR 1.75: Lighthouse's mobile device): every response body,
 * sent gzip- or brotli-compressed exactly as the server would (text over 256 bytes), images and fonts as they are.
 * "Load" is what arrives before the network is quiet; "scrolled" adds what the page fetches while it is read to
 * the bottom (lazy images). Lighthouse 12 runs with its default mobile settings (simulated slow 4G, 4x CPU), first on
 * an empty floor page (writeFloorPage), then on the routes, each performance run in a fresh Chrome.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { siteFileFromEnv } from '../src/content/siteFiles.ts';
import type { RouteManifest } from '../src/content/model.ts';
import { measureEditorBeside, type BesideFigure } from './editorBeside.ts';
import { measureFunction, type FunctionFigures } from './functionBench.ts';
import { buildInfoDir, viteManifestFile } from './server/buildInfo.ts';
import { COMPRESS_MIN_BYTES } from './server/static.ts';
import { allBytes, sum, weighRoute, type ViteManifest } from './weigh.ts';
import { medianRun, type RouteLighthouse } from './lighthouseRuns.ts';
import { bootTag } from './server/boot.ts';

const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The same switches as the browser tests (tests/e2e/browser.ts). */
const chromeFlags = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

// ---------------------------------------------------------------------------------------------------------------
// Serve mode: `tsx scripts/bench.ts --serve DIR` is the child process that serves a build on a free port.
if (flag('--serve')) {
  const { startServer } = await import('./server/serve.ts');
  const server = await startServer({ distDir: resolve(option('--serve')!), port: 0, host: '127.0.0.1' });
  const address = server.address();
  process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
  await new Promise(() => undefined);
}

const json = flag('--json');
const log = (text: string) => process.stderr.write(text + '\n');

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
// Bytes a phone downloads, per route, in Chromium.

type Kind = 'html' | 'js' | 'css' | 'image' | 'font' | 'other';
interface Totals { raw: number; gzip: number; brotli: number }
export interface RouteBytes {
  path: string;
  requests: number;
  /** Until the network is quiet after load (includes what hydration fetches). */
  load: Record<Kind, Totals> & { total: Totals };
  /** Everything, after scrolling to the bottom. */
  scrolled: { total: Totals; requests: number };
  /** From the build's files, as the budget tests count them (scripts/weigh.ts): initial JS, and everything. */
  budget?: { initialJsGzip: number; allGzip: number };
}

const compressible = /^(text\/|application\/(json|xml|manifest|javascript)|image\/svg)/;
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

function kindOf(type: string, contentType: string): Kind {
  if (type === 'document' || contentType.startsWith('text/html')) return 'html';
  if (type === 'script' || /javascript/.test(contentType)) return 'js';
  if (type === 'stylesheet' || contentType.startsWith('text/css')) return 'css';
  if (type === 'image' || contentType.startsWith('image/')) return 'image';
  if (type === 'font' || contentType.startsWith('font/')) return 'font';
  return 'other';
}

/** As the server sends it: text over its threshold compressed when that is smaller (gzip 9, brotli 11). */
function sizes(body: Buffer, contentType: string): Totals {
  if (!compressible.test(contentType) || body.length <= COMPRESS_MIN_BYTES) return { raw: body.length, gzip: body.length, brotli: body.length };
  return {
    raw: body.length,
    gzip: Math.min(body.length, gzipSync(body, { level: 9 }).length),
    brotli: Math.min(body.length, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length),
  };
}

const zero = (): Totals => ({ raw: 0, gzip: 0, brotli: 0 });
const add = (a: Totals, b: Totals) => { a.raw += b.raw; a.gzip += b.gzip; a.brotli += b.brotli; };

async function measureBytes(base: string, paths: string[]): Promise<RouteBytes[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  const results: RouteBytes[] = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ ...phone, reducedMotion: 'no-preference' });
      const origin = new URL(base).host;
      await context.route('**/*', (route) => (new URL(route.request().url()).host === origin ? route.continue() : route.abort('blockedbyclient')));
      const page = await context.newPage();
      const seen: { kind: Kind; size: Totals; afterLoad: boolean }[] = [];
      const pending: Promise<void>[] = [];
      let inflight = 0;
      let lastActivity = performance.now();
      let loaded = false;
      page.on('request', () => { inflight++; lastActivity = performance.now(); });
      const settle = () => { inflight--; lastActivity = performance.now(); };
      page.on('requestfailed', settle);
      page.on('requestfinished', (request) => {
        pending.push((async () => {
          const response = await request.response();
          const status = response?.status() ?? 0;
          // Redirects carry no body; a 304 would mean a cache, which a fresh context never has.
          if (response && status < 300) {
            const contentType = (await response.headerValue('content-type')) ?? '';
            const body = await response.body().catch(() => Buffer.alloc(0));
            seen.push({ kind: kindOf(request.resourceType(), contentType), size: sizes(body, contentType), afterLoad: loaded });
          }
        })().finally(settle));
      });
      const quiet = async (ms: number) => {
        while (inflight > 0 || performance.now() - lastActivity < ms) await page.waitForTimeout(100);
        await Promise.all(pending);
      };
      await page.goto(base + path, { waitUntil: 'load' });
      await quiet(800);
      loaded = true;
      // Read the page to the bottom, a screen at a time, so lazy images load as they would for a reader.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 60));
        }
      });
      await quiet(800);
      const load = { html: zero(), js: zero(), css: zero(), image: zero(), font: zero(), other: zero(), total: zero() };
      const scrolled = { total: zero(), requests: seen.length };
      for (const entry of seen) {
        add(scrolled.total, entry.size);
        if (entry.afterLoad) continue;
        add(load[entry.kind], entry.size);
        add(load.total, entry.size);
      }
      results.push({ path, requests: seen.filter((s) => !s.afterLoad).length, load, scrolled });
      await context.close();
      log(`  bytes ${path}: ${kb(load.total.brotli)} KB brotli at load`);
    }
  } finally {
    await browser.close();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// Lighthouse 12, mobile (its defaults).

/**
 * The floor under every route's figures: a page with one heading, the site's start element and an empty script,
 * served by the same server. Lighthouse counts the browser's own work for any page that runs a script (creating the
 * window's script context, in the task that commits the page) as blocking time, scaled like the page's own; a
 * route's TBT above this floor is the site's.
 */
function writeFloorPage(dir: string): void {
  const page = (title: string, text: string) => '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    + `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>`
    + `<body><main><h1>${title}</h1><p>${text}</p></main>${bootTag('/empty.js', [])}</body></html>\n`;
  writeFileSync(join(dir, 'index.html'), page('An empty page', 'It starts an empty script, as each page of the site starts its own.'));
  // Lighthouse also asks for /robots.txt and /favicon.ico.
  writeFileSync(join(dir, '404.html'), page('Not found', 'There is nothing else here.'));
  writeFileSync(join(dir, 'empty.js'), 'export {};\n');
  const routes: RouteManifest = { pages: [{ id: 'floor', path: '/' }], aliases: [], prefixRedirects: [], profilePaths: {}, notFoundId: 'floor' };
  writeFileSync(join(dir, 'routes.json'), JSON.stringify(routes));
}

/** The first element an audit's details name (Lighthouse nests them in tables of lists). */
function firstSnippet(details: unknown): string | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const node = (details as { node?: { snippet?: unknown } }).node;
  if (typeof node?.snippet === 'string') return node.snippet;
  for (const value of Object.values(details)) {
    const found = firstSnippet(value);
    if (found) return found;
  }
  return undefined;
}

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof import('lighthouse')['default']>>>;

/**
 * One Lighthouse run of one page in a Chrome of its own, as the Lighthouse CLI and PageSpeed run it, so the figures
 * compare with theirs: nothing of one run (caches, compiled code, background work) is left for the next. On two
 * cores a single run's TBT varies by tens of milliseconds whichever way it is run; the median of several is the figure.
 */
async function lighthouseRun(url: string, categories: string[]): Promise<LighthouseResult> {
  const { launch } = await import('chrome-launcher');
  const lighthouse = (await import('lighthouse')).default;
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', ...chromeFlags], logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    return result;
  } finally {
    chrome.kill();
  }
}

/** Audits scored under 0.9 in the given categories (Lighthouse's red and orange). */
function failingAudits({ lhr }: LighthouseResult): string[] {
  const failing = Object.values(lhr.categories).flatMap((c) => c.auditRefs)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && ['binary', 'numeric', 'metricSavings'].includes(a.scoreDisplayMode))
    .map((a) => a.id);
  return [...new Set(failing)];
}

/**
 * Each route: performance alone `times` times, each in a fresh Chrome (the figures are their medians), then the
 * other three categories once, since their audits do not depend on timing.
 */
async function measureLighthouse(base: string, paths: string[], times = 3): Promise<RouteLighthouse[]> {
  const results: RouteLighthouse[] = [];
  for (const path of paths) {
    const runs: RouteLighthouse[] = [];
    for (let run = 0; run < times; run++) {
      // On a busy machine a run now and then fails to trace the page at all: one more try before saying so.
      let result = await lighthouseRun(base + path, ['performance']);
      if (result.lhr.runtimeError) result = await lighthouseRun(base + path, ['performance']);
      const { audits } = result.lhr;
      const numeric = (id: string) => audits[id]?.numericValue ?? null;
      runs.push({
        path,
        performance: Math.round((result.lhr.categories.performance?.score ?? 0) * 100), accessibility: 0, bestPractices: 0, seo: 0,
        lcpMs: numeric('largest-contentful-paint'), cls: numeric('cumulative-layout-shift'), tbtMs: numeric('total-blocking-time'),
        fcpMs: numeric('first-contentful-paint'),
        failing: failingAudits(result),
        lcpElement: firstSnippet(audits['largest-contentful-paint-element']?.details),
        ...(result.lhr.runtimeError ? { error: result.lhr.runtimeError.message } : {}),
      });
    }
    const rest = await lighthouseRun(base + path, ['accessibility', 'best-practices', 'seo']);
    const score = (id: string) => Math.round((rest.lhr.categories[id]?.score ?? 0) * 100);
    const row = { ...medianRun(runs), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') };
    row.failing = [...row.failing, ...failingAudits(rest)];
    results.push(row);
    log(`  lighthouse ${path}: ${row.performance}/${row.accessibility}/${row.bestPractices}/${row.seo}, TBT ${row.tbtMs?.toFixed(0) ?? '-'} ms (median of ${times})`);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// The feedback endpoint: requests per second and latency under concurrent load.

export interface EndpointFigures {
  available: boolean;
  requests: number; seconds: number; perSecond: number;
  p50Ms: number; p95Ms: number; maxMs: number;
  statuses: Record<string, number>;
  note?: string;
}

const ENDPOINT = '/functions/v1/send-feedback';

async function measureEndpoint(base: string, total = 400, concurrency = 8): Promise<EndpointFigures> {
  const body = (i: number) => JSON.stringify({
    name: `Bench ${i}`, email: `bench${i}@example.com`, phone: '0400 000 000', feedbackType: 'general',
    message: `A performance test message, number ${i}.`,
  });
  const headers = { 'content-type': 'application/json', origin: base };
  const probe = await fetch(base + ENDPOINT, { method: 'POST', headers, body: body(0) });
  const probeText = await probe.text();
  if (probe.status === 404 && /No such function/.test(probeText)) {
    return { available: false, requests: 0, seconds: 0, perSecond: 0, p50Ms: 0, p95Ms: 0, maxMs: 0, statuses: {}, note: 'not mounted on the server' };
  }
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 1;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next <= total) {
      const i = next++;
      const t = performance.now();
      const response = await fetch(base + ENDPOINT, { method: 'POST', headers, body: body(i) });
      await response.arrayBuffer();
      times.push(performance.now() - t);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
  return { available: true, requests: times.length, seconds, perSecond: times.length / seconds, p50Ms: pct(50), p95Ms: pct(95), maxMs: times.at(-1) ?? 0, statuses };
}

/**
 * Run in the page as a string: tsx names the functions it compiles with a helper the page does not have. Makes the
 * frame (the preview page as its own document, sandboxed as the editor's), then sends the changes one by one, each
 * timed to the frame drawn.
 */
const PREVIEW_TIMING = `async ({ text, path, total }) => {
  const frame = document.createElement('iframe');
  frame.width = '1280';
  frame.height = '900';
  frame.sandbox = 'allow-scripts';
  frame.srcdoc = await (await fetch('/admin/preview.html')).text();
  const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
  document.body.append(frame);
  await loaded;
  const shown = () => new Promise((done) => {
    const answer = (event) => {
      if (event.source !== frame.contentWindow || event.data.type !== 'preview:shown') return;
      removeEventListener('message', answer);
      requestAnimationFrame(() => done());
    };
    addEventListener('message', answer);
  });
  const send = (version) => frame.contentWindow.postMessage({ type: 'editor:site', text: version, path }, '*');
  const first = shown();
  send(text);
  await first;
  const taken = [];
  for (let i = 0; i < total; i++) {
    const minutes = String(10 + (i % 40)).padStart(2, '0');
    const changed = text.replace(/closes: "(\\d\\d):\\d\\d"/, (all, hour) => 'closes: "' + hour + ':' + minutes + '"');
    if (changed === text) throw new Error('The site file has no closing time to change.');
    const done = shown();
    const started = performance.now();
    send(changed);
    await done;
    taken.push(performance.now() - started);
  }
  return taken;
}`;

/** The editor's preview at /admin: from a changed text posted to the preview page to the change drawn, in ms. */
interface PreviewFigures { changes: number; path: string; medianMs: number; p90Ms: number; maxMs: number }

/**
 * The hosted editor's preview as the editor drives it: the preview page as a frame's own document on /admin (under
 * the admin's policy), sent the site file with the weekday closing time changed, `total` times; each time from the
 * message to the frame drawn (its answer, then the next animation frame).
 */
async function measurePreview(base: string, text: string, path = '/', total = 20): Promise<PreviewFigures> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/admin/`);
    const times = (await page.evaluate(`(${PREVIEW_TIMING})(${JSON.stringify({ text, path, total })})`)) as number[];
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
    return { changes: times.length, path, medianMs: pct(50), p90Ms: pct(90), maxMs: times.at(-1) ?? 0 };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Report.

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** A measurement in a table cell ('-' when there is none), divided by `per` (ms -> s). */
const fixed = (value: number | null, digits: number, per = 1) => (value === null ? '-' : (value / per).toFixed(digits));

function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r, i) => {
    const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
    return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
  }).join('\n');
}

interface Report {
  when: string;
  buildSeconds: number | null;
  checkSeconds: number;
  bytes: RouteBytes[];
  lighthouse: RouteLighthouse[];
  /** Lighthouse on the floor page (writeFloorPage); absent in reports from before it was measured. */
  floor?: RouteLighthouse | null;
  endpoint: EndpointFigures | null;
  /** The editor's preview at /admin; absent in reports from before it was measured. */
  preview?: PreviewFigures | null;
  /** The editor's heaviest requests on `npm start`, and the pages answered beside them; absent in older reports. */
  editor?: BesideFigure[] | null;
  /** The site-editor function under Deno; absent in older reports. */
  fn?: FunctionFigures | null;
}

function render(report: Report): string {
  const out: string[] = [];
  out.push(`Bench ${report.when}`);
  out.push(`Build: ${report.buildSeconds === null ? 'not measured (--dist)' : `${report.buildSeconds.toFixed(1)} s`}    npm run check: ${report.checkSeconds.toFixed(1)} s`);
  out.push('');
  out.push('Bytes a phone downloads in Chromium (KB; JS, CSS, HTML gzip; images and fonts as sent; "br" = the same with');
  out.push('brotli; "scrolled" = after reading to the bottom). "budget" columns: from the build files as tests/live counts');
  out.push('them (initial JS: budget 97 KB on /, 125 KB elsewhere; all: every file the page can fetch, budget 400 KB on /).');
  out.push(table([
    ['route', 'HTML', 'JS', 'CSS', 'img', 'font', 'total gz', 'total br', 'req', 'scrolled br', 'budget: init JS', 'all'],
    ...report.bytes.map((b) => [
      b.path, kb(b.load.html.gzip), kb(b.load.js.gzip), kb(b.load.css.gzip), kb(b.load.image.raw), kb(b.load.font.raw),
      kb(b.load.total.gzip), kb(b.load.total.brotli), String(b.requests), kb(b.scrolled.total.brotli),
      b.budget ? kb(b.budget.initialJsGzip) : '-', b.budget ? kb(b.budget.allGzip) : '-',
    ]),
  ]));
  if (report.lighthouse.length) {
    out.push('');
    out.push('Lighthouse 12, mobile (simulated slow 4G, 4x CPU slowdown); performance: the median of runs each in a fresh Chrome.');
    out.push('Targets: 100 in each category, LCP <= 1.2 s, TBT <= 50 ms, CLS 0.');
    out.push(table([
      ['route', 'perf', 'a11y', 'best', 'seo', 'FCP s', 'LCP s', 'CLS', 'TBT ms', 'not passing'],
      ...report.lighthouse.map((l) => [
        l.path, String(l.performance), String(l.accessibility), String(l.bestPractices), String(l.seo),
        fixed(l.fcpMs, 2, 1000), fixed(l.lcpMs, 2, 1000), fixed(l.cls, 3), fixed(l.tbtMs, 0), l.error ?? (l.failing.join(', ') || '-'),
      ]),
    ]));
  }
  if (report.floor) {
    const f = report.floor;
    out.push(`Floor (an empty page with the start element and an empty script, served and measured the same way): TBT ${fixed(f.tbtMs, 0)} ms,`);
    out.push(`FCP ${fixed(f.fcpMs, 2, 1000)} s, performance ${f.performance}. Lighthouse counts the browser's own start of any page with a script as blocking time.`);
  }
  if (report.endpoint) {
    const e = report.endpoint;
    out.push('');
    out.push(e.available
      ? `Feedback endpoint (POST ${ENDPOINT}, 8 concurrent clients, rate limit off, PGlite in a temp folder): ${e.requests} requests in ${e.seconds.toFixed(1)} s = ${e.perSecond.toFixed(0)}/s; p50 ${e.p50Ms.toFixed(1)} ms, p95 ${e.p95Ms.toFixed(1)} ms, max ${e.maxMs.toFixed(1)} ms; statuses ${JSON.stringify(e.statuses)}`
      : `Feedback endpoint: ${e.note}.`);
  }
  if (report.preview) {
    const v = report.preview;
    out.push('');
    out.push(`Editor preview at /admin (the site file sent to the preview page, drawn in the browser; target 300 ms): ${v.changes} changes of the closing time on ${v.path}: median ${v.medianMs.toFixed(0)} ms, p90 ${v.p90Ms.toFixed(0)} ms, max ${v.maxMs.toFixed(0)} ms`);
  }
  if (report.editor?.length) {
    out.push('');
    out.push('The editor\'s heaviest requests on npm start (target: under 1 s each), and / asked for beside them (target: each under 100 ms):');
    out.push(table([['Request', 'Status', 'Time', 'Pages beside', 'Slowest page'], ...report.editor.map((f) => [f.request, String(f.status), `${f.ms} ms`, String(f.pages), `${f.slowestPageMs} ms`])]));
  }
  if (report.fn) {
    const f = report.fn;
    out.push('');
    out.push('The site-editor function under Deno, as Supabase runs it (CPU time; Supabase allows 2 s a request; the stand-in database\'s start left out):');
    out.push(`cold start ${f.coldStartMs} ms; cold start, the document, one save and a publish ${f.coldSavePublishMs} ms (target 500 ms); one save ${f.saveMs} ms (median of ${f.saves}; target 50 ms); eszip ${(f.eszipBytes / 1e6).toFixed(2)} MB, ${f.eszipModules} modules (limit 10 MB)`);
  }
  return out.join('\n');
}

/** Two reports side by side: for each route, what a phone loads and what Lighthouse measured, before -> after. */
function compare(before: Report, after: Report): string {
  const arrow = (a: string | undefined, b: string | undefined) => `${a ?? '-'} -> ${b ?? '-'}`;
  const paths = [...new Set([...before.bytes, ...after.bytes].map((b) => b.path))];
  const rows = paths.map((path) => {
    const [b, a] = [before, after].map((r) => r.bytes.find((x) => x.path === path));
    const [lb, la] = [before, after].map((r) => r.lighthouse.find((x) => x.path === path));
    return [
      path,
      arrow(b && kb(b.load.js.gzip), a && kb(a.load.js.gzip)),
      arrow(b && kb(b.load.total.gzip), a && kb(a.load.total.gzip)),
      arrow(b && String(b.requests), a && String(a.requests)),
      arrow(lb && String(lb.performance), la && String(la.performance)),
      arrow(lb && fixed(lb.fcpMs, 2, 1000), la && fixed(la.fcpMs, 2, 1000)),
      arrow(lb && fixed(lb.lcpMs, 2, 1000), la && fixed(la.lcpMs, 2, 1000)),
      arrow(lb && fixed(lb.tbtMs, 0), la && fixed(la.tbtMs, 0)),
      arrow(lb && fixed(lb.cls, 3), la && fixed(la.cls, 3)),
    ];
  });
  const [fb, fa] = [before.floor ?? undefined, after.floor ?? undefined];
  if (fb || fa) rows.push(['(floor)', '', '', '', arrow(fb && String(fb.performance), fa && String(fa.performance)), arrow(fb && fixed(fb.fcpMs, 2, 1000), fa && fixed(fa.fcpMs, 2, 1000)), '', arrow(fb && fixed(fb.tbtMs, 0), fa && fixed(fa.tbtMs, 0)), '']);
  return [
    `Before ${before.when}, after ${after.when}. JS and total: KB gzip a phone loads in Chromium; then Lighthouse 12 mobile.`,
    table([['route', 'JS on load', 'total on load', 'requests', 'perf', 'FCP s', 'LCP s', 'TBT ms', 'CLS'], ...rows]),
  ].join('\n');
}

/** A --json report as written to a file (npm may have put its own banner before the JSON). */
function readReport(file: string): Report {
  const text = readFileSync(file, 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'))) as Report;
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
    fn = await measureFunction();
  }
  const report: Report = { when: new Date().toISOString(), buildSeconds, checkSeconds, bytes, lighthouse, floor, endpoint, preview, editor, fn };
  process.stdout.write((json ? JSON.stringify(report, null, 2) : render(report)) + '\n');
} finally {
  child?.kill();
  for (const dir of [dataDir, floorDir]) rmSync(dir, { recursive: true, force: true });
  if (!given) for (const dir of [distDir, buildInfoDir(distDir)]) rmSync(dir, { recursive: true, force: true });
}
