/**
 * The performance budget, as bytes (never times) of a fresh production build of the live site.yaml: initial JS
 * on / <= 15 KB gzip (before its first island nears the screen), on every other route <= 6 KB gzip (its script of
 * behaviours, no React), everything / can download <= 400 KB, and the Supabase client on no route's initial load.
 * bench/weigh.ts says exactly what "initial" counts.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { viteManifestFile } from '../../server/local/buildInfo.ts';
import { startServer } from '../../server/local/serve.ts';
import type { RouteManifest } from '../../src/content/model.ts';
import { allBytes, describe as list, inlineStyles, kb, sum, tags, weighFile, weighRoute, type RouteWeight } from '../../bench/weigh.ts';
import type { ViteManifest } from '../../build/prerender.ts';
import { pageStyleHashes } from '../../build/headers.ts';
import { PAGE_ENTRY } from '../../build/boot.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { content } from '../e2e/inspect.ts';
import { limit } from '../../bench/machineSpeed.ts';

const root = resolve(import.meta.dirname, '..', '..');
const KB = 1024;
// A page loads React only as a block that moves wakes (src/site/islands/): until then, its script of behaviours.
const BUDGET = { homeJs: 15 * KB, routeJs: 6 * KB, homeAll: 400 * KB };

let distDir = '';
let viteManifest: ViteManifest;
let routes: RouteManifest;
const weights = new Map<string, RouteWeight>();

/** The first route of the site (its home page, /, here): the page most visitors load first. */
const first = () => routes.pages[0].path;
const htmlFor = (path: string) => (path === '/' ? join(distDir, 'index.html') : join(distDir, ...path.slice(1).split('/'), 'index.html'));
const weight = (path: string) => {
  let w = weights.get(path);
  if (!w) weights.set(path, (w = weighRoute(distDir, htmlFor(path), viteManifest)));
  return w;
};

/** Text that survives minification in any bundle of supabase-js (its client header and its error names). */
const SUPABASE_MARKERS = /supabase-js\/|FunctionsHttpError|FunctionsFetchError|GoTrueClient|RealtimeClient/;

beforeAll(() => {
  distDir = inject('distDir');
  viteManifest = JSON.parse(readFileSync(viteManifestFile(distDir), 'utf8')) as ViteManifest;
  routes = JSON.parse(readFileSync(join(distDir, 'routes.json'), 'utf8')) as RouteManifest;
});

// The list of routes is known only once the build exists, so each budget walks them inside one test and reports
// every route over it at once.
function overBudget(limit: number, measure: (path: string) => number) {
  return routes.pages.map((p) => p.path).filter((path) => measure(path) > limit)
    .map((path) => `${path}: ${kb(measure(path))}\n${list(weight(path).js)}`);
}

describe('what "initial" counts', () => {
  it('the entry script, its static imports, every chunk the page names to start, and every preload in the HTML of /', () => {
    const w = weight(first());
    const found = tags(readFileSync(htmlFor(first()), 'utf8'));
    const files = new Set([...w.js, ...w.css, ...w.images].map((f) => '/' + f.file));
    // The page starts its entry and names its chunks in one element (build/boot.ts).
    const start = found.find((t) => t.name === 'script' && t.attrs['data-entry']);
    expect(start?.attrs['data-entry']).toBeTruthy();
    expect(files).toContain(start!.attrs['data-entry']);
    for (const chunk of start!.attrs['data-chunks'].split(' ')) expect(files).toContain(chunk);
    const entryChunk = viteManifest[PAGE_ENTRY];
    expect(files).toContain('/' + entryChunk.file);
    for (const key of entryChunk.imports ?? []) expect(files).toContain('/' + viteManifest[key].file);
    for (const t of found.filter((t) => t.name === 'link' && /modulepreload|stylesheet/.test(t.attrs.rel))) expect(files).toContain(t.attrs.href);
    // No page's content and no block's component is initial: an island's come as it wakes, with React.
    expect(w.js.filter((f) => /\/(framework|hydrate)-/.test('/' + f.file) || routes.pages.some((p) => new RegExp(`/${p.id.split('/').at(-1)}-[\\w-]+\\.js$`).test('/' + f.file)))).toEqual([]);
    expect(sum(w.js)).toBe(w.js.reduce((t, f) => t + f.gzip, 0));
  });
});

