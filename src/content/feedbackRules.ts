/**
 * The rules of a feedback submission, shared by the website's form (src/blocks/FeedbackForm) and the send-feedback
 * function, so a visitor is told about a problem before sending and the function refuses exactly the same things.
 * The database repeats the bounds as check constraints (supabase/migrations). Web-standard TypeScript only: this file
 * runs in the browser, in Node and in Deno.
 */

import { concealingCharacter, hiddenCharacter, showsNothing } from './invisible.ts';

export const FEEDBACK_TYPES = ['general', 'compliment', 'complaint'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const DEFAULT_FEEDBACK_TYPE: FeedbackType = 'general';

/** Longest value of each text field, in characters. */
export const LIMITS = { name: 200, email: 320, phone: 40, message: 5000 } as const;

export type TextField = keyof typeof LIMITS;
export type FeedbackField = TextField | 'feedbackType';
export const FEEDBACK_FIELDS: readonly FeedbackField[] = ['name', 'email', 'phone', 'feedbackType', 'message'];

/** A submission as it is stored: every text trimmed, empty when not given or when it shows nothing. */
export interface Feedback {
  name: string;
  email: string;
  phone: string;
  feedbackType: FeedbackType;
  message: string;
  /**
   * The id the form made for this submission (a UUID), kept across its retries: a retry of a submission that was
   * stored (its answer lost on the way back) stores nothing new. Absent from callers that do not retry.
   */
  submissionId?: string;
}

/** The field that carries Feedback.submissionId. */
export const SUBMISSION_ID_FIELD = 'submissionId';

/** What is wrong with one field. The form turns these into the words in site.yaml; the function into its own. */
export type Problem = 'required' | 'notText' | 'tooLong' | 'controlCharacters' | 'email' | 'phone' | 'feedbackType' | 'submissionId';

// Single-line fields refuse line breaks and tabs; every field refuses the other controls (see checkField).
const LINE_BREAKS = /[\t\n\r\u2028\u2029]/;
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^\+?[0-9 ()\-.]+$/;

/** Characters as people (and Postgres's char_length) count them, not UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _char of text) count++;
  return count;
}

/** True when the text shows at least one character on screen. */
export function hasVisibleText(text: string): boolean {
  return text.trim() !== '' && !showsNothing(text);
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
  // The one "visible text" rule: a value that shows nothing is empty (the message is then missing).
  if (!hasVisibleText(text)) return field === 'message' ? 'required' : null;
  if (characterCount(text) > LIMITS[field]) return 'tooLong';
  if (CONTROLS.test(text) || concealingCharacter(text) !== undefined) return 'controlCharacters';
  if (field !== 'message' && LINE_BREAKS.test(text)) return 'controlCharacters';
  // An address is typed, never written: any invisible character in it makes it an address nobody has.
  if (field === 'email' && hiddenCharacter(text) !== undefined) return 'controlCharacters';
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

/** The problem with a submission id, or null when it is absent or a UUID. */
export function checkSubmissionId(value: unknown): Problem | null {
  return value === undefined || (typeof value === 'string' && UUID.test(value)) ? null : 'submissionId';
}

/** Checks a whole submission: the five fields above, the optional submission id, and nothing else. */
export function validateFeedback(body: Record<string, unknown>): Checked {
  for (const key of Object.keys(body)) {
    if (key !== SUBMISSION_ID_FIELD && !(FEEDBACK_FIELDS as readonly string[]).includes(key)) return { ok: false, field: key, problem: 'unknownField' };
  }
  for (const field of FEEDBACK_FIELDS) {
    const problem = checkField(field, body[field]);
    if (problem) return { ok: false, field, problem };
  }
  const submissionId = body[SUBMISSION_ID_FIELD];
  if (checkSubmissionId(submissionId)) return { ok: false, field: SUBMISSION_ID_FIELD, problem: 'submissionId' };
  const text = (field: TextField) => {
    const value = typeof body[field] === 'string' ? (body[field] as string).trim() : '';
    return hasVisibleText(value) ? value : '';
  };
  return {
    ok: true,
    value: {
      name: text('name'),
      email: text('email'),
      phone: text('phone'),
      feedbackType: (body.feedbackType as FeedbackType | undefined) ?? DEFAULT_FEEDBACK_TYPE,
      message: text('message'),
      ...(typeof submissionId === 'string' ? { submissionId: submissionId.toLowerCase() } : {}),
    },
  };
}

// Bidirectional embedding, override and isolate controls (U+202A-202E, U+2066-2069): stored as sent, but they can
// make a line read differently from what it holds (an "evil.exe" shown as "exe.live"), so where people read stored
// text outside the website, each is shown as its code instead.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** The text with every bidirectional control replaced by a visible [U+XXXX]. */
export function neutraliseBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, (char) => `[U+${char.codePointAt(0)?.toString(16).toUpperCase()}]`);
}
