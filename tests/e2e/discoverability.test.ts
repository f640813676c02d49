/**
 * Discoverability and security headers, read from the production build served by `npm start`'s server:
 * every route's <head> (unique title and description from site.yaml, canonical URL, Open Graph, JSON-LD),
 * sitemap.xml, robots.txt, icons, the security headers on every kind of answer, and dist/_headers.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { content, manifest, UNKNOWN_PATH } from './inspect.ts';
import { baseURL } from './page.ts';
import { BOOT_SCRIPT_HASH, SPECULATION_RULES_HASH } from '../../build/boot.ts';

const routes = manifest();
const site = content();
const { layout } = site;
const pagePaths = routes.pages.map((p) => p.path);

const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

interface Head { lang: string; title: string; description: string; canonical?: string; robots?: string; og: Record<string, string>; jsonLd: unknown[]; icons: string[] }

function headOf(html: string): Head {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attr: string, name: string) => {
    const tag = [...head.matchAll(/<meta\b[^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`${attr}="${name}"`));
    return tag ? decode(/content="([^"]*)"/.exec(tag)?.[1] ?? '') : undefined;
  };
  const og: Record<string, string> = {};
  for (const [, key, value] of head.matchAll(/<meta property="og:([a-z_]+)" content="([^"]*)"/g)) og[key] = decode(value);
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1] ?? '',
    title: decode(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    description: meta('name', 'description') ?? '',
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1],
    robots: meta('name', 'robots'),
    og,
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]) as unknown),
    icons: [...head.matchAll(/<link rel="(?:icon|apple-touch-icon)"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  };
}

const heads = new Map<string, Head>();
for (const path of pagePaths) heads.set(path, headOf(await (await fetch(baseURL() + path)).text()));

type Node = Record<string, unknown>;
const graphOf = (head: Head): Node[] => head.jsonLd.flatMap((doc) => ((doc as Node)['@graph'] as Node[] | undefined) ?? [doc as Node]);
const typesOf = (node: Node) => ([] as unknown[]).concat(node['@type']);

describe('the <head> of every route', () => {
  it('each route has its own title and meta description, from site.yaml', () => {
    const titles = [...heads.values()].map((h) => h.title);
    const descriptions = [...heads.values()].map((h) => h.description);
    expect(titles.every((t) => t.length > 0 && t.includes(layout.site.name))).toBe(true);
    expect(descriptions.every((d) => d.length >= 30)).toBe(true);
    const duplicates = (list: string[]) => list.filter((item, i) => list.indexOf(item) !== i);
    expect(duplicates(titles)).toEqual([]);
    expect(duplicates(descriptions)).toEqual([]);
    for (const page of site.pages.filter((p) => p.path)) expect(heads.get(page.path as string)?.description).toBe(page.description);
  });

  it.each(pagePaths)('%s: language, canonical URL and Open Graph', (path) => {
    const head = heads.get(path) as Head;
    const url = new URL(path, layout.site.url).href;
    expect(head.lang).toBe(layout.site.language);
    expect(head.canonical).toBe(url);
    expect(head.robots).toBeUndefined();
    expect(head.og).toMatchObject({ type: 'website', site_name: layout.site.name, title: head.title, description: head.description, url, locale: layout.site.language.replace('-', '_') });
    expect(head.og.image).toMatch(/^https:\/\//);
  });

  it('the not-found page is kept out of search engines and has no canonical URL', async () => {
    const head = headOf(await (await fetch(baseURL() + UNKNOWN_PATH)).text());
    expect(head.robots).toBe('noindex');
    expect(head.canonical).toBeUndefined();
  });
});

describe('structured data (JSON-LD)', () => {
  const { contact, hours } = layout;

  it.each(pagePaths)('%s describes the practice as a MedicalClinic, from contact: and hours:', (path) => {
    const graph = graphOf(heads.get(path) as Head);
    const clinic = graph.find((n) => typesOf(n).includes('MedicalClinic'));
    expect(clinic).toMatchObject({
      name: layout.site.name,
      url: new URL('/', layout.site.url).href,
      email: contact.email,
      telephone: `+61 ${contact.areaCode.slice(1)} ${contact.phone}`,
      address: { '@type': 'PostalAddress', streetAddress: contact.address.street, addressLocality: contact.address.suburb, addressRegion: contact.address.state, postalCode: contact.address.postcode, addressCountry: 'AU' },
    });
    expect(clinic?.openingHoursSpecification).toEqual(hours.regular.map((range) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: range.days.map((d) => `https://schema.org/${d}`),
      opens: range.closed ? '00:00' : range.opens,
      closes: range.closed ? '00:00' : range.closes,
    })));
  });

  const doctorPages = site.pages.filter((p) => p.doctor && p.path);
  it('every doctor has a profile page', () => expect(doctorPages.length).toBe(site.pages.filter((p) => p.doctor).length));

  it.each(doctorPages.map((p) => [p.path as string, p.doctor?.name] as const))('%s has a Physician entry for %s, working for the clinic', (path, name) => {
    const graph = graphOf(heads.get(path) as Head);
    const clinic = graph.find((n) => typesOf(n).includes('MedicalClinic')) as Node;
    const doctor = doctorPages.find((p) => p.path === path)?.doctor;
    const physician = graph.find((n) => typesOf(n).includes('Physician'));
    expect(physician).toMatchObject({ name, url: new URL(path, layout.site.url).href, worksFor: { '@id': clinic['@id'] } });
    expect((physician?.hasCredential as { name: string }[]).map((c) => c.name).join(', ')).toBe(doctor?.qualifications);
  });

  it('pages other than doctor profiles have no Physician entry', () => {
    const others = pagePaths.filter((p) => !doctorPages.some((d) => d.path === p));
    expect(others.filter((p) => graphOf(heads.get(p) as Head).some((n) => typesOf(n).includes('Physician')))).toEqual([]);
  });
});

describe('sitemap, robots and icons', () => {
  it('sitemap.xml lists every page at its canonical address, and nothing else (no aliases, no not-found page)', async () => {
    const response = await fetch(`${baseURL()}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => decode(m[1]));
    expect(locs.sort()).toEqual(pagePaths.map((p) => new URL(p, layout.site.url).href).sort());
    for (const alias of routes.aliases) expect(locs).not.toContain(new URL(alias.from, layout.site.url).href);
  });

  it('robots.txt allows the site and points to the sitemap', async () => {
    const response = await fetch(`${baseURL()}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toContain(`Sitemap: ${new URL('/sitemap.xml', layout.site.url).href}`);
  });

  it('every icon the pages name is served, with the right type; the touch icon is 180 x 180', async () => {
    const icons = [...new Set([...heads.values()].flatMap((h) => h.icons))];
    expect(icons).toEqual(expect.arrayContaining(['/favicon.ico', '/apple-touch-icon.png', layout.site.logo.src]));
    for (const icon of icons) {
      const response = await fetch(baseURL() + icon);
      expect(response.status, icon).toBe(200);
      expect(response.headers.get('content-type'), icon).toMatch(/^image\//);
    }
    const png = Buffer.from(await (await fetch(`${baseURL()}/apple-touch-icon.png`)).arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);
    const ico = Buffer.from(await (await fetch(`${baseURL()}/favicon.ico`)).arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt8(6)]).toEqual([0, 1, 32]);
  });
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(policy.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...values] = d.split(/\s+/);
    return [name, values];
  }));
}

describe('security headers', () => {
  const asset = () => {
    const html = readFileSync(join(inject('distDir'), 'index.html'), 'utf8');
    // The page's entry script, named by the element that starts it (build/boot.ts).
    return /(?:src|data-entry)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
  };
  const answers = () => [
    ['a page', pagePaths[0], 200],
    ['a page with a trailing slash', `${pagePaths.find((p) => p !== '/')}/`, 200],
    ['a script', asset(), 200],
    ['a picture', layout.site.logo.src, 200],
    ['the not-found page', UNKNOWN_PATH, 404],
    ...routes.aliases.slice(0, 1).map((a) => ['an alias', a.from, 301] as const),
  ] as const;

  it.each(answers())('%s (%s) answers %i with a strict CSP and the other security headers', async (_kind, path, status) => {
    const response = await fetch(baseURL() + path, { redirect: 'manual' });
    expect(response.status).toBe(status);
    const policy = directives(response.headers.get('content-security-policy') ?? '');
    expect(policy).toMatchObject({
      'default-src': ["'self'"],
      // The two inline scripts, the page's start and its speculation rules, by their hashes.
      'script-src': ["'self'", BOOT_SCRIPT_HASH, SPECULATION_RULES_HASH],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      'img-src': ["'self'", 'data:'],
    });
    expect(policy['connect-src'][0]).toBe("'self'");
    expect(policy['style-src'][0]).toBe("'self'");
    // No escape hatches anywhere in the policy.
    expect(Object.values(policy).flat().filter((v) => /unsafe-inline|unsafe-eval|^\*$|^https?:$/.test(v))).toEqual([]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('hashed build files are cached for a year; pages are revalidated', async () => {
    expect((await fetch(baseURL() + asset())).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(baseURL() + pagePaths[0])).headers.get('cache-control')).toBe('no-cache');
  });

  it('dist/_headers gives static hosts the same headers the server sends, its policy allowing every page\'s stylesheet', async () => {
    const file = readFileSync(join(inject('distDir'), '_headers'), 'utf8');
    const served = await fetch(baseURL() + pagePaths[0]);
    const [all, assets] = file.split(/\n\n/);
    expect(all.split('\n')[0]).toBe('/*');
    for (const name of ['X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'X-Frame-Options']) {
      expect(all).toContain(`  ${name}: ${served.headers.get(name)}`);
    }
    // The server allows each page its own stylesheet; a static host has one policy for all of them.
    const hosted = directives(/ {2}Content-Security-Policy: (.*)/.exec(all)![1]);
    const { 'style-src': hostedStyles, ...hostedRest } = hosted;
    for (const path of pagePaths) {
      const { 'style-src': styles, ...rest } = directives((await fetch(baseURL() + path)).headers.get('content-security-policy') ?? '');
      expect(rest, path).toEqual(hostedRest);
      expect(styles.filter((source) => !hostedStyles.includes(source)), path).toEqual([]);
    }
    expect(assets).toBe('/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
  });

  it('the staff editor at /admin/ has a policy of its own, as strict (no eval, nothing inline), and no search engine lists it', async () => {
    expect((await fetch(`${baseURL()}/admin`, { redirect: 'manual' })).headers.get('location')).toBe('/admin/');
    const response = await fetch(`${baseURL()}/admin/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const policy = directives(response.headers.get('content-security-policy') ?? '');
    expect(policy).toMatchObject({ 'script-src': ["'self'"], 'frame-ancestors': ["'none'"], 'object-src': ["'none'"], 'base-uri': ["'none'"] });
    expect(policy['style-src'][0]).toBe("'self'");
    expect(Object.values(policy).flat().filter((v) => /unsafe-inline|unsafe-eval|^\*$|^https?:$/.test(v))).toEqual([]);
    expect(await (await fetch(`${baseURL()}/robots.txt`)).text()).toMatch(/^Disallow: \/admin\/$/m);
  });
});
