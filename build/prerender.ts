import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LayoutData, PageData, RouteManifest } from '../src/content/model.ts';
import { headersFile, pageStyleHashes, securityHeadersFor, supabaseUrl } from './headers.ts';
import { bootTag, ISLANDS_WAKE, markDayEnds, PAGE_ENTRY, SPECULATION_TAG } from './boot.ts';
import { siteAddresses, siteFileFromEnv } from '../src/content/siteFiles.ts';
import { escape, headFor } from './pageHead.ts';
import { writeIcons } from './icons.ts';
import { componentName, islandsOf, type IslandType } from '../src/blocks/registry.ts';
import { moduleHashes, stylesheetFor } from './pageStyles.ts';
import { islandPageJson, PAGE_DATA_ID } from '../src/site/islands/pageData.ts';
import { splitHoisted } from '../src/site/hoisted.ts';

export interface ServerEntry {
  render(url: string, options?: { islands?: boolean }): Promise<{ html: string; page: PageData }>;
  layout: LayoutData;
  manifest: RouteManifest;
}

/** The files a built page's script needs before it runs: its entry's chunk and what that imports, the entry last. */
/** The build's manifest of chunks (Vite's .vite/manifest.json), as the pages' entries and the weighing read it. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean }>;

export function entryChunks(manifest: ViteManifest, key: string): { entry: string; chunks: string[] } {
  if (!manifest[key]?.isEntry) throw new Error(`The build has no entry for ${key}.`);
  const [entry, ...chunks] = chunkFiles(manifest, key);
  return { entry: '/' + entry, chunks };
}

/** A chunk's file, then the files of everything it imports statically, once each. */
export function chunkFiles(manifest: ViteManifest, key: string): string[] {
  const files = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...files];
}

