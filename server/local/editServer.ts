import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devFileAccess, devRequestGuard } from './devFiles.ts';
import { devSitePolicy } from './devPolicy.ts';
import { madeDownloads } from './madeDownloads.ts';
import { drainAfterAnswer, readBody } from './web.ts';
import { EditorApi } from '../editor/api.ts';
import { HttpError, TOO_DEEP, type Body } from '../editor/request.ts';
import { BadBody } from '../editor/opsBody.ts';
import { SHOW_BLOCK } from '../editor/previewBlock.ts';
import { FOCUS_GUARD, previewScripts } from '../../build/previewFocus.ts';
import type { ContentStore } from '../editor/contentStore.ts';
import { FileDraftStore } from './fileStore.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface EditorOptions {
  siteFile: string;
  port?: number;
  /** Port of the live preview (the site itself); defaults to the editor's port + 1. */
  previewPort?: number;
  /** Serve the browser app and the preview (Vite). Off for API-only tests. */
  ui?: boolean;
  store?: ContentStore;
}

/** What the preview's pages hold beside the site: the focus guard, and showing the block being edited. */
const PREVIEW_SCRIPTS = [FOCUS_GUARD, SHOW_BLOCK];

/** The editor's own origins, the only pages that may show the preview in a frame. */
const editorOrigins = (port: number) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];

export interface RunningEditor { url: string; previewUrl: string; port: number; previewPort: number; close(): Promise<void> }

/**
 * After refusing a body as too large, the editor reads and drops the rest on the open connection: a browser cut off
 * while still sending shows "not answering" instead of the answer. Staff send from this computer, so reading
 * even a large file to its end takes moments; a client still sending after a minute is cut off.
 */
const DRAIN = { bytes: Number.POSITIVE_INFINITY, ms: 60_000 };

/** A body of at most `limit` bytes; a larger one is refused (413) with `tooLarge`, by its declared length when it has one. */
async function readLimited(req: IncomingMessage, limit: number, tooLarge: string): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length'] ?? 0) > limit;
  const read = declared ? undefined : await readBody(req, limit);
  if (read && read.complete && read.bytes.length <= limit) return read.bytes;
  drainAfterAnswer(req, DRAIN);
  throw new HttpError(413, tooLarge);
}

const nodeBody = (req: IncomingMessage): Body => ({
  type: String(req.headers['content-type'] ?? ''),
  bytes: (limit, tooLarge) => readLimited(req, limit, tooLarge),
});

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  res.end(text);
}

/**
 * Requests must name this server as it listens (127.0.0.1 or localhost and its port): no DNS rebinding, no other
 * sites. A browser says where a request comes from (Sec-Fetch-Site) even when it sends no Origin, as for a picture:
 * the editor takes only its own pages' requests; the preview also those of the editor (`framedBy`), which frames it
 * and shows its pictures. A request without that header is from a program, not from a web page.
 */
