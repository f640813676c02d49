import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, BOOT_SCRIPT_HASH, bootTag, SPECULATION_RULES, SPECULATION_RULES_HASH, SPECULATION_TAG } from '../../build/boot.ts';
import {
  adminHeaders, adminSecurityPolicy, configuredSupabaseUrl, contentSecurityPolicy, headersFile, httpsOnlyHeaders, securityHeaders, securityHeadersFor, sharedFileHeaders,
} from '../../build/headers.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `))?.split(' ').slice(1);

describe('Content-Security-Policy', () => {
  it('lets the page talk only to its own origin when no hosted backend is configured', () => {
    expect(directive(contentSecurityPolicy(), 'connect-src')).toEqual(["'self'"]);
  });

  it('adds the configured Supabase project (its origin only) to connect-src', () => {
    const policy = contentSecurityPolicy({ supabaseUrl: configuredSupabaseUrl({ VITE_SUPABASE_URL: ' https://abcd.supabase.co/rest/v1 ' }) });
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://abcd.supabase.co']);
    expect(directive(policy, 'script-src')).toEqual(["'self'", BOOT_SCRIPT_HASH, SPECULATION_RULES_HASH]);
  });

  it('reads no backend from an empty setting, and refuses one that is not a https address', () => {
    expect(configuredSupabaseUrl({})).toBeUndefined();
    expect(configuredSupabaseUrl({ VITE_SUPABASE_URL: '' })).toBeUndefined();
    expect(() => configuredSupabaseUrl({ VITE_SUPABASE_URL: 'http://abcd.supabase.co' })).toThrow(/must start with https/);
    expect(() => configuredSupabaseUrl({ VITE_SUPABASE_URL: 'abcd' })).toThrow(/not a web address/);
    expect(configuredSupabaseUrl({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321' })).toBe('http://127.0.0.1:54321');
  });

  it("allows no <style> element but the page's own, by its sha256 hash, never with unsafe-inline", () => {
    expect(directive(contentSecurityPolicy(), 'style-src')).toEqual(["'self'"]);
    const hashed = directive(contentSecurityPolicy({ styleHashes: ["'sha256-" + 'A'.repeat(43) + "='"] }), 'style-src') ?? [];
    expect(hashed).toEqual(["'self'", "'sha256-" + 'A'.repeat(43) + "='"]);
    expect(directive(adminSecurityPolicy(), 'style-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy()).not.toMatch(/unsafe/);
  });
});

describe('the inline scripts (one starts a page\'s JavaScript once the page has loaded; the other is its speculation rules)', () => {
  it('is allowed by the sha256 of its exact text, the same on every page; each page names its own entry and chunks', () => {
    const digest = createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64');
    expect(BOOT_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
    const tag = bootTag('/assets/index-a.js', ['assets/page-b.js', 'assets/framework-c.js']);
    expect(tag).toBe(`<script data-entry="/assets/index-a.js" data-chunks="/assets/page-b.js /assets/framework-c.js">${BOOT_SCRIPT}</script>`);
    expect(directive(contentSecurityPolicy(), 'script-src')).toEqual(["'self'", BOOT_SCRIPT_HASH, SPECULATION_RULES_HASH]);
  });

  it('prerender the site\'s pages a visitor rests on, never a file, allowed by their hash', () => {
    const digest = createHash('sha256').update(SPECULATION_RULES, 'utf8').digest('base64');
    expect(SPECULATION_RULES_HASH).toBe(`'sha256-${digest}'`);
    expect(SPECULATION_TAG).toBe(`<script type="speculationrules">${SPECULATION_RULES}</script>`);
    const rules = JSON.parse(SPECULATION_RULES) as { prerender: { where: { and: object[] }; eagerness: string }[] };
    expect(rules.prerender).toEqual([{
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: '/*.*' } }] },
      eagerness: 'moderate',
    }]);
  });

  it('names the blocks that move on a page that has them, and nothing on a page of static blocks', () => {
    expect(bootTag('/a.js', [], { islands: ['hero', 'doctor-carousel'] })).toContain(' data-islands="hero doctor-carousel">');
    expect(bootTag('/a.js', [], { islands: [] })).not.toContain('data-islands');
  });
});

describe('dist/_headers', () => {
  it('puts the security headers on every path and a year of caching on hashed assets only', () => {
    const headers = securityHeadersFor({ supabaseUrl: 'https://abcd.supabase.co' });
    const file = headersFile(headers);
    const [all, assets, admin] = file.split('\n\n');
    expect(all.split('\n')).toEqual(['/*', ...Object.entries({ ...headers, ...httpsOnlyHeaders }).map(([k, v]) => `  ${k}: ${v}`)]);
    expect(all).not.toContain('Cache-Control');
    expect(assets).toBe('/assets/*\n  Cache-Control: public, max-age=31536000, immutable');
    // The staff editor: its own policy, never indexed, never cached stale.
    expect(admin.split('\n')).toEqual(['/admin/*', ...Object.entries({ ...adminHeaders, 'Cache-Control': 'no-cache' }).map(([k, v]) => `  ${k}: ${v}`)]);
    expect(all).toContain('connect-src \'self\' https://abcd.supabase.co');
  });
});

describe('headers that scanners score (Mozilla Observatory)', () => {
  it('dist/_headers asks for HTTPS only, for at least six months, subdomains included', () => {
    const hsts = /^  Strict-Transport-Security: max-age=(\d+); includeSubDomains$/m.exec(headersFile());
    expect(hsts).not.toBeNull();
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(182 * 24 * 3600);
  });

  it('keeps other sites from embedding its files (Cross-Origin-Resource-Policy), on npm start and in dist/_headers', () => {
    expect(securityHeadersFor()['Cross-Origin-Resource-Policy']).toBe('same-origin');
    expect(headersFile()).toMatch(/^  Cross-Origin-Resource-Policy: same-origin$/m);
  });

  it('does not send HSTS from npm start, which serves plain HTTP on this machine', () => {
    expect(Object.keys(securityHeadersFor())).not.toContain('Strict-Transport-Security');
  });
});

/** The policies of a header that carries several (comma-separated): a script must be allowed by each of them. */
const policies = (header: string) => header.split(/\s*,\s*/);

describe('the staff editor\'s scripts', () => {
  it('come only from its own build\'s folder on this site: one policy allows this origin, the other only /admin/assets/', () => {
    const [own, folder, ...more] = policies(adminHeaders['Content-Security-Policy']);
    expect(more).toEqual([]);
    expect(directive(own, 'script-src')).toEqual(["'self'"]);
    // A source with a path needs a host: any host and port, so that it holds wherever the site is served; the first
    // policy keeps it to this origin. (127.0.0.1 is named: by the standard, * matches names, not addresses.)
    expect(folder).toBe('script-src *:*/admin/assets/ 127.0.0.1:*/admin/assets/');
    expect(policies(adminSecurityPolicy({ supabaseUrl: 'https://abcd.supabase.co' }))[1]).toBe(folder);
  });

  it('may be read by the preview\'s sandboxed frame (no origin of its own), as the site\'s pictures may; nothing else is shared', () => {
    expect(sharedFileHeaders('/admin/assets/preview-a1.js')).toEqual({ 'Access-Control-Allow-Origin': '*' });
    expect(sharedFileHeaders('/images/hero/a.webp')).toEqual({ 'Access-Control-Allow-Origin': '*' });
    expect(sharedFileHeaders('/people/dr-a-320.avif')).toEqual({ 'Access-Control-Allow-Origin': '*' });
    for (const path of ['/', '/fees', '/admin/', '/admin/index.html', '/assets/index-a1.js', '/routes.json', '/functions/v1/send-feedback']) expect(sharedFileHeaders(path), path).toEqual({});
  });
});

describe('dist/_headers on every path', () => {
  const file = headersFile(securityHeaders, ['/images/logo.svg', '/images/hero/a.webp', '/people/dr-a.avif', '/downloads/form.pdf', '/favicon.svg']);
  const blocks = new Map(file.trim().split('\n\n').map((block) => [block.split('\n')[0], block.split('\n').slice(1)] as const));

  it('forbids guessing a file\'s type (nosniff) from the rule every path matches, /images/, /downloads/ and /people/ included', () => {
    expect([...blocks.keys()][0]).toBe('/*');
    expect(blocks.get('/*')).toContain('  X-Content-Type-Options: nosniff');
    expect(securityHeaders['X-Content-Type-Options']).toBe('nosniff');
  });

  it('never lets a service worker take a wider scope', () => {
    expect(file).not.toMatch(/Service-Worker-Allowed/i);
    expect(Object.keys({ ...securityHeaders, ...adminHeaders }).map((k) => k.toLowerCase())).not.toContain('service-worker-allowed');
  });

  it('shares the editor\'s build and the folders of the content\'s files with the preview\'s frame, and nothing else', () => {
    const shared = [...blocks].filter(([, lines]) => lines.includes('  Access-Control-Allow-Origin: *')).map(([path]) => path);
    expect(shared).toEqual(['/admin/assets/*', '/downloads/*', '/favicon.svg', '/images/*', '/people/*']);
    expect([...blocks.values()].flat().filter((line) => /Access-Control/.test(line))).toHaveLength(shared.length);
  });
});
