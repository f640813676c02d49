/** The bench's report: its figures as tables, and two reports side by side. */
import { readFileSync } from 'node:fs';
import type { BesideFigure } from './editorBeside.ts';
import type { RouteLighthouse } from './lighthouseRuns.ts';
import type { RouteBytes } from './bytes.ts';
import { type EndpointFigures, ENDPOINT } from './endpoint.ts';
import type { PreviewFigures } from './preview.ts';
import type { NavigationFigures } from './navigation.ts';

/** The site-editor function under Deno (tests/editor/hosted/functionBench.ts measures it). */
export interface FunctionFigures {
  /** Deno started, the function's modules loaded and listening: the median of `colds`. */
  coldStartMs: number;
  /** That, then the document opened, one save and a publish to GitHub: the median of `colds`. */
  coldSavePublishMs: number;
  /** Every cold figure of `coldSavePublishMs`, lowest first: a busy machine spreads them. */
  coldSavePublishEach: number[];
  colds: number;
  /** One save (the operations of one field), the median of `saves`. */
  saveMs: number;
  saves: number;
  /** The rehearsal's eszip of the function bundled by Deno (tree-shaken): what a start loads. */
  eszipBytes: number;
  eszipModules: number;
  /** What Supabase's bundle of the function carries: its own modules, and each of its npm packages whole. */
  moduleBytes: number;
  npmBytes: number;
  npmPackages: number;
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** A measurement in a table cell ('-' when there is none), divided by `per` (ms -> s). */
export const fixed = (value: number | null, digits: number, per = 1) => (value === null ? '-' : (value / per).toFixed(digits));

export function table(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r, i) => {
    const line = r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
    return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
  }).join('\n');
}

export interface Report {
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
  /** The next page painted after a click; absent in older reports. */
  navigation?: NavigationFigures | null;
}

export function render(report: Report): string {
  const out: string[] = [];
  out.push(`Bench ${report.when}`);
  out.push(`Build: ${report.buildSeconds === null ? 'not measured (--dist)' : `${report.buildSeconds.toFixed(1)} s`}    npm run check: ${report.checkSeconds.toFixed(1)} s`);
  out.push('');
  out.push('Bytes a phone downloads in Chromium (KB; JS, CSS, HTML gzip; images and fonts as sent; "br" = the same with');
  out.push('brotli; "scrolled" = after reading to the bottom). "budget" columns: from the build files as tests/live counts');
  out.push('them (initial JS, before a block that moves wakes: budget 15 KB on /, 6 KB elsewhere; all: every file the page can');
  out.push('fetch, budget 400 KB on /).');
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
  if (report.navigation) {
    const n = report.navigation;
    out.push('');
    out.push(`Next page painted after a click in Chromium (from / to ${n.links.join(', ')}; target 100 ms): the link rested on first (fetched ahead; Chromium refuses to prerender under automation) ${n.prefetchedMs.toFixed(0)} ms, a plain page load ${n.coldMs.toFixed(0)} ms (medians)`);
    out.push(n.prerendered
      ? `Prerendered, as a visitor's Chromium shows it (a real pointer under Xvfb, no DevTools until after): ${n.prerendered.ms.toFixed(0)} ms from the click to the next page's first paint (median; ${n.prerendered.prerendered} of ${n.prerendered.of} clicks found it prerendered); the floor, a page of one heading: ${n.prerendered.floorMs.toFixed(0)} ms, and with the site's view transition ${n.prerendered.floorTransitionMs.toFixed(0)} ms`
      : 'Prerendered: not measured (Xvfb and xdotool are needed).');
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
    out.push('The editor\'s heaviest requests on npm start (target: under 1 s each), / asked for beside them (target: each under 100 ms), and a colleague\'s draft beside them (target: under 1 s):');
    out.push(table([['Request', 'Status', 'Time', 'Pages beside', 'Slowest page', 'Slowest colleague'], ...report.editor.map((f) => [f.request, String(f.status), `${f.ms} ms`, String(f.pages), `${f.slowestPageMs} ms`, f.slowestColleagueMs === undefined ? '-' : `${f.slowestColleagueMs} ms`])]));
  }
  if (report.fn) {
    const f = report.fn;
    out.push('');
    out.push('The site-editor function under Deno, as Supabase runs it (CPU time; Supabase allows 2 s a request; the stand-in database\'s start left out):');
    out.push(`cold start ${f.coldStartMs} ms; cold start, the document, one save and a publish ${f.coldSavePublishMs} ms (target 500 ms; median of ${f.colds}: ${f.coldSavePublishEach.join(', ')}); one save ${f.saveMs} ms (median of ${f.saves}; target 50 ms); eszip ${(f.eszipBytes / 1e6).toFixed(2)} MB, ${f.eszipModules} modules (budget 2.5 MB)`);
    // Absent in reports from before it was measured.
    if (f.npmBytes !== undefined) out.push(`Supabase's bundle carries ${((f.moduleBytes + f.npmBytes) / 1e6).toFixed(2)} MB: the function's modules ${(f.moduleBytes / 1e6).toFixed(2)} MB, ${f.npmPackages} npm packages whole ${(f.npmBytes / 1e6).toFixed(2)} MB (budget 6 MB)`);
  }
  return out.join('\n');
}

/** Two reports side by side: for each route, what a phone loads and what Lighthouse measured, before -> after. */
export function compare(before: Report, after: Report): string {
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
export function readReport(file: string): Report {
  const text = readFileSync(file, 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'))) as Report;
}
