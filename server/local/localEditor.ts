/**
 * The site-editor function for `npm start`: the same handler Supabase runs (server/editor/hostedHandler.ts), with
 * the drafts in the local PGlite database (feedbackStore.ts opens it, with every migration), this checkout's
 * repository and its remote as the Git host, and sign-in through a one-time address printed in the terminal.
 */
import { randomBytes } from 'node:crypto';
import { dirname, relative, sep } from 'node:path';
import { sqlEditorDb } from '../editor/sqlEditorDb.ts';
import { allowedOriginsFromEnv } from '../feedback/config.ts';
import { siteFileFromEnv } from '../../src/content/siteFiles.ts';
import { pushTarget, repositoryRoot } from './git.ts';
import { createSiteEditorHandler, EDITOR_FUNCTION, type SiteEditorHandler } from '../editor/hostedHandler.ts';
import { bodyLimitOf } from '../editor/request.ts';
import { LocalGitHost } from './localGitHost.ts';
import { pgliteAsPerson } from './editorDb.ts';
import { localAccess } from './localSignIn.ts';
import { editorDataDir, openFeedbackDatabase, type FeedbackDatabase } from './feedbackStore.ts';
import { Worker } from 'node:worker_threads';
import { registerFunction, type WebHandler } from './functions.ts';
import { requestToWire, responseFromWire, type WireResponse } from './wire.ts';

/** Where staff open the editor on this computer. */
export const ADMIN_PATH = '/admin/';

export interface LocalEditorOptions {
  /** The address the server answers on, e.g. http://127.0.0.1:4173. */
  origin: () => string;
  /** Prints a sign-in address (the terminal); `forWhom`: the colleague it was made for by an invitation. */
  announce?: (address: string, forWhom?: string) => void;
}

let handler: Promise<SiteEditorHandler> | undefined;
let opened: FeedbackDatabase | undefined;

/** Closes the editor's database (its data written out, its lock released), once the server takes no more requests. */
export async function closeLocalEditorDatabase(): Promise<void> {
  await opened?.close();
  opened = undefined;
}

/** The site-editor handler on this computer, made once; its first sign-in address is printed as it is made. */
export function localEditorHandler(options: LocalEditorOptions): Promise<SiteEditorHandler> {
  handler ??= (async () => {
    const siteFile = siteFileFromEnv();
    const root = await repositoryRoot(dirname(siteFile));
    const target = root ? await pushTarget(root) : undefined;
    if (!root || !target) {
      throw new Error('The editor needs this folder to be a git repository with a remote to publish to (git remote add origin ...).');
    }
    const prefix = relative(root, dirname(siteFile)).split(sep).filter(Boolean).join('/');
    if (prefix) throw new Error(`The editor publishes a site file at the top of its repository; ${siteFile} is in ${prefix}/.`);
    // The editor's own database, beside the feedback data: it lives on the editor's thread, and PGlite's data may be
    // opened by one instance only.
    const database = await openFeedbackDatabase(editorDataDir());
    opened = database;
    // A secret made at each start: a sign-in lasts until the server stops. EDITOR_JWT_SECRET keeps it across starts.
    const secret = process.env.EDITOR_JWT_SECRET || randomBytes(32).toString('base64url');
    const access = localAccess({
      db: database.db,
      origin: options.origin,
      adminPath: ADMIN_PATH,
      announce: options.announce ?? ((address, forWhom) => console.log(forWhom
        ? `Staff editor: the sign-in address for ${forWhom} (it works once, for that person only): ${address}`
        : `Staff editor: open ${address} to sign in (this address works once).`)),
    });
    await access.printFirst();
    return createSiteEditorHandler({
      invitations: access.invitations,
      secret,
      db: sqlEditorDb(pgliteAsPerson(database.db)),
      host: new LocalGitHost({ root, remote: target.remote, branch: target.branch, checkout: target.local }),
      siteFile,
      allowedOrigins: allowedOriginsFromEnv((name) => process.env[name]),
      localSignIn: access.signIn,
    });
  })();
  handler.catch(() => { handler = undefined; });
  return handler;
}

/** The message that asks the editor's thread to close its database, and its answer. */
export const CLOSED = -1;


/**
 * Serves the editor's backend at /functions/v1/site-editor/ and opens it at once, on a thread of its own
 * (editorWorker.ts), which prints the first sign-in address. The address names 127.0.0.1 whatever the server listens
 * on, since sign-in is only ever accepted from this computer.
 */
export function startLocalEditor(port: number): { close(): Promise<void> } {
  // A worker thread does not take the main thread's TypeScript loader: it registers tsx itself, then loads the module.
  const [tsx, entry] = [import.meta.resolve('tsx/esm/api'), new URL('./editorWorker.ts', import.meta.url).href];
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { origin: `http://127.0.0.1:${port}` } });
  const waiting = new Map<number, { resolve(response: Response | null): void; reject(error: Error): void }>();
  let next = 0;
  worker.on('message', (message: { id: number; response?: WireResponse | null; error?: string }) => {
    if (message.id === CLOSED) return;
    const call = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.response !== undefined) call?.resolve(message.response && responseFromWire(message.response));
    else call?.reject(new Error(message.error ?? 'The editor\'s thread gave no answer.'));
  });
  worker.on('error', (error) => console.error(`The staff editor stopped: ${error.message}`));
  worker.on('exit', () => {
    for (const call of waiting.values()) call.reject(new Error('The editor\'s thread has stopped.'));
    waiting.clear();
  });
  const ask = async (request: Request, kind: 'request' | 'admit'): Promise<Response | null> => {
    // Asked to admit, only the request's method, address and headers cross: its body has not been read.
    const wire = kind === 'admit' ? { url: request.url, method: request.method, headers: [...request.headers], body: null } : await requestToWire(request);
    return new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, kind, request: wire }, wire.body ? [wire.body] : []);
    });
  };
  const handler: WebHandler = async (request) => (await ask(request, 'request')) ?? new Response(null, { status: 500 });
  registerFunction(EDITOR_FUNCTION, () => Promise.resolve(handler), { maxBody: bodyLimitOf, actions: true, admit: (request) => ask(request, 'admit') });
  return {
    async close() {
      const closed = new Promise<void>((done) => {
        worker.on('message', (message: { id: number }) => { if (message.id === CLOSED) done(); });
        worker.once('exit', () => done());
      });
      worker.postMessage({ id: CLOSED });
      await Promise.race([closed, new Promise((done) => setTimeout(done, 5_000))]);
      await worker.terminate();
    },
  };
}
