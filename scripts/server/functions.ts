import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendWebResponse, toWebRequest } from './web.ts';

export type WebHandler = (request: Request) => Promise<Response>;

/**
 * Backend functions served on the site's own origin at /functions/v1/<name>, the path supabase-js calls,
 * so the site works locally with no Supabase project. Each is the same web-standard handler that
 * supabase/functions/<name>/index.ts deploys.
 */
const functions = new Map<string, () => Promise<WebHandler>>();

export function registerFunction(name: string, load: () => Promise<WebHandler>) {
  functions.set(name, load);
}

export const FUNCTIONS_PREFIX = '/functions/v1/';
const MAX_BODY = 1024 * 1024;

/** Answers a /functions/v1/* request; returns false when the path is not a function. */
export async function handleFunction(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const path = (req.url ?? '').split('?')[0];
  if (!path.startsWith(FUNCTIONS_PREFIX)) return false;
  const load = functions.get(path.slice(FUNCTIONS_PREFIX.length));
  if (!load) {
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'No such function.' }));
    return true;
  }
  const handler = await load();
  // The client's address, for the rate limit: always the socket's, never a header the client sent.
  req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
  const origin = `http://${req.headers.host ?? 'localhost'}`;
  await sendWebResponse(res, await handler(await toWebRequest(req, origin, MAX_BODY)));
  return true;
}

// The feedback form's function, backed by the local PGlite database (scripts/server/feedback.ts).
registerFunction('send-feedback', () => import('./feedback.ts').then((m) => m.localFeedbackHandler()));