export function allowedRequest(req: IncomingMessage, port: number, framedBy: string[] = []): string | undefined {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  const host = String(req.headers.host ?? '');
  if (!hosts.includes(host)) return 'This editor only answers on its own address (http://127.0.0.1:' + port + '/).';
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  const origins = [...hosts.map((h) => `http://${h}`), ...framedBy];
  if (site === 'cross-site' || (site === 'same-site' && !framedBy.length) || (origin !== undefined && !origins.includes(origin))) {
    return `The editor does not accept requests from other websites. To open it, type its address (http://127.0.0.1:${port}/) into the browser's address bar.`;
  }
  return undefined;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

const refuse = (res: ServerResponse, message: string) => {
  res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(message);
};

export async function startEditor(options: EditorOptions): Promise<RunningEditor> {
  const siteFile = options.siteFile;
  const store = options.store ?? new FileDraftStore(siteFile);
  await store.tidy?.();
  const api = new EditorApi(siteFile, store);
  const ui = options.ui ?? true;
  let port = options.port ?? 5174;
  let previewPort = options.previewPort ?? (port === 0 ? 0 : port + 1);

  type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  let editorMiddleware: Middleware | undefined;
  let previewMiddleware: Middleware | undefined;
  let editorHtml: ((url: string) => Promise<string>) | undefined;
  const closers: (() => Promise<void>)[] = [];

  const editorServer = createServer((req, res) => {
    // Every answer, whatever it is: only the editor's own pages may frame it.
    res.setHeader('Content-Security-Policy', "frame-ancestors 'self'");
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    const refused = allowedRequest(req, port);
    if (refused) return refuse(res, refused);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/api/')) {
      api.act(req.method ?? 'GET', url.pathname.slice('/api/'.length), url.searchParams, nodeBody(req)).then((answer) => send(res, 200, answer)).catch((error: unknown) => {
        if (error instanceof HttpError) send(res, error.status, { error: error.message, ...error.extra });
        else if (error instanceof BadBody) send(res, 400, { error: error.message });
        else if (error instanceof RangeError && /call stack/i.test(error.message)) send(res, 400, { error: TOO_DEEP });
        else {
          console.error(`editor ${url.pathname}: ${error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error)}`);
          send(res, 500, { error: 'The editor hit an unexpected problem. Your last saved work is safe; reload the page.' });
        }
      });
      return;
    }
    if (url.pathname === '/api') return send(res, 404, { error: 'There is no such editor action.' });
    if (editorHtml && (url.pathname === '/' || url.pathname === '/index.html')) {
      editorHtml(req.url ?? '/').then((html) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(html.replace('%PREVIEW_ORIGIN%', `http://127.0.0.1:${previewPort}`));
      }, (error: unknown) => send(res, 500, { error: String(error) }));
      return;
    }
    if (editorMiddleware) return editorMiddleware(req, res, () => send(res, 404, { error: 'Not found.' }));
    send(res, 404, { error: 'Not found.' });
  });

  const previewServer = createServer((req, res) => {
    // Every answer may be framed by the editor only; the site's pages then get the site's whole policy (devSitePolicy).
    res.setHeader('Content-Security-Policy', `frame-ancestors ${editorOrigins(port).join(' ')}`);
    res.setHeader('X-Frame-Options', 'SAMEORIGIN');
    const refused = allowedRequest(req, previewPort, editorOrigins(port));
    if (refused) return refuse(res, refused);
    if (previewMiddleware) return previewMiddleware(req, res, () => { res.writeHead(404); res.end(); });
    res.writeHead(404);
    res.end();
  });

  port = await listen(editorServer, port);
  closers.push(() => new Promise((r) => editorServer.close(() => r())));
  if (ui) {
    previewPort = await listen(previewServer, previewPort);
    closers.push(() => new Promise((r) => previewServer.close(() => r())));
    const { createServer: createVite } = await import('vite');
    const react = (await import('@vitejs/plugin-react')).default;
    const { sitePlugin } = await import('../../src/content/vitePlugin.ts');
    // The preview is the site's own dev server. The editor hands it each version it writes, checked: the open page
    // shows it in place without waiting for the file watcher (which stays for changes made by other programs).
    const site = sitePlugin(siteFile);
    const editorVite = await createVite({
      configFile: false,
      root: ROOT,
      plugins: [react(), devRequestGuard()],
      appType: 'custom',
      cacheDir: join(ROOT, 'node_modules', '.vite-editor'),
      logLevel: 'warn',
      server: { middlewareMode: true, hmr: { server: editorServer }, host: '127.0.0.1', allowedHosts: ['127.0.0.1', 'localhost'], fs: devFileAccess(siteFile) },
      optimizeDeps: { entries: ['src/editor/main.tsx'] },
    });
    const previewVite = await createVite({
      configFile: false,
      root: ROOT,
      // The pictures and PDFs the build makes from documents/ are made on request, after the policy's headers are set
      // (the editor shows the preview's pictures too).
      plugins: [site, react(), previewScripts(PREVIEW_SCRIPTS), devRequestGuard(), devSitePolicy({ framedBy: editorOrigins(port), inlineScripts: PREVIEW_SCRIPTS }), madeDownloads(siteFile)],
      publicDir: join(dirname(siteFile), 'public'),
      appType: 'spa',
      cacheDir: join(ROOT, 'node_modules', '.vite-preview'),
      // A draft with problems is normal here: the editor lists them; the preview's own log would only repeat them.
      logLevel: 'silent',
      server: {
        middlewareMode: true, hmr: { server: previewServer }, host: '127.0.0.1', allowedHosts: ['127.0.0.1', 'localhost'], fs: devFileAccess(siteFile),
        // Compiled while the editor opens, so the first preview does not wait for every block to be transformed.
        warmup: { clientFiles: ['src/site/entry-client.tsx', 'src/blocks/**/*.tsx'] },
      },
      optimizeDeps: { entries: ['src/site/entry-client.tsx', 'src/blocks/**/*.tsx'] },
    });
    // The practice's folder, not only the file: a program that replaces the file (git does) ends a watch on the file.
    previewVite.watcher.add(dirname(siteFile));
    api.preview = site.api;
    editorMiddleware = editorVite.middlewares;
    previewMiddleware = previewVite.middlewares;
    const template = join(ROOT, 'src', 'editor', 'index.html');
    editorHtml = async (url) => editorVite.transformIndexHtml(url, await readFile(template, 'utf8'));
    closers.unshift(() => editorVite.close(), () => previewVite.close());
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    previewUrl: `http://127.0.0.1:${previewPort}/`,
    port,
    previewPort,
    async close() {
      for (const close of closers) await close();
    },
  };
}