describe('budgets (bytes a phone downloads, gzip)', () => {
  it(`initial JavaScript on / is at most ${BUDGET.homeJs / KB} KB`, () => {
    const js = weight(first()).js;
    expect(sum(js), `initial JS on / is ${kb(sum(js))}:\n${list(js)}`).toBeLessThanOrEqual(BUDGET.homeJs);
  });

  it(`the JavaScript a phone downloads on loading /, counted in Chromium with anything it fetches after, is at most ${BUDGET.homeJs / KB} KB`, async () => {
    const browser = await sharedChromium();
    try {
      // Lighthouse's phone: the page is loaded and left alone until the network is quiet, nothing scrolled.
      const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      const scripts: string[] = [];
      page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
      await page.goto(inject('baseURL') + first(), { waitUntil: 'networkidle' });
      await page.waitForTimeout(500);
      const fetched = [...new Set(scripts)].map((path) => weighFile(distDir, path));
      // The static count holds everything but what hydration fetches later; the browser sees both.
      expect(fetched.map((f) => f.file)).toEqual(expect.arrayContaining(weight(first()).js.map((f) => f.file)));
      expect(sum(fetched), `JavaScript fetched on loading / is ${kb(sum(fetched))}:\n${list(fetched)}`).toBeLessThanOrEqual(BUDGET.homeJs);
    } finally {
      await closeContexts(browser);
    }
  });

  it('a page\'s scripts wait until it has loaded, or start at the first key press if that comes sooner', async () => {
    const browser = await sharedChromium();
    try {
      const page = await browser.newPage();
      // Every picture held back (the logo at least is on every page): the page cannot finish loading.
      let release = () => {};
      const held = new Promise<void>((done) => { release = done; });
      await page.route(/\.(webp|avif|svg|png|jpe?g)(\?|$)/, async (route) => { await held; await route.continue().catch(() => {}); });
      const scripts: string[] = [];
      page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(request.url()); });
      await page.goto(inject('baseURL') + first(), { waitUntil: 'domcontentloaded' });
      await page.waitForTimeout(500);
      expect(scripts).toEqual([]);
      await page.keyboard.press('Tab');
      await expect.poll(() => scripts.length).toBeGreaterThan(0);
      release();
    } finally {
      await closeContexts(browser);
    }
  });

  it(`initial JavaScript on every route but / is at most ${BUDGET.routeJs / KB} KB`, () => {
    expect(routes.pages.length).toBeGreaterThan(1);
    expect(overBudget(BUDGET.routeJs, (path) => (path === first() ? 0 : sum(weight(path).js)))).toEqual([]);
  });

  it(`everything / can download (HTML, JS, CSS, every picture, later chunks) is at most ${BUDGET.homeAll / KB} KB`, () => {
    const w = weight(first());
    const everything = [w.html, ...w.js, ...w.css, ...w.images, ...w.later.js, ...w.later.images];
    expect(allBytes(w), `all bytes of / are ${kb(allBytes(w))}:\n${list(everything)}`).toBeLessThanOrEqual(BUDGET.homeAll);
  });
});

