import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDocument } from 'yaml';
import markdownSchema from '../../schema/defs/markdown.schema.json' with { type: 'json' };
import type { ContentError } from '../../src/content/errors.ts';
import { loadSite, type CheckResult } from '../../src/content/load.ts';
import { renderMarkdown } from '../../src/content/markdown.ts';
import { servedFiles } from '../../src/content/siteFiles.ts';
import type { PagesShow, SitePluginApi } from '../../src/content/vitePlugin.ts';
import type { Conflict } from '../../src/editor/ops/apply.ts';
import { allTargets, navigator } from '../../src/editor/model.ts';
import { withOps } from '../../src/editor/ops/draft.ts';
import { placesOf, type Op } from '../../src/editor/ops/op.ts';
import { listChanges, placeWords, shortValue } from '../../src/editor/review/changes.ts';
import type { Json } from '../../src/editor/yaml/json.ts';
import { PatchError, patchOps, type Patched } from '../../src/editor/yaml/patch.ts';
import { devFileAccess, devRequestGuard } from '../server/devFiles.ts';
import { devSitePolicy } from '../server/devPolicy.ts';
import { madeDownloads } from '../server/madeDownloads.ts';
import { drainAfterAnswer } from '../server/web.ts';
import { git } from './git.ts';
import { keyOfOp, rebase, type Choices } from './merge.ts';
import { CONTROL_CHARACTERS, HIDDEN_MARKS, jsonDepth } from './oneLine.ts';
import { BadBody, choicesOf, opsOf } from './opsBody.ts';
import { SHOW_BLOCK } from './previewBlock.ts';
import { FOCUS_GUARD, previewScripts } from './previewFocus.ts';
import { bundleSchema } from './schemaBundle.ts';
import { hashOf, LocalGitStore, type ContentStore } from './store.ts';
import { checkUpload, MAX_PDF_BYTES, MAX_PICTURE_BYTES } from './upload.ts';

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

export interface RunningEditor { url: string; previewUrl: string; port: number; previewPort: number; close(): Promise<void> }

export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly extra: Record<string, unknown> = {}) { super(message); }
}

const MB = 1024 * 1024;
/**
 * The site file is about 150 KB; a change seven times that is still read and checked in well under a second, and a
 * request within the limits must never hold the editor longer.
 */
const MAX_JSON = 1 * MB;
const MAX_UPLOAD = 25 * MB;
/**
 * After refusing a body as too large, the editor reads and drops the rest on the open connection: a browser cut off
 * while still sending shows "not answering" instead of the answer. Staff send from this computer, so reading
 * even a large file to its end takes moments; a client still sending after a minute is cut off.
 */
const DRAIN = { bytes: Number.POSITIVE_INFINITY, ms: 60_000 };

/** Reads a body of at most `limit` bytes; a larger one is refused (413) with `tooLarge`, by its declared length when it has one. */
function readBody(req: IncomingMessage, limit: number, tooLarge: string): Promise<Buffer> {
  const refuse = () => {
    drainAfterAnswer(req, DRAIN);
    return new HttpError(413, tooLarge);
  };
  if (Number(req.headers['content-length'] ?? 0) > limit) return Promise.reject(refuse());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) { chunks.push(chunk); return; }
      req.off('data', onData).off('end', onEnd);
      chunks.length = 0;
      reject(refuse());
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData).on('end', onEnd).on('error', reject);
  });
}

/** A request's body, whichever server received it (this computer's editor, or the hosted editor's function). */
export interface Body {
  /** Its declared type (Content-Type). */
  type: string;
  /** At most `limit` bytes; a larger body is refused (413) with `tooLarge`. */
  bytes(limit: number, tooLarge: string): Promise<Uint8Array>;
}

const TOO_LARGE_JSON = `That change is larger than ${MAX_JSON / MB} MB, the most the editor takes at once. Reload the page; if this happens again, tell the person who looks after the website.`;

/** The longest text a markdown field may hold, as the schema says. */
const MAX_MARKDOWN = markdownSchema.maxLength;

/** Deeper than any change of the site file can be (the file itself nests about a dozen levels). */
const MAX_JSON_DEPTH = 64;
export const TOO_DEEP = 'That change nests lists or entries deeper than the website ever does, so it was not read. Nothing was changed. Reload the page; if this happens again, tell the person who looks after the website.';

