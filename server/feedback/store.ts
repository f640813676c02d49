import type { Feedback } from '../../src/content/feedbackRules.ts';

/** The rate limit applied while storing: at most `limit` submissions per `windowSeconds` for one client. */
export interface RateLimit {
  /** Salted SHA-256 of the client's address, in hex. */
  clientHash: string;
  limit: number;
  windowSeconds: number;
}

/** stored: true with duplicate: true when this submission id was stored before (nothing new was stored). */
export type StoreResult = { stored: true; duplicate: boolean } | { stored: false; retryAfter: number };

/** Where submissions go. One call stores one submission and its rate-limit bookkeeping, all or nothing. */
export interface FeedbackStore {
  submit(feedback: Feedback, rateLimit: RateLimit | null): Promise<StoreResult>;
}

/**
 * Runs one SQL statement with $1.. parameters and returns its rows (PGlite locally, postgres.js on Supabase), as the
 * least-privilege role WRITER_ROLE.
 */
export type SqlQuery = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The role the function acts as: it may call public.submit_feedback and nothing else (supabase/migrations). */
export const WRITER_ROLE = 'feedback_writer';
/** Run first in the transaction of each call: the role lasts until that transaction ends. */
export const SET_WRITER_ROLE = `set local role ${WRITER_ROLE}`;

const SUBMIT = 'select public.submit_feedback($1::public.feedback_type, $2, $3, $4, $5, $6::uuid, $7, $8, $9) as result';

/**
 * A store on any Postgres that ran supabase/migrations: one call of public.submit_feedback, a single statement,
 * so the rate-limit row and the feedback row are committed together or not at all.
 */
export function sqlStore(query: SqlQuery): FeedbackStore {
  return {
    async submit(feedback, rateLimit) {
      const rows = await query(SUBMIT, [
        feedback.feedbackType, feedback.name, feedback.email, feedback.phone, feedback.message, feedback.submissionId ?? null,
        rateLimit?.clientHash ?? null, rateLimit?.limit ?? 0, rateLimit?.windowSeconds ?? 3600,
      ]);
      const raw = rows[0]?.result;
      const result = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { stored?: unknown; duplicate?: unknown; retryAfter?: unknown } | undefined;
      if (result?.stored === true) return { stored: true, duplicate: result.duplicate === true };
      if (result?.stored === false && typeof result.retryAfter === 'number') return { stored: false, retryAfter: result.retryAfter };
      throw new Error(`public.submit_feedback returned an unexpected result: ${JSON.stringify(raw)}`);
    },
  };
}
