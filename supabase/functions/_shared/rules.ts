/**
 * The rules of a feedback submission, shared by the website's form (src/blocks/FeedbackForm) and the send-feedback
 * function, so a visitor is told about a problem before sending and the function refuses exactly the same things.
 * The database repeats the bounds as check constraints (supabase/migrations). Web-standard TypeScript only: this file
 * runs in the browser, in Node and in Deno.
 */

export const FEEDBACK_TYPES = ['general', 'compliment', 'complaint'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'general';

/** Longest value of each text field, in characters. */
export const LIMITS = { name: 200, email: 320, phone: 40, message: 5000 } as const;

export type TextField = keyof typeof LIMITS;
export type FeedbackField = TextField | 'feedbackType';
export const FEEDBACK_FIELDS: readonly FeedbackField[] = ['name', 'email', 'phone', 'feedbackType', 'message'];

/** A submission as it is stored: every text trimmed, empty when not given. */
export interface Feedback {
  name: string;
  email: string;
  phone: string;
  feedbackType: FeedbackType;
  message: string;
}

/** What is wrong with one field. The form turns these into the words in site.yaml; the function into its own. */
export type Problem = 'required' | 'notText' | 'tooLong' | 'controlCharacters' | 'email' | 'phone' | 'feedbackType';

// Single-line fields refuse every control character; the message allows tabs and line breaks.
const LINE_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
const MESSAGE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// Half of a surrogate pair on its own cannot be stored as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^\+?[0-9 ()\-.]+$/;

/** Characters as people (and Postgres's char_length) count them, not UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _char of text) count++;
  return count;
}

/** The problem with one field's value, or null when it is fine. `undefined` means the field was left out. */
export function checkField(field: FeedbackField, value: unknown): Problem | null {
  if (field === 'feedbackType') {
    if (value === undefined) return null;
    return typeof value === 'string' && (FEEDBACK_TYPES as readonly string[]).includes(value) ? null : 'feedbackType';
  }
  if (value === undefined) return field === 'message' ? 'required' : null;
  if (typeof value !== 'string') return 'notText';
  const text = value.trim();
  if (field === 'message' && text === '') return 'required';
  if (characterCount(text) > LIMITS[field]) return 'tooLong';
  if ((field === 'message' ? MESSAGE_CONTROLS : LINE_CONTROLS).test(text) || LONE_SURROGATE.test(text)) return 'controlCharacters';
  if (text === '') return null;
  if (field === 'email' && !EMAIL.test(text)) return 'email';
  if (field === 'phone') {
    const digits = text.replace(/\D/g, '').length;
    if (!PHONE.test(text) || digits < 6 || digits > 15) return 'phone';
  }
  return null;
}

export type Checked =
  | { ok: true; value: Feedback }
  | { ok: false; field: string; problem: Problem | 'unknownField' };

/** Checks a whole submission: the five fields above and nothing else. */
export function validateFeedback(body: Record<string, unknown>): Checked {
  for (const key of Object.keys(body)) {
    if (!(FEEDBACK_FIELDS as readonly string[]).includes(key)) return { ok: false, field: key, problem: 'unknownField' };
  }
  for (const field of FEEDBACK_FIELDS) {
    const problem = checkField(field, body[field]);
    if (problem) return { ok: false, field, problem };
  }
  const text = (field: TextField) => (typeof body[field] === 'string' ? (body[field] as string).trim() : '');
  return {
    ok: true,
    value: {
      name: text('name'),
      email: text('email'),
      phone: text('phone'),
      feedbackType: (body.feedbackType as FeedbackType | undefined) ?? DEFAULT_FEEDBACK_TYPE,
      message: text('message'),
    },
  };
}
