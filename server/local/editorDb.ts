/**
 * The hosted editor's tables on the local PGlite database (the same migrations as Supabase, feedbackStore.ts), read
 * and written as the signed-in person exactly as the site-editor function does on Supabase.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { SqlQuery } from '../feedback/store.ts';
import { actAsPerson, type AsPerson } from '../editor/sqlEditorDb.ts';

/** One PGlite transaction per call, as the person: role authenticated and their claims, so row level security applies. */
export function pgliteAsPerson(db: PGlite): AsPerson {
  return (claims, work) =>
    db.transaction(async (tx) => {
      const query: SqlQuery = async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows;
      await actAsPerson(query, claims);
      return work(query);
    });
}
