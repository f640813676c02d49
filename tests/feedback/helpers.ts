import type { PGlite } from '@electric-sql/pglite';
import { createFeedbackHandler, type FeedbackHandlerOptions } from '../../server/feedback/handler.ts';
import { feedbackStore } from '../../server/local/feedbackStore.ts';
import type { Feedback } from '../../src/content/feedbackRules.ts';

export const URL_ = 'http://127.0.0.1:4173/functions/v1/send-feedback';
export const SITE_ORIGIN = 'http://127.0.0.1:4173';

export const valid: Feedback = {
  name: 'Jane Citizen',
  email: 'jane@example.com',
  phone: '08 8377 1234',
  feedbackType: 'compliment',
  message: 'The reception team were wonderful.',
};

/** A JSON POST as the browser's supabase-js sends it. */
export function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(URL_, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE_ORIGIN, 'x-forwarded-for': '203.0.113.7', ...headers },
    body: typeof body === 'string' || body instanceof Uint8Array ? (body as BodyInit) : JSON.stringify(body),
  });
}

export function handlerFor(db: PGlite, options: Partial<FeedbackHandlerOptions> = {}) {
  const logged: string[] = [];
  const handler = createFeedbackHandler({
    store: feedbackStore(db),
    allowedOrigins: [],
    rateLimit: 0,
    rateLimitSalt: 'test-salt',
    clientAddress: (request) => request.headers.get('x-forwarded-for'),
    log: (message) => { logged.push(message); },
    ...options,
  });
  return { handler, logged };
}

export async function counts(db: PGlite): Promise<{ feedback: number; rate: number }> {
  const { rows } = await db.query<{ feedback: number; rate: number }>(
    'select (select count(*)::int from public.feedback) as feedback, (select count(*)::int from public.feedback_rate_limit) as rate',
  );
  return rows[0];
}

export async function emptyTables(db: PGlite) {
  await db.exec('reset role; truncate public.feedback, public.feedback_rate_limit restart identity;');
}
