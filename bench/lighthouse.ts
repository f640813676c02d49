/** Lighthouse 12, mobile (its defaults): the floor page, then the routes, each performance run in a fresh Chrome. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RouteManifest } from '../src/content/model.ts';
import { medianRun, type RouteLighthouse } from './lighthouseRuns.ts';
import { bootTag } from '../build/boot.ts';
import { chromeFlags, chromePath, log } from './common.ts';

/**
 * The floor under every route's figures: a page with one heading, the site's start element and an empty script,
 * served by the same server. Lighthouse counts the browser's own work for any page that runs a script (creating the
 * window's script context, in the task that commits the page) as blocking time, scaled like the page's own; a
 * route's TBT above this floor is the site's.
 */
export function writeFloorPage(dir: string): void {
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
export function firstSnippet(details: unknown): string | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const node = (details as { node?: { snippet?: unknown } }).node;
  if (typeof node?.snippet === 'string') return node.snippet;
  for (const value of Object.values(details)) {
    const found = firstSnippet(value);
    if (found) return found;
  }
  return undefined;
}

export type LighthouseResult = NonNullable<Awaited<ReturnType<typeof import('lighthouse')['default']>>>;

/**
 * One Lighthouse run of one page in a Chrome of its own, as the Lighthouse CLI and PageSpeed run it, so the figures
 * compare with theirs: nothing of one run (caches, compiled code, background work) is left for the next. On two
 * cores a single run's TBT varies by tens of milliseconds whichever way it is run; the median of several is the figure.
 */
export async function lighthouseRun(url: string, categories: string[]): Promise<LighthouseResult> {
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
export function failingAudits({ lhr }: LighthouseResult): string[] {
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
export async function measureLighthouse(base: string, paths: string[], times = 3): Promise<RouteLighthouse[]> {
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
