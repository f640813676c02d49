import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll } from 'vitest';
import { createSiteEditorHandler } from '../../../server/editor/hostedHandler.ts';
import { pgliteAsPerson } from '../../../server/local/editorDb.ts';
import { migrate } from '../../../server/local/feedbackStore.ts';
import { signJwt } from '../../../server/editor/auth.ts';
import type { Claims } from '../../../server/editor/claims.ts';
import { GitHubHost } from '../../../server/editor/githubHost.ts';
import { sqlEditorDb } from '../../../server/editor/sqlEditorDb.ts';
import { startFakeGitHub, type FakeGitHub } from '../host/fakeGitHub.ts';
import { gitIn } from '../host/repo.ts';
import { limit } from '../../../bench/machineSpeed.ts';

/*
 * The hosted editor's function, called directly with web-standard requests, over its real parts: the editors and
 * drafts tables on Postgres (PGlite, after every migration), GitHub's API answered by a local server over a real bare
 * repository holding the frozen practice, and sign-ins signed as Supabase signs them.
 */

export const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'saltbush');
export const SECRET = 'a-test-secret-as-long-as-supabase-gives-0123456789';
export const TOKEN = 'ghp_practice_key';
export const ORIGIN = 'http://127.0.0.1:4173';
export const FN = `${ORIGIN}/functions/v1/site-editor/`;

export const person = (sub: string, email: string, exp = 4_102_444_800): Claims => ({ sub, email, role: 'authenticated', aud: 'authenticated', exp });
export const karen = person('11111111-1111-4111-8111-111111111111', 'karen@practice.example');
export const chloe = person('22222222-2222-4222-8222-222222222222', 'chloe@practice.example');
export const stranger = person('33333333-3333-4333-8333-333333333333', 'someone@elsewhere.example');

export interface HostedEditor {
  dir: string;
  /** The bare repository GitHub's stand-in answers for. */
  bare: string;
  github: FakeGitHub;
  db: PGlite;
  handler: (request: Request) => Promise<Response>;
  /** What the function logged (an unexpected problem), for a test that fails on one to show. */
  logged: string[];
  close(): Promise<void>;
}

export async function startHostedEditor(): Promise<HostedEditor> {
  const dir = mkdtempSync(join(tmpdir(), 'hosted-editor-'));
  const bare = join(dir, 'site.git');
  const work = join(dir, 'work');
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
  cpSync(FIXTURE, work, { recursive: true });
  const seed = { GIT_AUTHOR_NAME: 'Setup', GIT_AUTHOR_EMAIL: 'setup@practice.example', GIT_COMMITTER_NAME: 'Setup', GIT_COMMITTER_EMAIL: 'setup@practice.example' };
  gitIn(work, ['init', '-q', '-b', 'main']);
  gitIn(work, ['add', '-A']);
  gitIn(work, ['commit', '-q', '-m', 'The practice as set up'], seed);
  gitIn(work, ['push', '-q', bare, 'main']);
  const github = await startFakeGitHub({ bareRepo: bare, token: TOKEN, owner: 'practice', repo: 'site' });
  const db = new PGlite();
  await migrate(db);
  const logged: string[] = [];
  const handler = createSiteEditorHandler({
    secret: SECRET,
    db: sqlEditorDb(pgliteAsPerson(db)),
    host: new GitHubHost({ owner: 'practice', repo: 'site', branch: 'main', token: TOKEN, baseUrl: github.url }),
    siteFile: join(FIXTURE, 'site.yaml'),
    allowedOrigins: [ORIGIN],
    // Kept, not printed: a test that meets an unexpected answer shows what the function logged.
    log: (message) => void logged.push(message),
  });
  return {
    dir, bare, github, db, handler, logged,
    async close() {
      await github.close();
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One action of the function asked by a signed-in person: GET without a body, POST with one. */
export async function askAs(hosted: HostedEditor, as: Claims, action: string, body?: unknown) {
  const headers: Record<string, string> = { origin: ORIGIN, authorization: `Bearer ${await signJwt(as, SECRET)}`, ...(body ? { 'content-type': 'application/json' } : {}) };
  const res = await hosted.handler(new Request(FN + action, { method: body ? 'POST' : 'GET', headers, body: body ? JSON.stringify(body) : undefined }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The people who may edit, and nobody's draft: [e-mail, name, may publish]. */
export async function onlyEditors(hosted: HostedEditor, editors: [string, string, boolean][]) {
  await hosted.db.exec('reset role; truncate public.editors, public.editor_drafts, public.editor_draft_files;');
  for (const [email, name, mayPublish] of editors) await hosted.db.query('insert into public.editors (email, name, may_publish) values ($1, $2, $3)', [email, name, mayPublish]);
}

/** One hosted editor for a test file, with these people on its list: started before its tests, closed after. */
export function hostedEditorFor(editors: [string, string, boolean][]): () => HostedEditor {
  let hosted: HostedEditor | undefined;
  beforeAll(async () => {
    hosted = await startHostedEditor();
    await onlyEditors(hosted, editors);
  }, limit(120_000));
  afterAll(async () => { await hosted?.close(); });
  return () => {
    if (!hosted) throw new Error('The hosted editor has not started.');
    return hosted;
  };
}
