import type { ApprovalsDb } from './approvals.ts';
import type { DraftDb } from './drafts.ts';
import type { PeopleDb } from './people.ts';

export type { Editor } from './people.ts';
export type { Draft, DraftDb, DraftFile } from './drafts.ts';

/**
 * The editor's tables, always read and written for the signed-in person (the function's role, their claims), so that
 * row level security decides what they see: their own editor row and their own draft, nothing else (and, for a
 * person who manages people, the other editors' rows).
 */
export interface EditorDb extends PeopleDb, ApprovalsDb, DraftDb {}
