import type { IncomingMessage } from 'node:http';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { publicDirFor } from '../../src/content/siteFiles.ts';

const root = resolve(import.meta.dirname, '..', '..');

/**
 * What a development server (`npm run dev`, the editor and its preview) may read for a browser: the page, the
 * site's sources, the packages, and the practice's public files; never the project's other files. Vite serves files
 * under its root with these checks; a list of its own replaces Vite's, so Vite's defaults are repeated here.
 */
export function devFileAccess(siteFile: string) {
  return {
    strict: true,
    allow: [join(root, 'index.html'), join(root, 'src'), join(root, 'node_modules'), publicDirFor(siteFile)],
    deny: [
      // Vite's own list.
      '.env', '.env.*', '*.{crt,pem,key,p12,pfx,cer,der}', '.npmrc', '.yarnrc.yml', '**/.git/**',
      // The local feedback database and its salt, any environment file, the servers' caches, a save half written.
      '**/.data/**', '.env*', '**/node_modules/.vite*/**', '**/.*.editing.tmp',
    ],
  };
}

/**
 * Why a development server refuses a request before Vite sees it, or undefined. Not from other websites (a picture
 * or a form on any page can send a request here); not a hidden file or folder (a name starting with "."), whatever
 * the lists above name (public/ is served without them), except /.well-known/ and the packages Vite prepared in its
 * cache (`isPreparedPackage`, scripts only); and never Vite's "open in editor", which starts a program here.
 */
export function refusedDevRequest(req: IncomingMessage, isPreparedPackage: (url: string) => boolean): string | undefined {
  if (req.headers['sec-fetch-site'] === 'cross-site') return 'This server does not answer requests from other websites. To open it, type its address into the browser\'s address bar.';
  const url = req.url ?? '/';
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return 'That address is not valid.';
  }
  if (path === '/__open-in-editor') return 'Opening files in an editor from the browser is turned off.';
  const segments = path.split(/[\\/]/);
  const hidden = segments.some((segment, i) => segment.startsWith('.') && !(i === 1 && segment === '.well-known'));
  if (hidden && !(isPreparedPackage(url) && /\.js(\.map)?$/.test(path) && !segments.includes('..'))) return 'Hidden files are not served.';
  return undefined;
}

/** The refusals above, in front of everything a development server answers. */
export function devRequestGuard(): Plugin {
  return {
    name: 'dev-request-guard',
    apply: 'serve',
    configureServer(server) {
      const prepared = (url: string) => server.environments.client.depsOptimizer?.isOptimizedDepUrl(url) ?? false;
      server.middlewares.use((req, res, next) => {
        const refused = refusedDevRequest(req, prepared);
        if (!refused) return next();
        res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end(refused);
      });
    },
  };
}
