import type { Claims } from './claims.ts';
import type { Draft, Editor, EditorDb } from './editorDb.ts';
import type { GitHost, LastChange } from './gitHost.ts';
import { SITE_PATHS } from './hostedStore.ts';

/**
 * What an open editor asks every few seconds, so that a screen left open learns what colleagues did: the website's
 * version (and who made it, when it is not the one the screen knows), whether the person still has a draft, its
 * request for approval or the note it came back with, and for a person who may publish how many requests wait. Small
 * and read-only: the database's two rows and the branch's head, which a host answers from what it learnt a moment ago.
 */
export interface News {
  head: string;
  /** Who made the website's version, when `since` named another. */
  published?: LastChange;
  /** The draft's version (0: no draft: published, or never begun). */
  draft: number;
  asked?: { at: string; message: string };
  returned?: { note: string; by: string };
  /** Requests for approval from colleagues, for a person who may publish. */
  waiting?: number;
  /** When the key the website is published with expires (ISO 8601), for a person who manages people. */
  keyExpires?: string;
}

/** A draft's request for approval, or the note it was sent back with, as `me` and `news` answer them. */
export const approvalOf = (draft: Draft | undefined): Pick<News, 'asked' | 'returned'> => ({
  ...(draft?.asked ? { asked: draft.asked } : {}),
  ...(draft?.returned ? { returned: draft.returned } : {}),
});

export async function newsFor(db: EditorDb, host: GitHost, claims: Claims, editor: Editor, since: string | null): Promise<News> {
  const [draft, head, asked] = await Promise.all([db.draft(claims), host.head(), editor.mayPublish ? db.asked(claims) : undefined]);
  // Read after the head: the host learns its key's expiry from its answers.
  const keyExpires = editor.managesPeople ? host.keyExpires?.() : undefined;
  return {
    head,
    ...(keyExpires ? { keyExpires } : {}),
    ...(since && since !== head ? { published: await host.lastChange(head, SITE_PATHS.site) } : {}),
    draft: draft?.version ?? 0,
    ...approvalOf(draft),
    ...(asked ? { waiting: asked.filter((request) => request.author !== claims.sub).length } : {}),
  };
}
