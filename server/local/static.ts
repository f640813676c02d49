import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { CONTENT_FILE_TYPES } from '../../src/content/fileTypes.ts';
import type { RouteManifest } from '../../src/content/model.ts';
import { resolvePath } from '../../src/site/resolve.ts';
import { buildStampFile } from './buildInfo.ts';
import { ADMIN_ASSETS, adminHeaders, cacheControl, contentSecurityPolicy, pageStyleHashes, securityHeaders, sharedFileHeaders, supabaseUrl } from '../../build/headers.ts';
import { sourceFiles } from './sourceFiles.ts';

/** The staff editor (build/adminBuild.ts): its own files and policy, never a page of the site. */
const ADMIN = '/admin/';

// The build's own files, then every kind of file the content may hold (one list, shared with the checker).
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.xml': 'application/xml; charset=utf-8', '.webmanifest': 'application/manifest+json',
  ...CONTENT_FILE_TYPES,
};
const compressible = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;
/** Below this, compression costs more than it saves; above it, a block chunk of 600 bytes still halves. */
export const COMPRESS_MIN_BYTES = 256;

interface Entry { body: Buffer; gzip?: Buffer; br?: Buffer; type: string; mtime: number; policy?: string }

const HOST_FILES = new Set(['_headers', '_redirects']);

/**
 * Files a browser runs: a page (its scripts run on this origin, where /admin keeps its sign-in), a script, a
 * stylesheet. Only the build makes them: a page is served only as a route's, the not-found page or the editor's; a
 * script or stylesheet only from the build's own folders. Anything else of these kinds (a file committed under
 * public/, which the checker refuses) is not served at all.
 */
const PAGE = /\.(x?html?|xht)$/i;
const CODE = /\.([mc]?js|css)$/i;
const BUILD_CODE = ['/assets/', ADMIN_ASSETS];
const servable = (address: string) => !PAGE.test(address) && (!CODE.test(address) || BUILD_CODE.some((folder) => address.startsWith(folder)));

/** A path with a hidden segment (/.vite/..., /.build-stamp, even encoded; /.well-known/ is public by standard) or a static host's settings file. */
function internal(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const segments = decoded.split(/[\\/]/);
  return segments.some((segment) => segment.startsWith('.') && segment !== '.well-known') || HOST_FILES.has(segments[1] ?? '');
}

/**
 * Serves a prerendered dist/: pages with or without a trailing slash, aliases as 301, unknown paths as 404. With
 * `publicDir`, pictures and PDFs added to it after the build are served from there (sourceFiles.ts).
 */
export function createStaticHandler(distDir: string, options: { publicDir?: string } = {}) {
  const root = normalize(distDir + sep);
  const manifest = JSON.parse(readFileSync(join(distDir, 'routes.json'), 'utf8')) as RouteManifest;
  const cache = new Map<string, Entry>();
  const stamp = buildStampFile(distDir);
  const fromSource = options.publicDir ? sourceFiles(options.publicDir, existsSync(stamp) ? statSync(stamp).mtimeMs : 0) : undefined;

  const load = (file: string): Entry => {
    const mtime = statSync(file).mtimeMs;
    const hit = cache.get(file);
    if (hit && hit.mtime === mtime) return hit;
    const body = readFileSync(file);
    const type = types[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const entry: Entry = { body, type, mtime };
    // A page's policy allows its own inlined stylesheet by hash.
    if (type.startsWith('text/html')) entry.policy = contentSecurityPolicy({ supabaseUrl, styleHashes: pageStyleHashes(body.toString('utf8')) });
    if (compressible.test(type) && body.length > COMPRESS_MIN_BYTES) {
      const gzip = gzipSync(body, { level: 9 });
      const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      if (gzip.length < body.length) entry.gzip = gzip;
      if (br.length < body.length) entry.br = br;
    }
    cache.set(file, entry);
    return entry;
  };

  const fileFor = (urlPath: string): string | null => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    const full = normalize(join(root, decoded));
    if (!full.startsWith(root) || decoded.includes('\0')) return null;
    for (const candidate of [full, join(full, 'index.html')]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return null;
  };

  const send = (req: IncomingMessage, res: ServerResponse, status: number, file: string, urlPath: string, policy?: string, served = address(file)) => {
    const entry = load(file);
    const accept = String(req.headers['accept-encoding'] ?? '');
    const [body, encoding] = entry.br && /\bbr\b/.test(accept) ? [entry.br, 'br'] : entry.gzip && /\bgzip\b/.test(accept) ? [entry.gzip, 'gzip'] : [entry.body, null];
    res.statusCode = status;
    for (const [key, value] of Object.entries(securityHeaders)) res.setHeader(key, value);
    if (policy ?? entry.policy) res.setHeader('Content-Security-Policy', policy ?? entry.policy ?? '');
    if (policy) res.setHeader('X-Robots-Tag', adminHeaders['X-Robots-Tag']);
    res.setHeader('Content-Type', entry.type);
    if (status === 200) for (const [key, value] of Object.entries(sharedFileHeaders(served))) res.setHeader(key, value);
    res.setHeader('Cache-Control', status === 200 ? cacheControl(urlPath) : 'no-cache');
    res.setHeader('Content-Length', body.length);
    if (entry.gzip) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  /** A file of dist/ as the address it is served at: '/images/a.webp', whatever the request wrote ('/x/..%2fimages/a.webp'). */
  const address = (file: string) => `/${relative(root, file).split(sep).join('/')}`;
  const notFound = (req: IncomingMessage, res: ServerResponse, urlPath: string) => send(req, res, 404, join(root, '404.html'), urlPath);

  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', ...securityHeaders }).end();
      return;
    }
    // Browsers say so when they fetch a service worker's script: the site has none, and a file registered as one
    // would see every request of every page.
    if (req.headers['service-worker'] !== undefined) return notFound(req, res, req.url ?? '/');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      res.writeHead(400, { ...securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request.');
      return;
    }
    // Build internals and the static host's own settings files are not part of the site.
    if (internal(url.pathname)) return notFound(req, res, url.pathname);
    if (url.pathname === ADMIN.slice(0, -1)) {
      res.writeHead(301, { Location: ADMIN + url.search, ...securityHeaders }).end();
      return;
    }
    if (url.pathname.startsWith(ADMIN)) {
      const file = fileFor(url.pathname);
      // The admin build's own pages, and its scripts from its assets only.
      if (!file || (CODE.test(file) && !address(file).startsWith(ADMIN_ASSETS))) return notFound(req, res, url.pathname);
      return send(req, res, 200, file, url.pathname, adminHeaders['Content-Security-Policy']);
    }
    const route = resolvePath(manifest, url.pathname);
    if (route.kind === 'redirect') {
      res.writeHead(route.permanent ? 301 : 302, { Location: route.to + url.search, ...securityHeaders }).end();
      return;
    }
    const file = fileFor(url.pathname);
    const source = fromSource?.(url.pathname, file);
    if (source) return send(req, res, 200, source.file, url.pathname, undefined, source.address);
    // A page is served from its folder; a path that is neither a page nor a file gets the not-found page.
    const page = file?.endsWith(`${sep}index.html`) && route.kind === 'page';
    if (file && (page || servable(address(file)))) send(req, res, 200, file, url.pathname);
    else notFound(req, res, url.pathname);
  };
}
