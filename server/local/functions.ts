import type { IncomingMessage, ServerResponse } from 'node:http';
import { allowedOriginsFromEnv } from '../feedback/config.ts';
import { corsPolicy, DEFAULT_MAX_BODY_BYTES } from '../feedback/handler.ts';
import { securityHeaders } from '../../build/headers.ts';
import { closeAfterAnswer, readBody, sendWebResponse, toWebRequest } from './web.ts';

export type WebHandler = (request: Request) => Promise<Response>;

/**
 * Backend functions served on the site's own origin at /functions/v1/<name>, the path supabase-js calls,
 * so the site works locally with no Supabase project. Each is the same web-standard handler that
 * supabase/functions/<name>/index.ts deploys.
 */
/**
 * `maxBody`: the largest body read for it, or for each of its actions (a larger one is refused by its declared length
 * without being read, or at its first byte over); `actions`: it answers at addresses below its own
 * (/functions/v1/<name>/<action>); `admit`: asked with the request's method, address and headers before any of its
 * body is read, a refusal to answer at once (another website, no sign-in), or null to read the body.
 */
interface FunctionOptions {
  maxBody: number | ((action: string) => number);
  actions: boolean;
  admit?: (request: Request) => Promise<Response | null>;
}
const functions = new Map<string, { load: () => Promise<WebHandler> } & FunctionOptions>();

export function registerFunction(name: string, load: () => Promise<WebHandler>, options: Partial<FunctionOptions> = {}) {
  functions.set(name, { load, maxBody: options.maxBody ?? MAX_BODY, actions: options.actions ?? false, admit: options.admit });
}

export const FUNCTIONS_PREFIX = '/functions/v1/';
/** The largest body read; the feedback handler's own limit, so a larger one is refused without being read. */
const MAX_BODY = DEFAULT_MAX_BODY_BYTES;
/** Methods a web-standard Request cannot carry: answered here, before any handler. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** A Host header as browsers send it: a name or an address in brackets, and a port. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The request's URL on this server, or null when its target or its Host header is not a valid address. */
export function requestUrl(req: IncomingMessage): URL | null {
  const host = req.headers.host ?? 'localhost';
  if (!HOST.test(host)) return null;
  try {
    const url = new URL(req.url ?? '/', `http://${host}`);
    // An absolute target (GET http://other/ HTTP/1.1) names this server only through its path.
    return new URL(url.pathname + url.search, `http://${host}`);
  } catch {
    return null;
  }
}

/** This computer's own names, as a Host header writes them. */
const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];
/** Addresses a server listens on to take every interface: no name a browser would use for it. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '[::]']);

const asHostName = (address: string) => {
  const plain = address.replace(/^::ffff:(?=\d+\.)/, '').toLowerCase();
  return plain.includes(':') && !plain.startsWith('[') ? `[${plain}]` : plain;
};

/** The address to open this server at, told to whoever used another. */
function ownAddress(req: IncomingMessage, listenHost?: string): string {
  const name = listenHost && !EVERY_INTERFACE.has(listenHost) ? asHostName(listenHost) : '127.0.0.1';
  return `http://${name}:${req.socket.localPort ?? ''}/`;
}

/**
 * Whether a request names this server in its Host header: one of this computer's own names, the address the
 * connection came in on, or the name the server listens on (HOST), with the port it listens on. Any other name was
 * chosen by someone else: a page of another site whose name was pointed at this computer (DNS rebinding) sends its
 * own, and must not reach the functions with it.
 */
export function namesThisServer(req: IncomingMessage, listenHost?: string): boolean {
  const port = req.socket.localPort;
  const names = [...LOOPBACK, ...[req.socket.localAddress, listenHost].filter((n): n is string => Boolean(n)).map(asHostName)];
  const host = String(req.headers.host ?? '').toLowerCase();
  return names.some((name) => host === `${name}:${port}` || (port === 80 && host === name));
}

