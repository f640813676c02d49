/**
 * The send-feedback function as a web-standard handler, (Request) => Promise<Response>: Supabase runs it under Deno
 * (../send-feedback/index.ts) and `npm start` / `npm run dev` run it under Node (server/local/feedback.ts).
 *
 * Answers (always JSON, always with CORS headers):
 *   200 {ok: true}   stored; or a repeat of a stored submissionId (nothing new is stored); or the honeypot was filled
 *                    (a bot is told it worked and nothing is stored)
 *   200 {version}    GET send-feedback/version: the version deployed (deployedVersion.ts), which the deploy compares
 *                    with its own (scripts/deployScope.ts); nothing else is answered to a GET
 *   204              CORS preflight
 *   400              not JSON, or not a JSON object
 *   403              a browser on a website that is not allowed
 *   405              not POST
 *   413              body too large
 *   415              not application/json
 *   422              a field breaks the rules in rules.ts
 *   429              too many submissions from one client in the last hour
 *   500              the store failed: nothing was stored
 */
import { DEPLOYED_VERSION } from '../deployedVersion.ts';
import type { Notify } from './notify.ts';
import { validateFeedback, type Problem } from '../../src/content/feedbackRules.ts';
import type { FeedbackStore, RateLimit } from './store.ts';

export type Handler = (request: Request) => Promise<Response>;

export interface FeedbackHandlerOptions {
  store: FeedbackStore;
  /** Origins (scheme://host[:port]) whose pages may call the function; '*' for any. The function's own origin always may. */
  allowedOrigins: readonly string[] | '*';
  /** Submissions per client per hour; 0 turns the limit off. */
  rateLimit: number;
  /** Secret mixed into the hash of the client's address, so the stored hash cannot be turned back into it. */
  rateLimitSalt: string;
  /** The client's address as the platform reports it; null when unknown (then no limit applies to that request). */
  clientAddress: (request: Request) => string | null;
  /** Optional notification to the practice after a submission is stored. Its failure never loses the submission. */
  notify?: Notify;
  maxBodyBytes?: number;
  /** The field a bot fills in. People never see it. */
  honeypotField?: string;
  log?: (message: string, error?: unknown) => void;
  /** What GET send-feedback/version answers: by default the version the deploy wrote (deployedVersion.ts). */
  version?: string;
}

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
export const DEFAULT_HONEYPOT_FIELD = 'website';
export const RATE_WINDOW_SECONDS = 3600;

const ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type, x-region';

const fieldProblems: Record<Problem | 'unknownField', (field: string) => string> = {
  required: (field) => `Please fill in ${field}.`,
  notText: (field) => `${field} must be text.`,
  tooLong: (field) => `${field} is too long.`,
  controlCharacters: (field) => `${field} contains characters that are not allowed.`,
  email: () => 'email is not a valid e-mail address.',
  phone: () => 'phone is not a valid phone number.',
  feedbackType: () => 'feedbackType must be one of general, compliment or complaint.',
  submissionId: () => 'submissionId must be the id the form made for this submission (a UUID).',
  unknownField: (field) => `${field} is not a field of the feedback form.`,
};

class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The body's bytes, or undefined when it is larger than `max`: what is past the limit is not read, and a declared
 * length past it is refused before reading anything. Each caller says its own "too large".
 */
export async function readBody(request: Request, max: number): Promise<Uint8Array | undefined> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) return undefined;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

function parseJsonObject(bytes: Uint8Array): Record<string, unknown> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new HttpError(400, 'The body is not valid UTF-8 text.');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The body must be a JSON object with the fields of the feedback form.');
  }
  return body as Record<string, unknown>;
}

function isJson(contentType: string | null): boolean {
  if (!contentType) return false;
  const [type, ...params] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((param) => !param.startsWith('charset=') || /^charset="?utf-8"?$/.test(param));
}

/**
 * The CORS rules of the function: which pages may call it. Also used by the local server for the answers it gives
 * itself (503 while the database opens or cannot be opened, 500 on its own failure).
 */
