/**
 * What a phone downloads for one prerendered route, read from a build folder (no browser, no clock: bytes only).
 *
 * "initial" = the entry script, its static imports, every chunk the page's start names (or modulepreloads), and
 * every stylesheet and preloaded image in the route's HTML, plus the images its HTML loads eagerly.
 * "later" = what the page fetches after it has started: what its islands bring as they wake (React, their block
 * components and what those import on demand, e.g. the carousel library), lazy images, and the pictures an island's
 * block names that the first HTML does not show yet (e.g. the hero's later slides).
 * Text files are counted gzip-compressed (level 9) above the server's threshold, as it sends them; images as they are.
 * Of a srcset, and of a <picture>'s formats, the largest candidate is counted, so image figures are an upper bound.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ViteManifest } from '../build/prerender.ts';
import { COMPRESS_MIN_BYTES } from '../server/local/static.ts';
import { componentName } from '../src/blocks/registry.ts';


export interface FileWeight { file: string; bytes: number; gzip: number }

export interface RouteWeight {
  js: FileWeight[];
  css: FileWeight[];
  images: FileWeight[];
  html: FileWeight;
  later: { js: FileWeight[]; images: FileWeight[] };
}

const textFile = /\.(m?js|css|html|svg|json|txt|xml)$/i;

export function weighFile(distDir: string, url: string): FileWeight {
  const file = decodeURIComponent(url.split(/[?#]/)[0]).replace(/^\//, '');
  const path = join(distDir, file);
  if (!existsSync(path)) throw new Error(`${url} is referenced but ${path} does not exist`);
  const body = readFileSync(path);
  // Exactly what server/local/static.ts sends: gzip level 9 above its threshold, when that is smaller.
  const gzip = textFile.test(file) && body.length > COMPRESS_MIN_BYTES ? Math.min(gzipSync(body, { level: 9 }).length, body.length) : body.length;
  return { file, bytes: body.length, gzip };
}

export const sum = (files: FileWeight[]) => files.reduce((total, f) => total + f.gzip, 0);
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export interface Tag { name: string; attrs: Record<string, string> }

/** Every <script>, <link>, <img> and <source> start tag, outside <noscript>, with its attributes (names lower-cased). */
export function tags(html: string): Tag[] {
  const visible = html.replace(/<noscript\b[\s\S]*?<\/noscript>/gi, '');
  return [...visible.matchAll(/<(script|link|img|source)\b([^>]*)>/gi)].map((m) => {
    const attrs: Record<string, string> = {};
    for (const a of m[2].matchAll(/([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      attrs[a[1].toLowerCase()] = (a[2] ?? '').replace(/^["']|["']$/g, '').replace(/&amp;/g, '&');
    }
    return { name: m[1].toLowerCase(), attrs };
  });
}

/** The URLs of an img/source/preload: src or href, and every srcset candidate. */
function imageUrls(attrs: Record<string, string>): string[] {
  const srcset = attrs.srcset ?? attrs.imagesrcset;
  const candidates = srcset ? srcset.split(',').map((c) => c.trim().split(/\s+/)[0]).filter(Boolean) : [];
  return [...candidates, attrs.src ?? attrs.href].filter((u): u is string => Boolean(u));
}

/** The text of the page's own <style> elements (the prerender inlines the site's stylesheet). */
export const inlineStyles = (html: string) => [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]).join('\n');

const local = (url: string) => url.startsWith('/') && !url.startsWith('//');

export function weighRoute(distDir: string, htmlFile: string, manifest: ViteManifest): RouteWeight {
  const html = readFileSync(htmlFile, 'utf8');
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, { key, ...chunk }]));
  const js = new Set<string>();
  const css = new Set<string>();
  const images = new Set<string>();
  const lazyImages = new Set<string>();

  const visit = (file: string) => {
    if (js.has(file)) return;
    js.add(file);
    const chunk = byFile.get(file);
    chunk?.imports?.forEach((key) => { const next = manifest[key]; if (next) visit(next.file); });
  };
  const largest = (urls: string[]) => urls.filter(local).map((u) => weighFile(distDir, u)).sort((a, b) => b.gzip - a.gzip)[0];

  // A <picture>'s <source>s are alternatives to its <img>: the browser fetches one of them, lazily if the <img> is lazy.
  let sources: string[] = [];
  for (const { name, attrs } of tags(html)) {
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (name === 'script' && attrs.src && local(attrs.src)) visit(attrs.src.slice(1));
    // The element that starts the page once it has loaded (build/boot.ts): its entry and every chunk it names.
    else if (name === 'script' && attrs['data-entry']) [attrs['data-entry'], ...(attrs['data-chunks'] ?? '').split(' ')].filter(local).forEach((u) => visit(u.slice(1)));
    else if (name === 'link' && rel.includes('modulepreload') && local(attrs.href)) visit(attrs.href.slice(1));
    else if (name === 'link' && rel.includes('stylesheet') && local(attrs.href)) css.add(attrs.href.slice(1));
    else if (name === 'link' && rel.includes('preload') && attrs.as === 'image') { const f = largest(imageUrls(attrs)); if (f) images.add(f.file); }
    else if (name === 'link' && rel.includes('icon') && local(attrs.href ?? '')) images.add(attrs.href.slice(1));
    else if (name === 'source') sources.push(...imageUrls(attrs));
    else if (name === 'img') {
      const f = largest([...sources, ...imageUrls(attrs)]);
      sources = [];
      if (f) (attrs.loading === 'lazy' ? lazyImages : images).add(f.file);
    }
  }
  // Fonts and pictures the stylesheets pull in: linked ones, and the one inlined in the page (counted with the HTML).
  for (const text of [...[...css].map((file) => readFileSync(join(distDir, file), 'utf8')), inlineStyles(html)]) {
    for (const m of text.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)) {
      if (local(m[1])) images.add(m[1].slice(1));
    }
  }

  // The page's script imports every block component on demand: only those of this page's islands (data-island)
  // are this route's, fetched with React as each wakes, and what they import on demand in turn (a carousel
  // library, a form's backend client).
  const ownIslands = new Set([...html.matchAll(/ data-island="([a-z0-9-]+)"/g)].map((m) => `src/blocks/${componentName(m[1])}/${componentName(m[1])}.tsx`));
  const otherRoutes = (key: string) => key.startsWith('virtual:site/page/') || (/^src\/blocks\/([^/]+)\/\1\.tsx$/.test(key) && !ownIslands.has(key));
  const later = new Set<string>();
  const visitLater = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || otherRoutes(key) || js.has(chunk.file) || later.has(chunk.file)) return;
    later.add(chunk.file);
    chunk.imports?.forEach(visitLater);
    chunk.dynamicImports?.forEach(visitLater);
  };
  for (const file of js) byFile.get(file)?.dynamicImports?.forEach(visitLater);

  // Pictures an island's block names that the first HTML does not show (the hero's later slides): it fetches them
  // once it has woken, so they count among what the page can download (each at its largest size).
  for (const [, block] of html.matchAll(/ data-block="([^"]*)"/g)) {
    for (const m of block.matchAll(/\/[\w./-]+\.(?:webp|avif|png|jpe?g|gif|svg)\b/gi)) {
      const path = m[0].slice(1);
      if (existsSync(join(distDir, path)) && !images.has(path)) lazyImages.add(path);
    }
  }

  const weigh = (files: Iterable<string>) => [...files].map((f) => weighFile(distDir, '/' + f));
  return {
    js: weigh(js), css: weigh(css), images: weigh(images), html: weighFile(distDir, '/' + htmlFile.slice(distDir.length + 1)),
    later: { js: weigh(later), images: weigh([...lazyImages].filter((f) => !images.has(f))) },
  };
}

/** Everything the route can download: its HTML, initial files and what it loads later. */
export function allBytes(weight: RouteWeight): number {
  return weight.html.gzip + sum(weight.js) + sum(weight.css) + sum(weight.images) + sum(weight.later.js) + sum(weight.later.images);
}

/** A readable list for a failing budget: the biggest files first. */
export function describe(files: FileWeight[]): string {
  return [...files].sort((a, b) => b.gzip - a.gzip).map((f) => `  ${kb(f.gzip).padStart(9)}  ${f.file}`).join('\n');
}
