import { neutraliseBidi, type FeedbackType } from '../../src/content/feedbackRules.ts';

/** What the practice is told when feedback arrives. Never the message itself: e-mail is not a safe place for it. */
export interface FeedbackNotice {
  feedbackType: FeedbackType;
  receivedAt: Date;
}

export type Notify = (notice: FeedbackNotice) => Promise<void>;

export interface ResendOptions {
  apiKey: string;
  from: string;
  to: string[];
  subject?: string;
  /** Defaults to the global fetch; tests pass their own so nothing leaves the machine. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export const RESEND_ENDPOINT = 'https://api.resend.com/emails';

/** A notification e-mail through Resend's HTTP API (https://resend.com/docs/api-reference/emails/send-email). */
export function resendNotifier({ apiKey, from, to, subject, fetch: send = fetch, timeoutMs = 5000 }: ResendOptions): Notify {
  return async ({ feedbackType, receivedAt }) => {
    const response = await send(RESEND_ENDPOINT, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        from,
        to,
        // Bidirectional controls are shown as their codes, so no line of the e-mail can read differently from what it holds.
        subject: neutraliseBidi(subject ?? `New website feedback: ${feedbackType}`),
        text: neutraliseBidi([
          `New ${feedbackType} feedback was sent through the website at ${receivedAt.toISOString()}.`,
          '',
          'For privacy the message is not included in this e-mail. Read it in the feedback table of the Supabase dashboard.',
        ].join('\n')),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      throw new Error(`The e-mail provider answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    }
  };
}