/** sitemap.xml: every page at its canonical address (no aliases, no not-found page). */
export function sitemap(manifest: RouteManifest, siteUrl: string): string {
  const urls = manifest.pages.map((p) => `  <url><loc>${escape(new URL(p.path, siteUrl).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /functions/\nDisallow: /admin/\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`;
}

/**
 * React leaves `<!--$!-->` where a part of the page failed to render on the server: the browser then throws the
 * prerendered markup away and renders it again (or shows nothing). No such page may ship silently.
 */
export function assertRenderedWhole(url: string, html: string): void {
  if (html.includes('<!--$!-->')) {
    throw new Error(`The page ${url} could not be prerendered whole (a part of it failed on the server), so visitors would see it empty or changing. Run \`npm run check\`; if it finds nothing, tell the person who looks after the website.`);
  }
}

function redirectPage(to: string, layout: LayoutData): string {
  const target = escape(to);
  return `<!doctype html><html lang="${escape(layout.site.language)}"><head><meta charset="utf-8"><title>${escape(layout.ui.redirecting)}</title><link rel="canonical" href="${target}"><meta http-equiv="refresh" content="0; url=${target}"><meta name="robots" content="noindex"></head><body><p><a href="${target}">${target}</a></p></body></html>\n`;
}

/**
 * The page from Vite's shell: each marker replaced by its text, as it is. A string replacement would read "$&", "$$"
 * or "$`" in a page's text (a fee, a quote) as a pattern, and print the marker or the start of the file instead.
 */
export function fillShell(shell: string, parts: Record<string, string>): string {
  return Object.entries(parts).reduce((html, [marker, text]) => html.replace(marker, () => text), shell);
}


function outFile(outDir: string, path: string): string {
  return path === '/' ? join(outDir, 'index.html') : join(outDir, ...path.slice(1).split('/'), 'index.html');
}

/** Writes every page, each doctor profile, 404.html and a redirect page per alias; returns the number of pages. */
export async function prerender(outDir: string, ssrDir: string): Promise<number> {
  const template = readFileSync(join(outDir, 'index.html'), 'utf8');
  if (!template.includes('<!--app-html-->') || !template.includes('<!--app-head-->')) {
    throw new Error(`${join(outDir, 'index.html')} is already prerendered; run a clean build (npm run build).`);
  }
  // The stylesheet (one file for the whole site, about 8 KB compressed) is inlined, each page's part of it: the first
  // paint needs no second round trip. dist/_headers allows each by hash; `npm start` reads the hash from each page.
  const links = template.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  const css = links.map((link) => {
    const file = join(outDir, /href="\/?([^"]+)"/.exec(link)![1]);
    const text = readFileSync(file, 'utf8').trim();
    rmSync(file);
    if (text.includes('<')) throw new Error(`${file} has a '<', which cannot be inlined in a <style> element.`);
    return text;
  });
  const viteManifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  // Each page inlines only the rules of the modules it can use (pageStyles.ts): those named in its HTML, in its script
  // of behaviours, and in the code of its islands, which draw on it once awake.
  const hashesIn = (files: string[]) => moduleHashes(files.map((file) => readFileSync(join(outDir, file), 'utf8')).join('\n'));
  const islandHashes = new Map<IslandType, Set<string>>();
  const hashesOfIsland = (type: IslandType) => {
    const name = componentName(type);
    const key = `src/blocks/${name}/${name}.tsx`;
    if (!viteManifest[key]) throw new Error(`The build has no chunk for the island ${type} (${key}), so its page's stylesheet cannot be made.`);
    // What it imports later (a carousel's library, the Supabase client) draws nothing with the site's classes.
    if (!islandHashes.has(type)) islandHashes.set(type, hashesIn(chunkFiles(viteManifest, key)));
    return islandHashes.get(type)!;
  };
  const pageStyles = new Set<string>();
  const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry;
  const shell = links.reduce((html, link) => html.replace(link, ''), template);
  // Vite's entry script (the whole app, which the dev server runs) is replaced on each page by the element that
  // starts the page's own script after the page has loaded: its static blocks' behaviours, and its islands' wake-up.
  const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
  if (!entryScript) throw new Error(`${join(outDir, 'index.html')} has no entry script for the prerender to start.`);
  const pageScript = entryChunks(viteManifest, PAGE_ENTRY);
  // A page with islands names their wake-up among its chunks too, so it comes with the rest rather than after the
  // entry has run and asked for it.
  if (!viteManifest[ISLANDS_WAKE]) throw new Error(`The build has no chunk for ${ISLANDS_WAKE}, which a page with islands starts.`);
  const named = new Set([pageScript.entry.slice(1), ...pageScript.chunks]);
  const wakeChunks = chunkFiles(viteManifest, ISLANDS_WAKE).filter((file) => !named.has(file));
  const behaviourHashes = hashesIn([...named]);
  const write = (file: string, html: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  };
  const renderTo = async (url: string, file: string, notFound = false) => {
    const rendered = await entry.render(url, { islands: true });
    assertRenderedWhole(url, rendered.html);
    const { hoisted, body: drawn } = splitHoisted(rendered.html);
    // Beside each entry's last day, when that day ends: the start element hides an ended entry by it.
    const body = markDayEnds(drawn, entry.layout.hours.timeZone);
    const head = headFor(rendered.page, entry.layout);
    // The inlined stylesheet and the picture React preloads (the hero, the likely LCP) are all the first paint
    // needs; the script starts once the page has loaded (build/boot.ts).
    const islands = islandsOf(rendered.page.blocks);
    // The page's data for its islands, only on a page that has one.
    const data = islands.length ? `<script type="application/json" id="${PAGE_DATA_ID}">${islandPageJson(rendered.page)}</script>` : '';
    const boot = bootTag(pageScript.entry, islands.length ? [...pageScript.chunks, ...wakeChunks] : pageScript.chunks, { islands, notFound });
    const used = new Set([...moduleHashes(rendered.html), ...behaviourHashes, ...islands.flatMap((type) => [...hashesOfIsland(type)])]);
    const stylesheets = css.map((text) => `<style>${stylesheetFor(text, used)}</style>`);
    stylesheets.forEach((style) => pageStyles.add(style));
    write(file, fillShell(shell, {
      '<!--app-head-->': `${stylesheets.join('\n    ')}\n    ${hoisted}\n    ${head}\n    ${SPECULATION_TAG}`,
      '<!--app-html-->': body,
      // At the end of the body, where every entry it may hide is already parsed (Vite put its script in the head).
      [entryScript[0]]: '',
      '</body>': `${data}${boot}\n  </body>`,
    }));
  };

  for (const page of entry.manifest.pages) await renderTo(page.path, outFile(outDir, page.path));
  await renderTo('/404', join(outDir, '404.html'), true);
  for (const alias of entry.manifest.aliases) write(outFile(outDir, alias.from), redirectPage(alias.to, entry.layout));

  const redirects = [
    ...entry.manifest.aliases.map((a) => `${a.from} ${a.to} 301`),
    ...entry.manifest.prefixRedirects.map((r) => `${r.prefix}* ${r.to} 302`),
  ];
  writeFileSync(join(outDir, '_redirects'), redirects.join('\n') + '\n');
  writeFileSync(join(outDir, '_headers'), headersFile(securityHeadersFor({ supabaseUrl, styleHashes: pageStyleHashes([...pageStyles].join('')) }), siteAddresses(siteFileFromEnv())));
  writeFileSync(join(outDir, 'sitemap.xml'), sitemap(entry.manifest, entry.layout.site.url));
  writeFileSync(join(outDir, 'robots.txt'), robots(entry.layout.site.url));
  await writeIcons(outDir, entry.layout);
  writeFileSync(join(outDir, 'routes.json'), JSON.stringify(entry.manifest, null, 2));
  return entry.manifest.pages.length + 1;
}
