// Run by Deno from a copy of what the Supabase CLI would deploy (tests/editor/hosted/rehearsal.test.ts makes it):
// the site-editor function's own settings and handler (supabase/functions/site-editor/siteEditor.ts), with the one
// part the copy cannot have, the project's Postgres, as PGlite holding the same migrations on a thread of its own
// (database.ts). Deno-only, left out of the Node type check.
import { serveSiteEditor } from '../../../../supabase/functions/site-editor/siteEditor.ts';
import { actAsPerson, type AsPerson } from '../../../../server/editor/sqlEditorDb.ts';
import type { SqlQuery } from '../../../../server/feedback/store.ts';

const database = new Worker(new URL('./database.ts', import.meta.url), { type: 'module' });
const waiting = new Map<number, { resolve(rows: Record<string, unknown>[]): void; reject(error: Error): void }>();
let asked = 0;
await new Promise<void>((ready) => {
  database.onmessage = ({ data }) => {
    if (data.ready) return ready();
    const answer = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.error) answer?.reject(new Error(data.error));
    else answer?.resolve(data.rows);
  };
});
const query: SqlQuery = (text, params) => new Promise((resolve, reject) => {
  waiting.set(++asked, { resolve, reject });
  database.postMessage({ id: asked, text, params });
});

// One connection: each call's transaction waits for the one before, as PGlite's own transactions do.
let last: Promise<unknown> = Promise.resolve();
const asPerson: AsPerson = (claims, work) => {
  const run = last.catch(() => undefined).then(async () => {
    await query('begin');
    try {
      await actAsPerson(query, claims);
      const result = await work(query);
      await query('commit');
      return result;
    } catch (error) {
      await query('rollback');
      throw error;
    }
  });
  last = run;
  return run;
};
serveSiteEditor(asPerson);