/** One line in the log for a request this server refused or failed: no stack trace, nothing the client sent verbatim. */
export function logRequestProblem(req: IncomingMessage, what: string, error?: unknown) {
  const reason = error instanceof Error ? `: ${error.name}: ${error.message.split('\n')[0]}` : '';
  console.error(`${new Date().toISOString()} ${JSON.stringify(req.method ?? '?')} ${JSON.stringify((req.url ?? '').slice(0, 200))}: ${what}${reason}`);
}

function jsonAnswer(res: ServerResponse, status: number, message: string, headers: Record<string, string>) {
  if (res.headersSent) {
    res.end();
    return;
  }
  const body = JSON.stringify({ error: message });
  res.writeHead(status, {
    ...securityHeaders, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store', ...headers,
  });
  res.end(body);
}

/** CORS headers for an answer this server gives itself, by the same rules as the function's own answers. */
export function corsHeadersFor(req: IncomingMessage, url: URL): Record<string, string> {
  const origin = req.headers.origin;
  const request = new Request(url, { headers: origin ? { origin } : {} });
  return corsPolicy(allowedOriginsFromEnv((name) => process.env[name])).headers(request);
}

/**
 * Answers a /functions/v1/* request; returns false when the path is not a function. `listenHost`: the name or address
 * the server listens on (HOST), one of its own names.
 */
export async function handleFunction(req: IncomingMessage, res: ServerResponse, listenHost?: string): Promise<boolean> {
  const path = (req.url ?? '').split('?')[0];
  if (!path.startsWith(FUNCTIONS_PREFIX)) return false;
  const url = requestUrl(req);
  if (!url) {
    logRequestProblem(req, 'refused: the request target or Host header is not a valid address');
    jsonAnswer(res, 400, 'The request is not valid.', { connection: 'close' });
    return true;
  }
  if (!namesThisServer(req, listenHost)) {
    logRequestProblem(req, 'refused: the Host header names another server');
    jsonAnswer(res, 421, `This server answers only at its own address, ${ownAddress(req, listenHost)}. Open the site there.`, {});
    return true;
  }
  const cors = corsHeadersFor(req, url);
  const method = (req.method ?? 'GET').toUpperCase();
  if (FORBIDDEN_METHODS.has(method)) {
    logRequestProblem(req, 'refused: method not allowed');
    jsonAnswer(res, 405, 'Send feedback with POST.', { ...cors, allow: 'POST, OPTIONS' });
    return true;
  }
  const [name, ...action] = path.slice(FUNCTIONS_PREFIX.length).split('/');
  const fn = functions.get(name);
  if (!fn || (action.length && !fn.actions)) {
    jsonAnswer(res, 404, 'No such function.', cors);
    return true;
  }
  try {
    const handler = await fn.load();
    // The client's address, for the rate limit: always the socket's, never a header the client sent.
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const refused = fn.admit ? await fn.admit(toWebRequest(req, url, undefined)) : null;
    if (refused) {
      // Nothing of the body was read: the connection goes after the answer rather than waiting for it.
      if (hasBody) closeAfterAnswer(req, res);
      await sendWebResponse(res, refused, securityHeaders);
      return true;
    }
    const maxBody = typeof fn.maxBody === 'number' ? fn.maxBody : fn.maxBody(action.join('/'));
    let body: Uint8Array<ArrayBuffer> | undefined;
    let complete = true;
    if (hasBody) {
      const declared = Number(req.headers['content-length'] ?? '');
      if (Number.isFinite(declared) && declared > maxBody) {
        // Refused by its declared length (the handler reads the header): the body is never read.
        body = new Uint8Array(0);
        complete = false;
      } else {
        ({ bytes: body, complete } = await readBody(req, maxBody));
      }
    }
    const response = await handler(toWebRequest(req, url, body));
    if (!complete) closeAfterAnswer(req, res);
    await sendWebResponse(res, response, securityHeaders);
  } catch (error) {
    logRequestProblem(req, 'failed', error);
    jsonAnswer(res, 500, 'Something went wrong. Please try again later.', cors);
  }
  return true;
}

// The feedback form's function, backed by the local PGlite database (server/local/feedback.ts).
registerFunction('send-feedback', () => import('./feedback.ts').then((m) => m.localFeedbackHandler()));
