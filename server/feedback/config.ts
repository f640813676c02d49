import type { FeedbackHandlerOptions } from './handler.ts';
import { resendNotifier, type Notify } from './notify.ts';

/**
 * The function's settings, read from environment variables (Supabase secrets in production, the shell locally):
 *
 *   FEEDBACK_ALLOWED_ORIGINS      comma-separated origins of the website, e.g. https://www.example.com.au; '*' for any.
 *                                 Unset: only the function's own origin (right for `npm start`, wrong for Supabase).
 *   FEEDBACK_RATE_LIMIT           submissions per client per hour (default 10); 0 turns the limit off.
 *   FEEDBACK_RATE_LIMIT_SALT      a long random secret for hashing client addresses. Unset: the caller's fallback (a salt
 *                                 kept in the local data folder; on Supabase one derived from the service key), else a
 *                                 random one per process (then the limit starts again at each restart).
 *   FEEDBACK_NOTIFY_API_KEY       Resend API key; set it (with the next two) to e-mail the practice on each submission.
 *   FEEDBACK_NOTIFY_TO            comma-separated addresses to notify.
 *   FEEDBACK_NOTIFY_FROM          the sender, on a domain verified with the provider.
 */
export type Env = (name: string) => string | undefined;

export const DEFAULT_RATE_LIMIT = 10;

export class ConfigError extends Error {}

const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);

export interface SettingsOptions {
  /** The e-mail provider's fetch (tests pass their own so nothing leaves the machine). */
  fetch?: typeof fetch;
  /** A salt that lasts across restarts, used when FEEDBACK_RATE_LIMIT_SALT is unset. */
  fallbackSalt?: () => string;
}

/** The website origins allowed to call the function (FEEDBACK_ALLOWED_ORIGINS). */
export function allowedOriginsFromEnv(env: Env): readonly string[] | '*' {
  const origins = list(env('FEEDBACK_ALLOWED_ORIGINS'));
  return origins.includes('*') ? '*' : origins;
}

export function settingsFromEnv(env: Env, { fetch: fetchImpl, fallbackSalt }: SettingsOptions = {}): Omit<FeedbackHandlerOptions, 'store' | 'clientAddress'> {
  const rawLimit = env('FEEDBACK_RATE_LIMIT')?.trim();
  const rateLimit = rawLimit ? Number(rawLimit) : DEFAULT_RATE_LIMIT;
  if (!Number.isInteger(rateLimit) || rateLimit < 0) {
    throw new ConfigError(`FEEDBACK_RATE_LIMIT must be a whole number of submissions per hour (0 turns it off), not "${rawLimit}".`);
  }
  let salt = env('FEEDBACK_RATE_LIMIT_SALT') || fallbackSalt?.() || '';
  if (!salt) {
    salt = Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
  }

  let notify: Notify | undefined;
  const apiKey = env('FEEDBACK_NOTIFY_API_KEY');
  if (apiKey) {
    const to = list(env('FEEDBACK_NOTIFY_TO'));
    const from = env('FEEDBACK_NOTIFY_FROM')?.trim();
    if (!to.length || !from) throw new ConfigError('FEEDBACK_NOTIFY_API_KEY is set: set FEEDBACK_NOTIFY_TO and FEEDBACK_NOTIFY_FROM too.');
    notify = resendNotifier({ apiKey, to, from, fetch: fetchImpl });
  }

  return {
    allowedOrigins: allowedOriginsFromEnv(env),
    rateLimit,
    rateLimitSalt: salt,
    notify,
  };
}
