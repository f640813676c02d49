// The site-editor function's settings and handler, as supabase/functions/site-editor/index.ts serves them: everything
// but the database connection, so that a rehearsal can run this very code with a database of its own
// (tests/editor/hosted/rehearsal.test.ts). Deno-only (Deno.*), left out of the Node type check.
import { createSiteEditorHandler } from '../../../server/editor/hostedHandler.ts';
import { supabaseInvitations } from '../../../server/editor/accounts.ts';
import { supabaseProject } from '../../../server/editor/auth.ts';
import { GitHubHost } from '../../../server/editor/githubHost.ts';
import { NO_SERVER_KEY, serverKeyFrom } from '../../../server/serverKey.ts';
import { sqlEditorDb, type AsPerson } from '../../../server/editor/sqlEditorDb.ts';
// The versions of the packages the function's packages depend on (npmPins.ts: nothing in it runs).
import './npmPins.ts';
import process from 'node:process';

const env = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set: set it with supabase secrets set ${name}=...`);
  return value;
};

/** Supabase sets these for every function: they are missing only where the function is run some other way. */
export const given = (name: string): string => {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set. Supabase sets it for every function; where the function runs some other way, set it in its environment.`);
  return value;
};

/** The project's secret key, of the new kind or the legacy service role key (serverKey.ts). */
const serverKey = (): string => {
  const key = serverKeyFrom((name) => Deno.env.get(name));
  if (!key) throw new Error(NO_SERVER_KEY);
  return key;
};

/**
 * yaml's Node build reads process.env.LOG_TOKENS at every token it parses, and under Deno each read of process.env is
 * a call into the runtime: a parse of site.yaml spent more time there than in parsing. The environment does not change
 * while the function runs, so npm packages read one copy of it.
 */
function keepEnvironmentInPlace() {
  try {
    Object.defineProperty(process, 'env', { value: { ...process.env }, configurable: true, writable: true, enumerable: true });
  } catch {
    // A runtime that holds process.env in place keeps its own: only the speed is lost.
  }
}

/** Serves the editor's API with `asPerson` as its way to the database (one transaction as the signed-in person per call). */
export function serveSiteEditor(asPerson: AsPerson) {
  keepEnvironmentInPlace();
  const [owner, repo] = env('GITHUB_REPOSITORY').split('/');
  return Deno.serve(createSiteEditorHandler({
    secret: Deno.env.get('EDITOR_JWT_SECRET') ?? '',
    keys: supabaseProject(given('SUPABASE_URL'), serverKey()),
    db: sqlEditorDb(asPerson),
    invitations: supabaseInvitations(given('SUPABASE_URL'), serverKey()),
    host: new GitHubHost({ owner, repo, branch: Deno.env.get('GITHUB_BRANCH') || 'main', token: env('GITHUB_TOKEN'), baseUrl: Deno.env.get('GITHUB_API_URL') || undefined }),
    // The schema and the checker travel with the function as imports; the content itself is read from GitHub.
    siteFile: 'site.yaml',
    allowedOrigins: (Deno.env.get('EDITOR_ALLOWED_ORIGINS') ?? '').split(',').map((o) => o.trim()).filter(Boolean),
  }));
}
