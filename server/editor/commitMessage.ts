/**
 * A published version's commit message, as the editor writes and reads it: the person's description first, then, when
 * a colleague approved it, a last paragraph the editor alone writes ("Approved-by: Name <e-mail>"). Only that
 * paragraph names an approver, so no description can name one.
 */
import type { Author } from './gitHost.ts';

/**
 * A line Git, GitHub or History would take for a trailer that names a person ("Approved-by:", "Co-authored-by:",
 * "Signed-off-by:"). Other "Word: text" lines are staff's own ("First: later closing", "Hours: new times") and stay
 * as they were typed: no trailer of theirs names anyone.
 */
const TRAILER_LIKE = /^[A-Za-z][A-Za-z0-9-]*-by\s*:/i;

/** The approval trailer the editor writes, and nothing else: "Approved-by: Name <e-mail>". */
const APPROVED_BY = /^Approved-by: (.+?) <([^<>]*)>$/;

/**
 * The person's description with each line Git or a reader could take for a trailer put in quotation marks: it reads
 * as they wrote it, and as their words, never as the editor's "Approved-by".
 */
export function neutralDescription(description: string): string {
  return description.split('\n').map((line) => (TRAILER_LIKE.test(line.trim()) ? `"${line.trim()}"` : line)).join('\n');
}

/** The message of a new version: the description, and the approver's trailer after it when there is one. */
export function commitMessage(description: string, approvedBy?: Author): string {
  const text = neutralDescription(description);
  return approvedBy ? `${text}\n\nApproved-by: ${approvedBy.name} <${approvedBy.email}>` : text;
}

/**
 * A commit's message as staff read it: the description, and who approved it when the editor's own trailer says so (the
 * last paragraph, after the description, made only of that line).
 */
export function readMessage(message: string): { description: string; approvedBy?: string; approverEmail?: string } {
  const paragraphs = message.trim().split(/\n[ \t]*\n/);
  const last = paragraphs.length > 1 ? APPROVED_BY.exec(paragraphs[paragraphs.length - 1].trim()) : null;
  if (!last) return { description: message.trim() };
  return { description: paragraphs.slice(0, -1).join('\n\n').trim(), approvedBy: last[1], approverEmail: last[2] };
}
