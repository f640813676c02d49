import type { FeedbackBody } from './send.ts';

/**
 * A new random (version 4) UUID. crypto.randomUUID exists only on secure pages (https, localhost); getRandomValues
 * exists on every page, so the form also works when the site is opened by a plain-http address on a network.
 */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // the RFC 9562 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of one filled-in form, sent with it so that the function stores a retry only once: the same id for every
 * attempt with the same values, a new one when the values change (that is another submission) or after a success.
 */
export function submissionIds() {
  let current: { id: string; values: string } | null = null;
  return {
    idFor(fields: Omit<FeedbackBody, 'submissionId'>): string {
      const values = JSON.stringify(fields);
      if (!current || current.values !== values) current = { id: newSubmissionId(), values };
      return current.id;
    },
    /** After a success: the next submission gets a new id, even with the same values. */
    forget() {
      current = null;
    },
  };
}
