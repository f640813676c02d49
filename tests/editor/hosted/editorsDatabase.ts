import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { migrate } from '../../../server/local/feedbackStore.ts';
import { pgliteAsPerson } from '../../../server/local/editorDb.ts';
import type { EditorDb } from '../../../server/editor/editorDb.ts';
import { sqlEditorDb, type AsPerson } from '../../../server/editor/sqlEditorDb.ts';
import { limit } from '../../../bench/machineSpeed.ts';

/**
 * The editor's tables on a real Postgres (PGlite, in memory) that ran supabase/migrations, for one test file: made once,
 * and before each test emptied and given `editors` (SQL values for email, name and any further `columns`).
 */
export function editorsDatabase(columns: string, editors: string) {
  const made = {} as { db: PGlite; asPerson: AsPerson; editors: EditorDb };
  beforeAll(async () => {
    made.db = new PGlite();
    await migrate(made.db);
    made.asPerson = pgliteAsPerson(made.db);
    made.editors = sqlEditorDb(made.asPerson);
  }, limit(60_000));
  afterAll(async () => { await made.db?.close(); });
  beforeEach(async () => {
    await made.db.exec(`
      reset role;
      truncate public.editors, public.editor_drafts, public.editor_draft_files;
      insert into public.editors (${columns}) values ${editors};
    `);
  });
  return made;
}