export function corsPolicy(allowedOrigins: readonly string[] | '*', methods = 'POST, OPTIONS') {
  const allowed = allowedOrigins === '*' ? '*' : new Set(allowedOrigins.map(normaliseOrigin));

  const originAllowed = (origin: string, request: Request) =>
    allowed === '*' || allowed.has(normaliseOrigin(origin)) || normaliseOrigin(origin) === new URL(request.url).origin;

  const headers = (request: Request): Record<string, string> => {
    const origin = request.headers.get('origin');
    const result: Record<string, string> = {
      'access-control-allow-methods': methods,
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '86400',
      vary: 'Origin',
    };
    if (origin && originAllowed(origin, request)) result['access-control-allow-origin'] = allowed === '*' ? '*' : origin;
    return result;
  };
  return { originAllowed, headers };
}

export function createFeedbackHandler(options: FeedbackHandlerOptions): Handler {
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const honeypot = options.honeypotField ?? DEFAULT_HONEYPOT_FIELD;
  const log = options.log ?? ((message, error) => console.error(message, error ?? ''));
  const { originAllowed, headers: corsHeaders } = corsPolicy(options.allowedOrigins);

  const json = (request: Request, status: number, body: unknown, extra: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: {
        ...corsHeaders(request),
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        ...extra,
      },
    });

  const handle = async (request: Request): Promise<Response> => {
    const origin = request.headers.get('origin');
    if (origin && !originAllowed(origin, request)) {
      throw new HttpError(403, 'This website is not allowed to send feedback here.');
    }
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: corsHeaders(request) });
    if (request.method === 'GET' && new URL(request.url).pathname.endsWith('/send-feedback/version')) {
      return json(request, 200, { version: options.version ?? DEPLOYED_VERSION });
    }
    if (request.method !== 'POST') throw new HttpError(405, 'Send feedback with POST.', { allow: 'POST, OPTIONS' });
    if (!isJson(request.headers.get('content-type'))) {
      throw new HttpError(415, 'Send the feedback as JSON (Content-Type: application/json).');
    }
    const bytes = await readBody(request, maxBody);
    if (!bytes) throw new HttpError(413, `The feedback is too large (the limit is ${maxBody} bytes).`);
    const body = parseJsonObject(bytes);

    // A filled honeypot is a bot: tell it everything went well, store nothing.
    const trap = body[honeypot];
    if (trap !== undefined && trap !== null && trap !== '') return json(request, 200, { ok: true });
    delete body[honeypot];

    const checked = validateFeedback(body);
    if (!checked.ok) {
      throw new HttpError(422, fieldProblems[checked.problem](checked.field));
    }

    const address = options.rateLimit > 0 ? options.clientAddress(request) : null;
    const rateLimit: RateLimit | null = address
      ? { clientHash: await sha256Hex(`${options.rateLimitSalt}\u0000${address}`), limit: options.rateLimit, windowSeconds: RATE_WINDOW_SECONDS }
      : null;

    let result;
    try {
      result = await options.store.submit(checked.value, rateLimit);
    } catch (error) {
      log('send-feedback: the store failed; nothing was stored.', error);
      throw new HttpError(500, 'Your feedback could not be saved just now. Please try again later.');
    }
    if (!result.stored) {
      throw new HttpError(429, 'Too much feedback has been sent from this connection. Please try again later.', {
        'retry-after': String(result.retryAfter),
      });
    }

    // A repeat of a stored submission is answered as the first one was; the practice was told about it then.
    if (options.notify && !result.duplicate) {
      try {
        await options.notify({ feedbackType: checked.value.feedbackType, receivedAt: new Date() });
      } catch (error) {
        log('send-feedback: the feedback was stored, but the notification e-mail failed.', error);
      }
    }
    return json(request, 200, { ok: true });
  };

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      if (error instanceof HttpError) return json(request, error.status, { error: error.message }, error.headers);
      log('send-feedback: unexpected failure.', error);
      return json(request, 500, { error: 'Something went wrong. Please try again later.' });
    }
  };
}

function normaliseOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin.trim().toLowerCase();
  }
}
