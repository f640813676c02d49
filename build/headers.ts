import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { loadEnv } from 'vite';
import { contentFileType } from '../src/content/fileTypes.ts';
import { BOOT_SCRIPT_HASH, SPECULATION_RULES_HASH } from './boot.ts';

/**
 * The security headers of every answer: sent by `npm start` and written to dist/_headers for static hosts, from
 * this one place. The site ships no style attribute, and its one inline script and inlined stylesheet are allowed by
 * their hashes, so the policy needs no 'unsafe-inline'.
 */
export interface HeaderOptions {
  /** The hosted backend (VITE_SUPABASE_URL) the feedback form calls; without one it calls this site's own origin. */
  supabaseUrl?: string;
  /** Hashes of the pages' own <style> elements (the stylesheet, inlined by the prerender: see pageStyleHashes). */
  styleHashes?: string[];
  /** What a development server adds to the policy for its own client (server/local/devPolicy.ts). */
  dev?: DevSources;
}

export interface DevSources {
  /** Inline scripts the server itself writes into pages, allowed by the hash of their exact text. */
  inlineScripts: string[];
  /** The nonce of the <style> elements its client adds while the page runs (one per module's stylesheet). */
  styleNonce: string;
  /** Addresses besides the page's own that it connects to (its live-reload socket). */
  connect: string[];
  /** The origins that may show the page in a frame; nobody when empty. */
  frameAncestors: string[];
}

const root = resolve(import.meta.dirname, '..', '..');

/** VITE_SUPABASE_URL as the production build sees it (the environment, then .env files), or undefined. */
export function configuredSupabaseUrl(env: Record<string, string | undefined> = loadEnv('production', root, 'VITE_')): string | undefined {
  const value = env.VITE_SUPABASE_URL?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`VITE_SUPABASE_URL is not a web address: "${value}". Set it to the project URL, e.g. https://abcd.supabase.co.`);
  }
  if (url.protocol !== 'https:' && url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    throw new Error(`VITE_SUPABASE_URL must start with https:// (it is "${value}").`);
  }
  return url.origin;
}

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The site's stylesheet is inlined into each page, so the first paint waits for no second request; the policy
 * allows exactly that text by its hash. Read from the page itself, so the hash can never disagree with it.
 */
export function pageStyleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => hash(m[1])))];
}

export function contentSecurityPolicy({ supabaseUrl, styleHashes = [], dev }: HeaderOptions = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // The two inline scripts of a prerendered page, by their hashes (build/boot.ts): the one that starts its
    // JavaScript, and its speculation rules.
    'script-src': ["'self'", BOOT_SCRIPT_HASH, SPECULATION_RULES_HASH, ...(dev?.inlineScripts ?? []).map(hash)],
    'style-src': ["'self'", ...styleHashes, ...(dev ? [`'nonce-${dev.styleNonce}'`] : [])],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(supabaseUrl ? [new URL(supabaseUrl).origin] : []), ...(dev?.connect ?? [])],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': dev?.frameAncestors.length ? dev.frameAncestors : ["'none'"],
    'form-action': ["'self'"],
  };
  return serialise(directives);
}

