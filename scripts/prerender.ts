import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { LayoutData, PageData, RouteManifest } from '../src/content/model.ts';
import { headersFile, pageStyleHashes, securityHeadersFor, supabaseUrl } from './server/headers.ts';
import { bootTag } from './server/boot.ts';
import { siteAddresses, siteFileFromEnv } from '../src/content/siteFiles.ts';
import { documentTitle } from '../src/content/titles.ts';

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

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The practice as schema.org sees it, from contact: and hours: in site.yaml. */
export function clinicData(layout: LayoutData): Record<string, unknown> {
  const { site, contact, hours } = layout;
  const home = new URL('/', site.url).href;
  const phone = (digits: string) => `+61 ${contact.areaCode.slice(1)} ${digits}`;
  return {
    '@type': 'MedicalClinic',
    '@id': `${home}#clinic`,
    name: site.name,
    description: site.description,
    url: home,
    logo: new URL(site.logo.src, site.url).href,
    image: new URL(site.logo.src, site.url).href,
    telephone: phone(contact.phone),
    faxNumber: phone(contact.fax),
    email: contact.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: contact.address.street,
      addressLocality: contact.address.suburb,
      addressRegion: contact.address.state,
      postalCode: contact.address.postcode,
      addressCountry: 'AU',
    },
    ...(contact.address.mapUrl ? { hasMap: contact.address.mapUrl } : {}),
    openingHoursSpecification: hours.regular.map((range) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: range.days.map((day) => `https://schema.org/${day}`),
      // schema.org writes "closed all day" as opening and closing at midnight.
      opens: range.closed ? '00:00' : range.opens,
      closes: range.closed ? '00:00' : range.closes,
    })),
  };
}

/** JSON-LD for one page: the clinic on every page, and on a doctor's profile the doctor, working for it. */
export function structuredData(page: PageData, layout: LayoutData): Record<string, unknown> {
  const clinic = clinicData(layout);
  const graph: Record<string, unknown>[] = [clinic];
  if (page.doctor && page.path) {
    const doctor = page.doctor;
    graph.push({
      '@type': ['Physician', 'Person'],
      '@id': `${new URL(page.path, layout.site.url).href}#doctor`,
      name: doctor.name,
      url: new URL(page.path, layout.site.url).href,
      description: doctor.summary,
      hasCredential: doctor.qualifications.split(',').map((q) => q.trim()).filter(Boolean)
        .map((name) => ({ '@type': 'EducationalOccupationalCredential', name })),
      knowsAbout: [...new Set([...doctor.specialties, ...doctor.areas])],
      worksFor: { '@id': clinic['@id'] },
      ...(doctor.image ? { image: new URL(doctor.image.src, layout.site.url).href } : {}),
    });
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}

/** JSON inside <script>: nothing in it may close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

export function pageTitle(page: PageData, layout: LayoutData): string {
  return documentTitle(page.title, layout.site, layout.buildYear);
}

/** The <head> of one page: title and description from site.yaml, canonical URL, social cards, JSON-LD. */
export function headFor(page: PageData, layout: LayoutData): string {
  const { site } = layout;
  const title = pageTitle(page, layout);
  const url = page.path ? new URL(page.path, site.url).href : null;
  return [
    `<title>${escape(title)}</title>`,
    `<meta name="description" content="${escape(page.description)}" />`,
    url ? `<link rel="canonical" href="${escape(url)}" />` : '<meta name="robots" content="noindex" />',
    `<meta name="theme-color" content="${escape(site.themeColor)}" />`,
    `<link rel="icon" href="/favicon.ico" sizes="32x32" />`,
    `<link rel="icon" href="${escape(site.logo.src)}" type="${site.logo.src.endsWith('.svg') ? 'image/svg+xml' : 'image/png'}" />`,
    `<link rel="apple-touch-icon" href="/apple-touch-icon.png" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escape(site.name)}" />`,
    `<meta property="og:locale" content="${escape(site.language.replace('-', '_'))}" />`,
    `<meta property="og:title" content="${escape(title)}" />`,
    `<meta property="og:description" content="${escape(page.description)}" />`,
    url ? `<meta property="og:url" content="${escape(url)}" />` : '',
    `<meta property="og:image" content="${escape(new URL('/apple-touch-icon.png', site.url).href)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    url ? `<script type="application/ld+json">${scriptJson(structuredData(page, layout))}</script>` : '',
  ].filter(Boolean).join('\n    ');
}

/** sitemap.xml: every page at its canonical address (no aliases, no not-found page). */
export function sitemap(manifest: RouteManifest, siteUrl: string): string {
  const urls = manifest.pages.map((p) => `  <url><loc>${escape(new URL(p.path, siteUrl).href)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /functions/\nDisallow: /admin/\n\nSitemap: ${new URL('/sitemap.xml', siteUrl).href}\n`;
}

/** A .ico file holding one PNG (every browser since 2010 reads PNG inside ICO). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

/** favicon.ico and apple-touch-icon.png made from the logo named in site.yaml (unless public/ has its own). */
async function writeIcons(outDir: string, layout: LayoutData): Promise<void> {
  const logo = join(outDir, layout.site.logo.src);
  if (!existsSync(logo)) throw new Error(`The logo ${layout.site.logo.src} named in site.yaml is not in public/.`);
  if (!existsSync(join(outDir, 'favicon.ico'))) {
    const png = await sharp(logo, { density: 300 }).resize(32, 32, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
    writeFileSync(join(outDir, 'favicon.ico'), icoFromPng(png, 32));
  }
  if (!existsSync(join(outDir, 'apple-touch-icon.png'))) {
    // iOS shows transparency as black: the touch icon sits on white, with a little room around the logo.
    await sharp(logo, { density: 300 }).resize(148, 148, { fit: 'contain', background: '#ffffff' })
      .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' }).flatten({ background: '#ffffff' })
      .png().toFile(join(outDir, 'apple-touch-icon.png'));
  }
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
    const boot = bootTag(entryScript[1], chunksFor(rendered.page, viteManifest));
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
