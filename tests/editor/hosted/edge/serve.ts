// Run by Deno, the runtime of Supabase's Edge Functions (tests/editor/hosted/edgeFunction.test.ts starts it): the
// site-editor handler built as supabase/functions/site-editor/index.ts builds it, from the same environment
// variables, with the one part a test cannot have in its place, the project's Postgres, replaced by PGlite (the
// same migrations). This file is Deno-only and is left out of the Node type check.
import { PGlite } from '@electric-sql/pglite';
import { createSiteEditorHandler } from '../../../../server/editor/hostedHandler.ts';
import { pgliteAsPerson } from '../../../../server/local/editorDb.ts';
import { migrate } from '../../../../server/local/feedbackStore.ts';
import { GitHubHost } from '../../../../server/editor/githubHost.ts';
import { sqlEditorDb } from '../../../../server/editor/sqlEditorDb.ts';

const env = (name: string) => Deno.env.get(name) ?? '';
const db = new PGlite();
await migrate(db);
await db.query('insert into public.editors (email, name) values ($1, $2)', [env('TEST_EDITOR_EMAIL'), env('TEST_EDITOR_NAME')]);
const [owner, repo] = env('GITHUB_REPOSITORY').split('/');

// Where it listens comes from DENO_SERVE_ADDRESS, as the entry's does.
Deno.serve(createSiteEditorHandler({
  secret: env('EDITOR_JWT_SECRET'),
  db: sqlEditorDb(pgliteAsPerson(db)),
  host: new GitHubHost({ owner, repo, branch: env('GITHUB_BRANCH') || 'main', token: env('GITHUB_TOKEN'), baseUrl: env('GITHUB_API_URL') }),
  siteFile: env('TEST_SITE_FILE'),
  allowedOrigins: env('EDITOR_ALLOWED_ORIGINS').split(','),
}));
