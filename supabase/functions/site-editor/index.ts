// The site-editor Edge Function on Supabase (Deno): the hosted staff editor's backend at /functions/v1/site-editor/.
// Deploy: supabase functions deploy site-editor. The platform's JWT check is off (verify_jwt = false in
// supabase/config.toml): Supabase documents it as incompatible with the newer signing keys. The handler checks every
// request's sign-in itself: its signature, issuer, audience, expiry and role; that Supabase Auth made the account by an
// invitation; and that the person is on public.editors.
// The handler is the same code `npm start` serves under Node (scripts/editor/hostedHandler.ts); only where its
// parts come from differs. This file is Deno-only (npm: imports, Deno.*) and is left out of the Node type check.
//
// Supabase gives every function SUPABASE_URL (the sign-ins' issuer and published keys are read from it),
// SUPABASE_SERVICE_ROLE_KEY (to ask Auth whether an account was invited) and SUPABASE_DB_URL.
// Secrets (supabase secrets set NAME=value):
//   EDITOR_JWT_SECRET        only for a project still signing with the legacy JWT secret (Project Settings > JWT
//                            Keys); a project on the newer signing keys needs none
//   GITHUB_TOKEN             a fine-grained token for this repository only, with Contents: read and write
//   GITHUB_REPOSITORY        owner/name of the site's repository
//   GITHUB_BRANCH            the branch the website is built from (default main)
//   GITHUB_API_URL           GitHub Enterprise's API address (default GitHub's own)
//   EDITOR_ALLOWED_ORIGINS   the website's origin, e.g. https://www.example.com.au (where /admin is served)
import postgres from 'npm:postgres@3.4.9';
import { createSiteEditorHandler } from '../../../scripts/editor/hostedHandler.ts';
import { supabaseProject } from '../_shared/editor/auth.ts';
import { GitHubHost } from '../_shared/editor/githubHost.ts';
import { actAsPerson, sqlEditorDb } from '../_shared/editor/sqlEditorDb.ts';

const env = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set: set it with supabase secrets set ${name}=...`);
  return value;
};
// Supabase sets these for every function: they are missing only where the function is run some other way.
const given = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set. Supabase sets it for every function; where the function runs some other way, set it in its environment.`);
  return value;
};

// SUPABASE_DB_URL is given to every Edge Function by Supabase. Each call is one transaction in the function's own role
// with the signed-in person's claims, so row level security keeps them to their own rows; the signed-in role itself
// (the REST API) has no right on the editor's tables.
const sql = postgres(given('SUPABASE_DB_URL'), { max: 3, prepare: false, idle_timeout: 20, connect_timeout: 10 });
const db = sqlEditorDb((claims, work) =>
  sql.begin(async (tx) => {
    const query = async (text: string, params: unknown[]) => (await tx.unsafe(text, params as never[])) as unknown as Record<string, unknown>[];
    await actAsPerson(query, claims);
    return work(query);
  }),
);

const [owner, repo] = env('GITHUB_REPOSITORY').split('/');

Deno.serve(createSiteEditorHandler({
  secret: Deno.env.get('EDITOR_JWT_SECRET') ?? '',
  keys: supabaseProject(given('SUPABASE_URL'), given('SUPABASE_SERVICE_ROLE_KEY')),
  db,
  host: new GitHubHost({ owner, repo, branch: Deno.env.get('GITHUB_BRANCH') || 'main', token: env('GITHUB_TOKEN'), baseUrl: Deno.env.get('GITHUB_API_URL') || undefined }),
  // The schema and the checker travel with the function (static_files in supabase/config.toml); the content itself
  // is read from GitHub.
  siteFile: new URL('../../../site.yaml', import.meta.url).pathname,
  allowedOrigins: (Deno.env.get('EDITOR_ALLOWED_ORIGINS') ?? '').split(',').map((o) => o.trim()).filter(Boolean),
}));