function serialise(directives: Record<string, string[]>): string {
  return Object.entries(directives).map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Where the admin build puts its scripts and styles (build/adminBuild.ts). */
export const ADMIN_ASSETS = '/admin/assets/';

/**
 * A second policy, enforced beside the first: a script runs only when both allow it. A source with a path must name
 * a host, and dist/_headers cannot know which host serves it (a domain, a preview address, 127.0.0.1 under npm start),
 * so this one names any host and port and the first one's 'self' keeps them to this origin: together, this site's
 * /admin/assets/ and nothing else, not a file planted elsewhere on the site. 127.0.0.1 is named because the standard's
 * * matches names, not addresses. (Hashes would not do: the build's modules import each other, unhashed.)
 */
const ADMIN_SCRIPTS_ONLY = `script-src *:*${ADMIN_ASSETS} 127.0.0.1:*${ADMIN_ASSETS}`;

/**
 * The staff editor's policies at /admin/: its own build's scripts and styles only (no eval, nothing inline), its calls
 * to this site and the Supabase project, and never framed. Its preview draws the site's blocks in a document of its
 * own (srcdoc, under these policies), so it allows the stylesheet the site's policy allows those blocks to insert. It
 * asks for nothing the site's own policy refuses, so a static host that sends both (they join the rules of /* and
 * /admin/*) still runs it.
 */
export function adminSecurityPolicy({ supabaseUrl }: { supabaseUrl?: string } = {}): string {
  const supabase = supabaseUrl ? [new URL(supabaseUrl).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...supabase],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  return `${serialise(directives)}, ${ADMIN_SCRIPTS_ONLY}`;
}

/**
 * Files any origin may read (CORS): the admin build's, and the content's (pictures, documents). The editor's preview
 * draws the site's pages in a sandboxed frame, which has no origin (so /admin's sign-in is out of its reach): to the
 * site its requests come from elsewhere ('null'), and Cross-Origin-Resource-Policy refuses a plain request for a
 * picture, so the preview asks for them with CORS and these answers allow it. All are public and read without
 * credentials; the pages, the site's own scripts and the functions are not shared.
 */
export function sharedFileHeaders(urlPath: string): Record<string, string> {
  return urlPath.startsWith(ADMIN_ASSETS) || contentFileType(urlPath) ? { 'Access-Control-Allow-Origin': '*' } : {};
}

/** The fewest _headers paths that match these files: each one's folder ('/images/*' takes in /images/hero/), a file at the top by itself. */
function folderRules(files: string[]): string[] {
  const rules = [...new Set(files.map((file) => (file.lastIndexOf('/') === 0 ? file : `${file.slice(0, file.lastIndexOf('/'))}/*`)))].sort();
  return rules.filter((rule) => !rules.some((other) => other !== rule && other.endsWith('/*') && rule.startsWith(other.slice(0, -1))));
}

/** What /admin/ adds to every answer: its policy, and no search engine lists it. */
export const adminHeaders: Record<string, string> = {
  'Content-Security-Policy': adminSecurityPolicy({ supabaseUrl: configuredSupabaseUrl() }),
  'X-Robots-Tag': 'noindex, nofollow',
};

export function securityHeadersFor(options: HeaderOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Other sites may not embed this site's files (pictures, scripts, PDFs) in their pages.
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Frame-Options': 'DENY',
  };
}

/**
 * Headers for a static host serving the site over HTTPS: browsers then refuse plain HTTP to this domain and its
 * subdomains for a year (at least six months is what scanners ask for). `npm start` serves plain HTTP on this
 * machine, where the header means nothing, so it sends it only through dist/_headers.
 */
export const httpsOnlyHeaders: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

/** The hosted backend this build's pages may call (read once: the environment does not change while serving). */
export const supabaseUrl = configuredSupabaseUrl();

/** Headers sent with every answer of `npm start` (a page's own adds its style hashes), and the base of dist/_headers. */
export const securityHeaders: Record<string, string> = securityHeadersFor({ supabaseUrl });

/**
 * How long a browser may keep a file. /assets/ holds only the build's output, each file named by a hash of its
 * content (NAME-HASH.js): it never changes, so a year, immutable. Pages are re-checked on every visit, so an edit
 * to site.yaml shows at once. Files from public/ keep their name when they change: fresh for a day, then shown
 * from the cache for up to a week while the browser checks for a newer copy.
 */
export function cacheControl(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html') || !/\.[a-z0-9]+$/i.test(urlPath)) return 'no-cache';
  return 'public, max-age=86400, stale-while-revalidate=604800';
}

/**
 * dist/_headers in the format Netlify and Cloudflare Pages read: the security headers on every path, hashed build
 * files cached for a year, and the files the editor's preview reads (sharedFileHeaders), by folder: `files`, the
 * addresses of the content's files. (Both hosts join the values of a header set by two matching rules, so
 * Cache-Control appears only once per path.)
 */
export function headersFile(headers: Record<string, string> = securityHeaders, files: string[] = []): string {
  const block = (path: string, values: Record<string, string>) =>
    [path, ...Object.entries(values).map(([key, value]) => `  ${key}: ${value}`)].join('\n');
  const shared = sharedFileHeaders(ADMIN_ASSETS);
  return [
    block('/*', { ...headers, ...httpsOnlyHeaders }),
    block('/assets/*', { 'Cache-Control': cacheControl('/assets/') }),
    block('/admin/*', { ...adminHeaders, 'Cache-Control': 'no-cache' }),
    ...[`${ADMIN_ASSETS}*`, ...folderRules(files.filter((file) => contentFileType(file)))].map((path) => block(path, shared)),
  ].join('\n\n') + '\n';
}
