import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LayoutData, PageData, RouteManifest } from '../src/content/model.ts';

interface ServerEntry {
  render(url: string): Promise<{ html: string; page: PageData }>;
  layout: LayoutData;
  manifest: RouteManifest;
}

type ViteManifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

/** The chunks a page needs before it can hydrate: its content and its block components, with what they import. */
export function chunksFor(page: PageData, manifest: ViteManifest): string[] {
  const keys = [`virtual:site/page/${page.id}`, ...new Set(page.blocks.map((b) => {
    const name = b.type.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase());
    return `src/blocks/${name}/${name}.tsx`;
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

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The <head> of one page: title and description from site.yaml, canonical URL, and its content chunk preloaded. */
export function headFor(page: PageData, layout: LayoutData, chunks: string[]): string {
  const { site } = layout;
  const title = (page.title.includes(site.name) ? page.title : `${page.title}${site.titleSeparator ?? ' | '}${site.name}`)
    .replaceAll('{year}', String(layout.buildYear));
  const url = page.path ? new URL(page.path, site.url).href : null;
  return [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(page.description)}" />`,
    url ? `<link rel="canonical" href="${escape(url)}" />` : '<meta name="robots" content="noindex" />',
    `<meta name="theme-color" content="${escape(site.themeColor)}" />`,
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escape(site.name)}" />`,
    `<meta property="og:title" content="${escape(title)}" />`,
    `<meta property="og:description" content="${escape(page.description)}" />`,
    url ? `<meta property="og:url" content="${escape(url)}" />` : '',
    ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}" />`),
  ].filter(Boolean).join('\n    ');
}

function redirectPage(to: string): string {
  const target = escape(to);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting</title><link rel="canonical" href="${target}"><meta http-equiv="refresh" content="0; url=${target}"><meta name="robots" content="noindex"></head><body><p><a href="${target}">${target}</a></p></body></html>\n`;
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
  const viteManifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry;
  const write = (file: string, html: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  };
  const renderTo = async (url: string, file: string) => {
    const rendered = await entry.render(url);
    // React 19 puts hoistable tags (image preloads, <title>, <meta>) at the start of its HTML: they belong in <head>.
    const hoisted = /^(?:<(?:link|meta)\b[^>]*>|<title>[^<]*<\/title>)+/.exec(rendered.html)?.[0] ?? '';
    const head = headFor(rendered.page, entry.layout, chunksFor(rendered.page, viteManifest));
    const body = rendered.html.slice(hoisted.length);
    write(file, template.replace('<!--app-head-->', `${head}\n    ${hoisted}`).replace('<!--app-html-->', body));
  };

  for (const page of entry.manifest.pages) await renderTo(page.path, outFile(outDir, page.path));
  await renderTo('/404', join(outDir, '404.html'));
  for (const alias of entry.manifest.aliases) write(outFile(outDir, alias.from), redirectPage(alias.to));

  const redirects = [
    ...entry.manifest.aliases.map((a) => `${a.from} ${a.to} 301`),
    ...entry.manifest.prefixRedirects.map((r) => `${r.prefix}* ${r.to} 302`),
  ];
  writeFileSync(join(outDir, '_redirects'), redirects.join('\n') + '\n');
  writeFileSync(join(outDir, 'routes.json'), JSON.stringify(entry.manifest, null, 2));
  return entry.manifest.pages.length + 1;
}
