import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LayoutData, PageData, RouteManifest } from '../src/content/model.ts';
import { headersFile, pageStyleHashes, securityHeadersFor, supabaseUrl } from './server/headers.ts';
import { bootTag } from './server/boot.ts';
import { siteAddresses, siteFileFromEnv } from '../src/content/siteFiles.ts';
import { escape, headFor } from './pageHead.ts';
import { writeIcons } from './icons.ts';
import { islandsOf } from '../src/blocks/registry.ts';

export interface ServerEntry {
  render(url: string): Promise<{ html: string; page: PageData }>;
  layout: LayoutData;
  manifest: RouteManifest;
}

type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

const REGISTRY = fileURLToPath(new URL('../src/blocks/registry.ts', import.meta.url));

/**
 * Each block type's component module, as the registry's own line imports it ('hero' -> 'src/blocks/Hero/Hero.tsx'):
 * read from the registry rather than guessed from the type's name, so a renamed file keeps its preload.
 */
export function blockModules(registrySource = readFileSync(REGISTRY, 'utf8')): Map<string, string> {
  const modules = new Map<string, string>();
  for (const m of registrySource.matchAll(/^\s*'?([a-z0-9-]+)'?: \(\) => import\('\.\/([^']+)'\)/gm)) modules.set(m[1], `src/blocks/${m[2]}`);
  return modules;
}

/** The chunks a page needs before it can hydrate: its content and its block components, with what they import. */
export function chunksFor(page: PageData, manifest: ViteManifest, modules = blockModules()): string[] {
  const keys = [`virtual:site/page/${page.id}`, ...new Set(page.blocks.map((b) => {
    const key = modules.get(b.type);
    // A block whose chunk cannot be found would hydrate late with no error: stop the build instead.
    if (!key || !manifest[key]) throw new Error(`The build has no chunk for the "${b.type}" block (${key ?? 'not in src/blocks/registry.ts'}).`);
    return key;
  }))];
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
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

/** React 19 puts hoistable tags (image preloads, <title>, <meta>) at the start of its HTML: they belong in <head>. */
export function splitHoisted(html: string): { hoisted: string; body: string } {
  const hoisted = /^(?:<(?:link|meta)\b[^>]*>|<title>[^<]*<\/title>)+/.exec(html)?.[0] ?? '';
  return { hoisted, body: html.slice(hoisted.length) };
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
  // The stylesheet (one file for the whole site, about 8 KB compressed) is inlined: the first paint needs no second
  // round trip. dist/_headers allows it by hash; `npm start` reads the hash from each page it serves.
  const links = template.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  const css = links.map((link) => {
    const file = join(outDir, /href="\/?([^"]+)"/.exec(link)![1]);
    const text = readFileSync(file, 'utf8').trim();
    rmSync(file);
    if (text.includes('<')) throw new Error(`${file} has a '<', which cannot be inlined in a <style> element.`);
    return text;
  });
  const stylesheets = css.map((text) => `<style>${text}</style>`);
  const viteManifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry;
  const shell = links.reduce((html, link) => html.replace(link, ''), template);
  // Vite's entry script is replaced on each page by the element that starts it after the page has loaded.
  const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
  if (!entryScript) throw new Error(`${join(outDir, 'index.html')} has no entry script for the prerender to start.`);
  const write = (file: string, html: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  };
  const renderTo = async (url: string, file: string) => {
    const rendered = await entry.render(url);
    assertRenderedWhole(url, rendered.html);
    const { hoisted, body } = splitHoisted(rendered.html);
    const head = headFor(rendered.page, entry.layout);
    // The inlined stylesheet and the picture React preloads (the hero, the likely LCP) are all the first paint
    // needs; the scripts start once the page has loaded (scripts/server/boot.ts).
    // The practice's time zone only where an entry has a last day: the start script hides it once that has passed.
    const zone = body.includes('data-until=') ? entry.layout.hours.timeZone : undefined;
    const boot = bootTag(entryScript[1], chunksFor(rendered.page, viteManifest), { zone, islands: islandsOf(rendered.page.blocks) });
    write(file, fillShell(shell, {
      '<!--app-head-->': `${stylesheets.join('\n    ')}\n    ${hoisted}\n    ${head}`,
      '<!--app-html-->': body,
      [entryScript[0]]: boot,
    }));
  };

  for (const page of entry.manifest.pages) await renderTo(page.path, outFile(outDir, page.path));
  await renderTo('/404', join(outDir, '404.html'));
  for (const alias of entry.manifest.aliases) write(outFile(outDir, alias.from), redirectPage(alias.to, entry.layout));

  const redirects = [
    ...entry.manifest.aliases.map((a) => `${a.from} ${a.to} 301`),
    ...entry.manifest.prefixRedirects.map((r) => `${r.prefix}* ${r.to} 302`),
  ];
  writeFileSync(join(outDir, '_redirects'), redirects.join('\n') + '\n');
  writeFileSync(join(outDir, '_headers'), headersFile(securityHeadersFor({ supabaseUrl, styleHashes: pageStyleHashes(stylesheets.join('')) }), siteAddresses(siteFileFromEnv())));
  writeFileSync(join(outDir, 'sitemap.xml'), sitemap(entry.manifest, entry.layout.site.url));
  writeFileSync(join(outDir, 'robots.txt'), robots(entry.layout.site.url));
  await writeIcons(outDir, entry.layout);
  writeFileSync(join(outDir, 'routes.json'), JSON.stringify(entry.manifest, null, 2));
  return entry.manifest.pages.length + 1;
}