async function readJson(body: Body): Promise<Record<string, unknown>> {
  // JSON only: a page on another site cannot send this type without asking first (CORS), and it is never allowed.
  if (!body.type.startsWith('application/json')) throw new HttpError(415, 'The editor only accepts JSON here.');
  const bytes = await body.bytes(MAX_JSON, TOO_LARGE_JSON);
  const text = new TextDecoder().decode(bytes);
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw new HttpError(400, TOO_DEEP);
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through to the plain message below
  }
  throw new HttpError(400, 'The editor sent something it could not read. Reload the page.');
}

const nodeBody = (req: IncomingMessage): Body => ({
  type: String(req.headers['content-type'] ?? ''),
  bytes: (limit, tooLarge) => readBody(req, limit, tooLarge),
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

/** What the preview's pages hold beside the site: the focus guard, and showing the block being edited. */
const PREVIEW_SCRIPTS = [FOCUS_GUARD, SHOW_BLOCK];

/** The editor's own origins, the only pages that may show the preview in a frame. */
const editorOrigins = (port: number) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`];

const problemsOf = (result: CheckResult) => (result.ok ? [] : result.errors);
/** What the checker thinks is probably a mistake (old news on a page, an entry no page shows): shown, never blocking. */
const warningsOf = (result: CheckResult) => result.warnings;

export class EditorApi {
  private bundle = bundleSchema();
  /** The live preview, when it runs. */
  preview: SitePluginApi | undefined;
  /**
   * The operations written since the last publish, as made. Publish does them again on a colleague's newer version
   * when they still turn the published text into this file (a change made in the YAML view or another program
   * breaks that; then the operations are worked out from the two versions, by entry id).
   */
  private draft: Op[] = [];
  /** The addresses the site serves, when the store has them elsewhere than the folders beside the file. */
  private served: string[] | undefined;

  constructor(readonly siteFile: string, readonly store: ContentStore) {}

  /** Brings in what the store keeps between requests (a hosted draft's operations, the files of its commit). */
  async open() {
    if (this.store.draftOps) this.draft = await this.store.draftOps();
    this.served = await this.store.addresses?.();
    return this;
  }

  private load(text: string) {
    return loadSite(this.siteFile, text, this.served);
  }

  check(text: string): ContentError[] {
    return problemsOf(this.load(text));
  }

  valueOf(text: string): Json | null {
    const doc = parseDocument(text, { prettyErrors: false });
    if (doc.errors.length) return null;
    // Aliases are not resolved (YAML stops past a count, and one alias can stand for millions of copies): the
    // checker refuses them and says where, and until they are gone the file opens without a value for the forms.
    try {
      return doc.toJS({ maxAliasCount: 0 }) as Json;
    } catch {
      return null;
    }
  }

  async document() {
    const { text, hash } = await this.store.read();
    const checked = this.load(text);
    return { file: basename(this.siteFile), text, hash, value: this.valueOf(text), problems: problemsOf(checked), warnings: warningsOf(checked) };
  }

  private async writeText(text: string, hash: string) {
    const written = await this.store.write(text, hash, this.draft);
    if (!written.ok) throw new HttpError(409, written.message, { conflict: true });
    return this.shown(text, written.hash);
  }

  /** The answer to a save: the new version's hash, its problems, and whether the preview showed it (not the text: the browser has it). */
  private shown(text: string, hash: string) {
    const checked = this.load(text);
    // The open preview page shows the change by itself; a change of routes needs the frame reloaded, which the
    // browser does (a reload message that came while the frame was loading would be lost).
    const preview = this.preview?.show(text, checked, { reloadPages: false }) ?? 'unchanged';
    return { hash, problems: problemsOf(checked), warnings: warningsOf(checked), preview };
  }

  /**
   * Operations from the forms, done on the file as it is now. `hash` names the version they were made on: when the
   * file has changed since (another program, a colleague's version brought in), they are done on the new text by
   * path and entry id all the same, and the answer carries the file's value so that the browser shows both. An
   * operation that meets a change of the same field made meanwhile is not done; it comes back with both values.
   */
  async ops(ops: Op[], hash: string, originals?: string) {
    for (let attempt = 0; ; attempt++) {
      const current = await this.store.read();
      let patched: Patched;
      try {
        patched = patchOps(current.text, ops, originals);
      } catch (error) {
        if (error instanceof PatchError) throw new HttpError(422, `${error.message} Nothing was changed. Use the YAML view for this change, or tell the person who looks after the website.`);
        throw error;
      }
      const elsewhere = current.hash !== hash;
      const conflicts = this.conflictViews(current.text, patched.conflicts);
      const extra = { conflicts, ...(elsewhere || conflicts.length ? { value: this.valueOf(patched.text) } : {}) };
      if (patched.text === current.text) {
        const checked = this.load(current.text);
        return { hash: current.hash, problems: problemsOf(checked), warnings: warningsOf(checked), preview: 'unchanged' as PagesShow, ...extra };
      }
      // Written only over the version just read: a file changed again in between is read once more.
      const draft = withOps(this.draft, ops.filter((op) => !patched.conflicts.some((c) => c.op === op)));
      const written = await this.store.write(patched.text, current.hash, draft);
      if (!written.ok) {
        if (attempt < 3) continue;
        throw new HttpError(409, written.message, { conflict: true });
      }
      this.draft = draft;
      return { ...this.shown(patched.text, written.hash), ...extra };
    }
  }

  /** Each conflict in words; the file is read, and the form's parts made, once for all of them (a request may hold hundreds). */
  private conflictViews(text: string, conflicts: Conflict[]) {
    const value = conflicts.length ? this.valueOf(text) : null;
    const targets = value === null ? [] : allTargets(navigator(value, this.bundle));
    return conflicts.map((conflict) => {
      const places = value === null ? undefined : placesOf(value, conflict.op.path);
      return {
        key: keyOfOp(conflict.op),
        where: value !== null && places ? placeWords(value, places, this.bundle, targets) : 'A part that is no longer in the file',
        theirs: conflict.theirs === undefined ? 'removed' : shortValue(conflict.theirs),
        op: conflict.op,
        current: conflict.theirs ?? null,
      };
    });
  }

  async saveText(text: string, hash: string) {
    return this.writeText(text, hash);
  }

  async review() {
    const { text } = await this.store.read();
    const published = await this.store.published();
    if (published === undefined) return { base: 'none' as const, changes: [], diff: '' };
    const before = this.valueOf(published);
    const after = this.valueOf(text);
    const changes = before !== null && after !== null ? listChanges(before, after, this.bundle).map(({ id, kind, words }) => ({ id, kind, words })) : [];
    return { base: 'published' as const, changes, diff: await unifiedDiff(published, text, basename(this.siteFile)) };
  }

  /** Takes back one change: its inverse operation, done on the file as it is now. */
  async undo(id: string) {
    const { text, hash } = await this.store.read();
    const published = await this.store.published();
    const before = published === undefined ? null : this.valueOf(published);
    const after = this.valueOf(text);
    if (before === null || after === null) throw new HttpError(409, 'There is nothing to undo against: the published version could not be read.');
    const change = listChanges(before, after, this.bundle).find((c) => c.id === id);
    if (!change) throw new HttpError(409, 'That change is no longer there (it may have been undone already). The list has been refreshed.');
    // Taking back a removal brings the removed lines back exactly as they were published.
    return this.ops([change.undo], hash, published);
  }

  async publish(message: string, choices: Choices = {}, author = '') {
    // Line breaks and tabs become spaces. Any other control character is refused, and so is a mark that hides text or
    // turns it round.
    if (CONTROL_CHARACTERS.test(message) || HIDDEN_MARKS.test(message)) {
      throw new HttpError(400, 'The description holds an invisible control character (perhaps pasted from another program). Type the description again, then press Publish.');
    }
    const line = message.replace(/\s+/g, ' ').trim();
    if (!line) throw new HttpError(400, 'Write a few words saying what you changed, e.g. "New Saturday opening hours".');
    if (line.length > 200) throw new HttpError(400, 'Keep the description to one short line (200 characters at most).');
    // A name as git writes one: one line, without the angle brackets that hold the e-mail.
    if (HIDDEN_MARKS.test(author)) throw new HttpError(400, 'Your name holds an invisible character (perhaps pasted from another program). Type your name again, then press Publish.');
    const who = author.replace(/[<>\0-\x1f\x7f-\x9f]/g, ' ').replace(/\s+/g, ' ').trim();
    if (who.length > 100) throw new HttpError(400, 'Keep your name short (100 characters at most).');
    // The store checks the text it is about to record, in the queue of saves: a save that comes meanwhile waits.
    const result = await this.store.publish(line, (text) => {
      const problems = this.check(text);
      if (!problems.length) return undefined;
      return { problems, message: `The site has ${problems.length === 1 ? '1 problem' : `${problems.length} problems`} (see Problems). Your work is saved as a draft; fix ${problems.length === 1 ? 'it' : 'them'}, then publish.` };
    }, (base, mine, theirs, by) => rebase(base, mine, theirs, choices, by, this.draft, this.bundle), who || undefined);
    if (result.ok) this.draft = [];
    if (!result.ok) throw new HttpError(409, result.message, { ...(result.problems ? { problems: result.problems } : {}), ...(result.conflicts ? { conflicts: result.conflicts } : {}) });
    return result;
  }

  async upload(name: string, bytes: Uint8Array) {
    const checked = checkUpload(name, bytes);
    if (!checked.ok) throw new HttpError(checked.status, checked.message);
    const href = await this.store.addPublicFile(checked.folder, checked.name, bytes);
    return { href, kind: checked.kind.picture ? 'picture' : 'pdf', width: checked.width, height: checked.height };
  }

  schema() {
    return this.bundle;
  }

  files() {
    return { files: this.served?.filter((f) => !f.startsWith('/people/')) ?? servedFiles(this.store.publicDir) };
  }

  /** Answers one action ('document', 'ops', ...) of the editor; throws HttpError for a refusal. */
  async act(method: string, action: string, query: URLSearchParams, body: Body): Promise<unknown> {
    const get = method === 'GET';
    const post = method === 'POST';
    const str = (value: unknown) => (typeof value === 'string' ? value : '');
    if (get && action === 'document') return this.document();
    if (get && action === 'schema') return this.schema();
    if (get && action === 'files') return this.files();
    if (get && action === 'review') return this.review();
    if (post && action === 'ops') { const b = await readJson(body); return this.ops(opsOf(b.ops), str(b.hash)); }
    if (post && action === 'save-text') { const b = await readJson(body); return this.saveText(str(b.text), str(b.hash)); }
    if (post && action === 'markdown') {
      const b = await readJson(body);
      const text = str(b.text);
      if (text.length > MAX_MARKDOWN) throw new HttpError(400, `That text is longer than ${MAX_MARKDOWN.toLocaleString('en-AU')} characters, the most a field may hold. Shorten it, then look again.`);
      return { html: renderMarkdown(text) };
    }
    if (post && action === 'check') { const b = await readJson(body); return { problems: this.check(str(b.text)) }; }
    if (post && action === 'undo') { const b = await readJson(body); return this.undo(str(b.id)); }
    if (post && action === 'publish') { const b = await readJson(body); return this.publish(str(b.message), choicesOf(b.choices), str(b.author)); }
    if (post && action === 'upload') {
      if (!body.type.startsWith('application/octet-stream')) throw new HttpError(415, 'Send the file itself.');
      const tooLarge = `The file is larger than ${MAX_UPLOAD / MB} MB, too large to send to the editor. A picture may be at most ${MAX_PICTURE_BYTES / MB} MB and a PDF ${MAX_PDF_BYTES / MB} MB: make it smaller, then choose it again.`;
      return this.upload(query.get('name') ?? '', await body.bytes(MAX_UPLOAD, tooLarge));
    }
    throw new HttpError(404, 'There is no such editor action.');
  }

  async route(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    send(res, 200, await this.act(req.method ?? 'GET', path.slice('/api/'.length), query, nodeBody(req)));
  }
}

/** A unified diff of two texts, as git shows it, labelled with the file's name. */
async function unifiedDiff(before: string, after: string, name: string): Promise<string> {
  if (before === after) return '';
  const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const dir = await mkdtemp(join(tmpdir(), 'editor-review-'));
  try {
    await writeFile(join(dir, 'published'), before);
    await writeFile(join(dir, 'current'), after);
    const result = await git(dir, ['diff', '--no-index', '--no-color', '-U2', '--', 'published', 'current']);
    return result.stdout.replace(/^diff --git.*\n(index.*\n)?/, '').replace(/^--- a\/published/m, `--- ${name} (published)`).replace(/^\+\+\+ b\/current/m, `+++ ${name} (now)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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
  const store = options.store ?? new LocalGitStore(siteFile);
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
      api.route(req, res, url.pathname, url.searchParams).catch((error: unknown) => {
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

export { hashOf };
