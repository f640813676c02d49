// The site-editor Edge Function on Supabase (Deno): the hosted staff editor's backend at /functions/v1/site-editor/.
// Deploy: supabase functions deploy site-editor. The platform's JWT check is off (verify_jwt = false in
// supabase/config.toml): Supabase documents it as incompatible with the newer signing keys. The handler checks every
// request's sign-in itself: its signature, issuer, audience, expiry and role; that Supabase Auth made the account by an
// invitation; and that the person is on public.editors.
// The handler is the same code `npm start` serves under Node (server/editor/hostedHandler.ts); only where its
// parts come from differs. This file is Deno-only (npm: imports, Deno.*) and is left out of the Node type check.
//
// Supabase gives every function SUPABASE_URL (the sign-ins' issuer and published keys are read from it), the
// project's secret key (SUPABASE_SECRET_KEYS, or SUPABASE_SERVICE_ROLE_KEY on the legacy keys: to ask Auth whether an
// account was invited) and SUPABASE_DB_URL.
// Secrets (supabase secrets set NAME=value):
//   EDITOR_JWT_SECRET        only for a project still signing with the legacy JWT secret (Project Settings > JWT
//                            Keys); a project on the newer signing keys needs none
//   GITHUB_TOKEN             a fine-grained token for this repository only, with Contents: read and write
//   GITHUB_REPOSITORY        owner/name of the site's repository
//   GITHUB_BRANCH            the branch the website is built from (default main)
//   GITHUB_API_URL           GitHub Enterprise's API address (default GitHub's own)
//   EDITOR_ALLOWED_ORIGINS   the website's origin, e.g. https://www.example.com.au (where /admin is served)
import postgres from 'npm:postgres@3.4.9';
import type { Claims } from '../../../server/editor/claims.ts';
import { actAsPerson, type AsPerson } from '../../../server/editor/sqlEditorDb.ts';
import type { SqlQuery } from '../../../server/feedback/store.ts';
import { given, serveSiteEditor } from './siteEditor.ts';

// SUPABASE_DB_URL is given to every Edge Function by Supabase. Each call is one transaction in the function's own role
// with the signed-in person's claims, so row level security keeps them to their own rows; the signed-in role itself
// (the REST API) has no right on the editor's tables.
const sql = postgres(given('SUPABASE_DB_URL'), { max: 3, prepare: false, idle_timeout: 20, connect_timeout: 10 });
// postgres.js types a transaction's result as its own wrapper of the work's; the work's result is kept as it is.
const asPerson: AsPerson = async <T>(claims: Claims, work: (query: SqlQuery) => Promise<T>): Promise<T> => {
  let result: { value: T } | undefined;
  await sql.begin(async (tx) => {
    const query: SqlQuery = async (text, params) => (await tx.unsafe(text, params as never[])) as unknown as Record<string, unknown>[];
    await actAsPerson(query, claims);
    result = { value: await work(query) };
  });
  return result!.value;
};

serveSiteEditor(asPerson);
