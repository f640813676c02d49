// The site-editor Edge Function on Supabase (Deno): the hosted staff editor's backend at /functions/v1/site-editor/.
// Deploy: supabase functions deploy site-editor (the platform's JWT check stays on; see supabase/config.toml).
// The handler is the same code `npm start` serves under Node (scripts/editor/hostedHandler.ts); only where its
// parts come from differs. This file is Deno-only (npm: imports, Deno.*) and is left out of the Node type check.
//
// Secrets (supabase secrets set NAME=value):
//   EDITOR_JWT_SECRET        the project's legacy JWT secret (Project Settings > API), to verify each staff sign-in
//                            again; a project that signs with asymmetric keys needs none (its published keys, at
//                            SUPABASE_URL, which Supabase gives every function, are read instead)
//   GITHUB_TOKEN             a fine-grained token for this repository only, with Contents: read and write
//   GITHUB_REPOSITORY        owner/name of the site's repository
//   GITHUB_BRANCH            the branch the website is built from (default main)
//   GITHUB_API_URL           GitHub Enterprise's API address (default GitHub's own)
//   EDITOR_ALLOWED_ORIGINS   the website's origin, e.g. https://www.example.com.au (where /admin is served)
import postgres from 'npm:postgres@3.4.9';
import { createSiteEditorHandler } from '../../../scripts/editor/hostedHandler.ts';
import { publishedKeys } from '../_shared/editor/auth.ts';
import { GitHubHost } from '../_shared/editor/githubHost.ts';
import { actAsPerson, sqlEditorDb } from '../_shared/editor/sqlEditorDb.ts';

const env = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set: set it with supabase secrets set ${name}=...`);
  return value;
};

// SUPABASE_DB_URL is given to every Edge Function by Supabase. Each call is one transaction in the function's own role
// with the signed-in person's claims, so row level security keeps them to their own rows; the signed-in role itself
// (the REST API) has no right on the editor's tables.
const sql = postgres(env('SUPABASE_DB_URL'), { max: 3, prepare: false, idle_timeout: 20, connect_timeout: 10 });
const db = sqlEditorDb((claims, work) =>
  sql.begin(async (tx) => {
    const query = async (text: string, params: unknown[]) => (await tx.unsafe(text, params as never[])) as unknown as Record<string, unknown>[];
    await actAsPerson(query, claims);
    return work(query);
  }),
);

const [owner, repo] = env('GITHUB_REPOSITORY').split('/');
const secret = Deno.env.get('EDITOR_JWT_SECRET') ?? '';
const project = Deno.env.get('SUPABASE_URL');
if (!secret && !project) throw new Error('EDITOR_JWT_SECRET is not set, and no SUPABASE_URL to read the signing keys from: set it with supabase secrets set EDITOR_JWT_SECRET=...');

Deno.serve(createSiteEditorHandler({
  secret,
  keys: project ? publishedKeys(`${project}/auth/v1/.well-known/jwks.json`) : undefined,
  db,
  host: new GitHubHost({ owner, repo, branch: Deno.env.get('GITHUB_BRANCH') || 'main', token: env('GITHUB_TOKEN'), baseUrl: Deno.env.get('GITHUB_API_URL') || undefined }),
  // The schema and the checker travel with the function (static_files in supabase/config.toml); the content itself
  // is read from GitHub.
  siteFile: new URL('../../../site.yaml', import.meta.url).pathname,
  allowedOrigins: (Deno.env.get('EDITOR_ALLOWED_ORIGINS') ?? '').split(',').map((o) => o.trim()).filter(Boolean),
}));
