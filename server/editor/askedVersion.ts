/**
 * The version of a request for approval that the approver read: what "Approve and publish" sends back, so that what
 * goes on the website is exactly what they read, never what the author made of it afterwards.
 */
import type { Claims } from './claims.ts';
import type { DraftDb } from './drafts.ts';
import type { Draft, DraftFile } from './editorDb.ts';
import { hashOf } from './contentStore.ts';

/**
 * Names the request as a whole: its description, the draft's text, and each uploaded file by its path and bytes (a
 * file swapped under the same name is another version too).
 */
export async function askedVersionOf(message: string, text: string, files: readonly DraftFile[]): Promise<string> {
  const named = await Promise.all([...files].sort((a, b) => (a.path < b.path ? -1 : 1)).map(async (f) => [f.path, await hashOf(f.content)]));
  return hashOf(JSON.stringify({ message, text, files: named }));
}

/** An upload's address as the site serves it ('/images/x.png'), as the approver is shown it. */
export const uploadAddress = (path: string) => path.replace(/^public(?=\/)/, '');

/** A request as read once: the draft, its files, the version they make, and a DraftDb that gives exactly those. */
export interface AskedSnapshot { draft: Draft & { asked: NonNullable<Draft['asked']> }; files: DraftFile[]; version: string; db: DraftDb }

/**
 * An asked draft read once, for both the list the approver reads and the publish they approve: Review's words, the
 * files shown and what is published all come from this one reading, so that a save or an upload made in between cannot
 * slip in. Undefined when the draft no longer asks.
 */
export async function askedSnapshot(db: DraftDb, claims: Claims): Promise<AskedSnapshot | undefined> {
  const [draft, files] = await Promise.all([db.draft(claims), db.files(claims)]);
  if (!draft?.asked) return undefined;
  const asked = { ...draft, asked: draft.asked };
  return {
    draft: asked, files,
    version: await askedVersionOf(asked.asked.message, asked.text, files),
    db: { ...db, draft: () => Promise.resolve(asked), files: () => Promise.resolve(files) },
  };
}