describe('the Supabase client is never on an initial load', () => {
  it('the marker finds supabase-js in a minified production bundle of it', async () => {
    // A real bundle of the library, minified as the site's build does: proof that the markers survive.
    const { build } = await import('vite');
    const out = mkdtempSync(join(tmpdir(), 'supabase-probe-'));
    try {
      const entry = join(root, 'node_modules', '@supabase', 'supabase-js', 'dist', 'index.mjs');
      await build({
        configFile: false, logLevel: 'silent', root: out,
        build: { outDir: join(out, 'dist'), minify: true, lib: { entry, formats: ['es'], fileName: 'probe' } },
      });
      const code = readdirSync(join(out, 'dist')).filter((f) => /\.m?js$/.test(f)).map((f) => readFileSync(join(out, 'dist', f), 'utf8')).join('\n');
      expect(code.length).toBeGreaterThan(10_000);
      expect(code).toMatch(SUPABASE_MARKERS);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, limit(120_000));

  it('the layout every page carries leaves out what only the prerender reads (the site description is in no script)', () => {
    const description = JSON.stringify(content().layout.site.description).slice(1, -1);
    const holders = readdirSync(join(distDir, 'assets')).filter((f) => f.endsWith('.js') && readFileSync(join(distDir, 'assets', f), 'utf8').includes(description));
    expect(description.length).toBeGreaterThan(20);
    expect(holders).toEqual([]);
    // The prerender still has it: the home page's structured data describes the practice with it.
    expect(readFileSync(htmlFor(first()), 'utf8')).toContain(description);
  });

  it('no route preloads or statically imports a file holding supabase-js', () => {
    const hits = routes.pages.flatMap(({ path }) => weight(path).js
      .filter((f) => SUPABASE_MARKERS.test(readFileSync(join(distDir, f.file), 'utf8')))
      .map((f) => `${path}: ${f.file}`));
    expect(hits).toEqual([]);
    // Where the build does hold it (the feedback form's backend client), it arrives on demand, after the page.
    const holders = readdirSync(join(distDir, 'assets')).filter((f) => f.endsWith('.js') && SUPABASE_MARKERS.test(readFileSync(join(distDir, 'assets', f), 'utf8')));
    for (const file of holders) {
      expect(routes.pages.some(({ path }) => weight(path).later.js.some((f) => f.file === `assets/${file}`)), file).toBe(true);
    }
  });
});

describe('the means the budget relies on', () => {
  it('no route waits for a stylesheet or a blocking script: the site\'s CSS is inlined, small, and allowed by its hash', () => {
    for (const { path } of routes.pages) {
      const html = readFileSync(htmlFor(path), 'utf8');
      const found = tags(html);
      expect(found.filter((t) => t.name === 'link' && t.attrs.rel === 'stylesheet'), path).toEqual([]);
      expect(inlineStyles(html).length, path).toBeGreaterThan(1000);
      const blocking = found.filter((t) => t.name === 'script' && t.attrs.src && t.attrs.type !== 'module' && !('async' in t.attrs) && !('defer' in t.attrs));
      expect(blocking, path).toEqual([]);
    }
    const css = inlineStyles(readFileSync(htmlFor(first()), 'utf8'));
    expect(gzipSync(css, { level: 9 }).length).toBeLessThanOrEqual(20 * KB);
    // Static hosts send the policy from dist/_headers: it must allow exactly the inlined text.
    const policy = /Content-Security-Policy: (.*)/.exec(readFileSync(join(distDir, '_headers'), 'utf8'))![1];
    expect(policy).toContain(pageStyleHashes(readFileSync(htmlFor(first()), 'utf8'))[0]);
    expect(policy).not.toMatch(/unsafe-inline/);
  });

  it('each page inlines only its own part of the stylesheet, with a rule for every class it has that the site styles', () => {
    const pages = routes.pages.map(({ path }) => {
      const html = readFileSync(htmlFor(path), 'utf8');
      const css = inlineStyles(html);
      return { path, css, classes: [...new Set([...html.replace(/<style>[^<]*<\/style>/g, '').matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/)))] };
    });
    const styled = (css: string, name: string) => new RegExp(`\\.${name}(?![\\w-])`).test(css);
    const site = pages.map((p) => p.css).join('');
    for (const { path, css, classes } of pages) {
      expect(classes.filter((name) => styled(site, name) && !styled(css, name)), path).toEqual([]);
    }
  });

  it('no web font is downloaded (or only swap-displayed ones)', () => {
    const fonts = [...weight(first()).images].filter((f) => /\.(woff2?|ttf|otf)$/i.test(f.file));
    const css = inlineStyles(readFileSync(htmlFor(first()), 'utf8'));
    for (const face of css.match(/@font-face\s*{[^}]*}/g) ?? []) expect(face).toMatch(/font-display:\s*swap/);
    expect(fonts.length).toBeLessThanOrEqual(1);
  });

  it('the first picture on / is preloaded with high priority; every other picture in the page is lazy', () => {
    const found = tags(readFileSync(htmlFor(first()), 'utf8'));
    const preload = found.filter((t) => t.name === 'link' && t.attrs.rel === 'preload' && t.attrs.as === 'image' && t.attrs.fetchpriority === 'high');
    expect(preload).toHaveLength(1);
    const images = found.filter((t) => t.name === 'img');
    const eager = images.filter((t) => t.attrs.loading !== 'lazy');
    const hero = eager.find((t) => t.attrs.fetchpriority === 'high');
    expect(hero, 'an eager, high-priority hero picture').toBeTruthy();
    expect(preload[0].attrs.imagesrcset ?? preload[0].attrs.href).toContain(hero!.attrs.src.replace(/\.\w+$/, ''));
    for (const img of images) {
      expect(Number(img.attrs.width), img.attrs.src).toBeGreaterThan(0);
      expect(Number(img.attrs.height), img.attrs.src).toBeGreaterThan(0);
    }
    // Besides the hero, only small pictures (the logo) load before they are scrolled to.
    for (const img of eager.filter((t) => t !== hero)) expect(Number(img.attrs.width) * Number(img.attrs.height)).toBeLessThanOrEqual(128 * 128);
    // Photographs come in a modern format.
    for (const img of images.filter((t) => !t.attrs.src.endsWith('.svg'))) expect(img.attrs.src).toMatch(/\.(webp|avif)$/);
  });
});

describe('hashed assets are cached for a year, pages are re-checked', () => {
  it('every build file in /assets/ is named by its content hash, so caching it for ever is safe', () => {
    const files = readdirSync(join(distDir, 'assets'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) expect(file).toMatch(/-[\w-]{8}\.(js|css|woff2?|svg|png|webp|avif)$/);
  });

  it('npm start sends a year and immutable for /assets/, no-cache for pages, and dist/_headers says the same', async () => {
    const server = await startServer({ distDir, port: 0, host: '127.0.0.1' });
    try {
      const address = server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const script = weight(first()).js[0].file;
      const asset = await fetch(`${base}/${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const other = routes.pages.at(-1)!.path;
      for (const path of new Set([first(), other, `${other}/`])) {
        const page = await fetch(base + path);
        expect(page.status, path).toBe(200);
        expect(page.headers.get('cache-control'), path).toBe('no-cache');
      }
      // A picture served as it is (not named by its hash): cached, but re-checked in time.
      const served = routes.pages.flatMap((p) => weight(p.path).images).find((f) => !f.file.startsWith('assets/'));
      if (served) {
        const picture = await fetch(`${base}/${served.file}`);
        expect(picture.headers.get('cache-control')).toMatch(/max-age=\d+/);
        expect(picture.headers.get('cache-control')).not.toMatch(/immutable/);
      }
    } finally {
      await new Promise((done) => server.close(done));
    }
    const headers = readFileSync(join(distDir, '_headers'), 'utf8');
    expect(headers).toMatch(/^\/assets\/\*\n(?:  .+\n)*?  Cache-Control: public, max-age=31536000, immutable$/m);
  });
});
