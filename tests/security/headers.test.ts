import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, BOOT_SCRIPT_HASH, bootTag } from '../../scripts/server/boot.ts';
import { adminHeaders, configuredSupabaseUrl, contentSecurityPolicy, headersFile, httpsOnlyHeaders, injectedStyleHashes, securityHeadersFor } from '../../scripts/server/headers.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `))?.split(' ').slice(1);

describe('Content-Security-Policy', () => {
  it('lets the page talk only to its own origin when no hosted backend is configured', () => {
    expect(directive(contentSecurityPolicy(), 'connect-src')).toEqual(["'self'"]);
  });

  it('adds the configured Supabase project (its origin only) to connect-src', () => {
    const policy = contentSecurityPolicy({ supabaseUrl: configuredSupabaseUrl({ VITE_SUPABASE_URL: ' https://abcd.supabase.co/rest/v1 ' }) });
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://abcd.supabase.co']);
    expect(directive(policy, 'script-src')).toEqual(["'self'", BOOT_SCRIPT_HASH]);
  });

  it('reads no backend from an empty setting, and refuses one that is not a https address', () => {
    expect(configuredSupabaseUrl({})).toBeUndefined();
    expect(configuredSupabaseUrl({ VITE_SUPABASE_URL: '' })).toBeUndefined();
    expect(() => configuredSupabaseUrl({ VITE_SUPABASE_URL: 'http://abcd.supabase.co' })).toThrow(/must start with https/);
    expect(() => configuredSupabaseUrl({ VITE_SUPABASE_URL: 'abcd' })).toThrow(/not a web address/);
    expect(configuredSupabaseUrl({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321' })).toBe('http://127.0.0.1:54321');
  });

  it('allows injected <style> elements only by sha256 hash, never with unsafe-inline', () => {
    const styles = directive(contentSecurityPolicy(), 'style-src') ?? [];
    expect(styles[0]).toBe("'self'");
    expect(styles.slice(1)).toEqual(injectedStyleHashes());
    expect(styles.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(s))).toBe(true);
    expect(contentSecurityPolicy()).not.toMatch(/unsafe/);
  });
});

describe('the one inline script (it starts a page\'s JavaScript once the page has loaded)', () => {
  it('is allowed by the sha256 of its exact text, the same on every page; each page names its own entry and chunks', () => {
    const digest = createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64');
    expect(BOOT_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
    const tag = bootTag('/assets/index-a.js', ['assets/page-b.js', 'assets/framework-c.js']);
    expect(tag).toBe(`<script data-entry="/assets/index-a.js" data-chunks="/assets/page-b.js /assets/framework-c.js">${BOOT_SCRIPT}</script>`);
    expect(directive(contentSecurityPolicy(), 'script-src')).toEqual(["'self'", BOOT_SCRIPT_HASH]);
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
    expect(admin.split('\n')).toEqual(['/admin/*', ...Object.entries({ ...adminHeaders, 'Cache-Control': 'no-cache' }).map(([k, v]) => `  ${k}: ${v}`), '']);
    expect(directive(adminHeaders['Content-Security-Policy'], 'script-src')).toEqual(["'self'"]);
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
