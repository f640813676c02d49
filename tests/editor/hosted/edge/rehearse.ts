// Run by Deno from a copy of what the Supabase CLI would deploy (tests/editor/hosted/rehearsal.test.ts makes it):
// the site-editor function's own settings and handler (supabase/functions/site-editor/siteEditor.ts), with the one
// part the copy cannot have, the project's Postgres, as PGlite holding the same migrations. PGlite's code and the
// database come from inside the copy, named by the environment, so the function reads no other file. Deno-only,
// left out of the Node type check.
import process from 'node:process';
import { pgliteAsPerson } from '../../../../scripts/server/editorDb.ts';
import { serveSiteEditor } from '../../../../supabase/functions/site-editor/siteEditor.ts';

// The database is no part of the function on Supabase: the CPU it takes to start is said, for the bench to leave out.
const before = process.cpuUsage();
const { PGlite } = await import(new URL(Deno.env.get('REHEARSAL_PGLITE') ?? '', import.meta.url).href);
const dump = await Deno.readFile(new URL(Deno.env.get('REHEARSAL_DATABASE') ?? '', import.meta.url));
const db = await PGlite.create({ loadDataDir: new Blob([dump]) });
const used = process.cpuUsage(before);
console.log(`rehearsal database started in ${Math.round((used.user + used.system) / 1000)} ms of CPU`);
serveSiteEditor(pgliteAsPerson(db));
