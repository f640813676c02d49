// The site-editor function under Deno, the runtime of Supabase's Edge Functions: its whole module graph (the
// handler, the checker and its schema files, ajv, yaml, GitHub's API asked with fetch, sign-ins checked with jose)
// loaded and run there, as deployed, publishing to a stand-in of GitHub's API over a real bare repository.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYED_VERSION } from '../../../server/deployedVersion.ts';
import { signJwt } from '../../../server/editor/auth.ts';
import type { Claims } from '../../../server/editor/claims.ts';
import { valueOfText } from '../../../src/editor/yaml/patch.ts';
import { startFakeGitHub, type FakeGitHub } from '../host/fakeGitHub.ts';
import { opsFor } from '../ops.ts';
import { sandbox, type Sandbox } from '../sandbox.ts';
import { startDeno, type Started } from './denoProcess.ts';
import { limit } from '../../../bench/machineSpeed.ts';

const root = resolve(import.meta.dirname, '..', '..', '..');
const SECRET = 'the-projects-jwt-secret-at-least-32-characters-long';
const ORIGIN = 'https://www.practice.example';
const karen: Claims = { sub: '11111111-1111-4111-8111-111111111111', email: 'karen@practice.example', role: 'authenticated', aud: 'authenticated', exp: 4_102_444_800 };

let box: Sandbox;
let github: FakeGitHub;
let fn: Started;
let base = '';

beforeAll(async () => {
  box = sandbox('real');
  github = await startFakeGitHub({ bareRepo: box.remote, token: 'github-key', owner: 'practice', repo: 'site' });
  fn = await startDeno(['--node-modules-dir=manual', '--allow-all', join(import.meta.dirname, 'edge', 'serve.ts')], {
    EDITOR_JWT_SECRET: SECRET, GITHUB_TOKEN: 'github-key', GITHUB_REPOSITORY: 'practice/site', GITHUB_API_URL: github.url,
    EDITOR_ALLOWED_ORIGINS: ORIGIN, TEST_EDITOR_EMAIL: karen.email, TEST_EDITOR_NAME: 'Karen Mills', TEST_SITE_FILE: box.siteFile,
  });
  if (!fn.url) throw new Error(`The function did not start under Deno:\n${fn.said.join('')}`);
  base = `${fn.url}/site-editor/`;
}, limit(180_000));

afterAll(async () => {
  await fn?.stop();
  await github?.close();
  box?.cleanup();
});

async function call(action: string, body?: unknown, token?: string) {
  const res = await fetch(base + action, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: ORIGIN, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, cors: res.headers.get('access-control-allow-origin') };
}

const ENTRY = join(root, 'supabase', 'functions', 'site-editor', 'index.ts');
const SECRETS = {
  SUPABASE_DB_URL: 'postgres://postgres:unused@127.0.0.1:9/postgres', SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_SERVICE_ROLE_KEY: 'unused-service-role-key',
  EDITOR_JWT_SECRET: SECRET, GITHUB_TOKEN: 'github-key', GITHUB_REPOSITORY: 'practice/site',
};

describe('the deployed entry, supabase/functions/site-editor/index.ts, under Deno', () => {
  it('loads, takes its settings from the function\'s secrets, refuses a request without a sign-in, and says its version to anyone', async () => {
    const entry = await startDeno(['--node-modules-dir=manual', '--allow-all', ENTRY], { ...SECRETS, EDITOR_ALLOWED_ORIGINS: ORIGIN });
    try {
      expect(entry.url, entry.said.join('')).not.toBe('');
      const res = await fetch(`${entry.url}/site-editor/document`, { headers: { origin: ORIGIN } });
      expect(res.status).toBe(401);
      // What the deploy asks (scripts/deployScope.ts): the version the workflow wrote, here the words of a copy it did not.
      const version = await fetch(`${entry.url}/site-editor/version`);
      expect(await version.json()).toEqual({ version: DEPLOYED_VERSION });
    } finally {
      await entry.stop();
    }
  }, limit(120_000));

  it('says which secret is missing, and does not start', async () => {
    const entry = await startDeno(['--node-modules-dir=manual', '--allow-all', ENTRY], { ...SECRETS, GITHUB_TOKEN: '' });
    expect(await entry.exited).not.toBe(0);
    expect(entry.said.join('')).toContain('GITHUB_TOKEN is not set: set it with supabase secrets set GITHUB_TOKEN=...');
  }, limit(120_000));
});

describe('the site-editor function under Deno', () => {
  it('refuses a request without a sign-in, and answers the website\'s origin only', async () => {
    expect(await call('document')).toMatchObject({ status: 401, cors: ORIGIN });
  });

  it('reads the content from GitHub, keeps the draft, checks it, and publishes one commit by the signed-in person', async () => {
    const token = await signJwt(karen, SECRET);
    const before = box.git(['rev-parse', 'main'], box.remote).trim();
    const doc = await call('document', undefined, token);
    expect(doc.status).toBe(200);
    expect(doc.body.text).toBe(readFileSync(box.siteFile, 'utf8'));
    expect(doc.body.problems).toEqual([]);
    const value = valueOfText(String(doc.body.text)) as { hours: { regular: { closes: string }[] } };
    const next = structuredClone(value);
    next.hours.regular[0].closes = '18:00';
    expect((await call('ops', { ops: opsFor(value, next), hash: doc.body.hash }, token)).status).toBe(200);
    // Review names the place as the form does: the schema travels with the function.
    const review = await call('review', undefined, token);
    expect((review.body.changes as { words: string }[]).map((c) => c.words)).toEqual(['Opening hours > Monday to Friday > Closing time: 17:30 -> 18:00']);
    const published = await call('publish', { message: 'Later closing on weekdays' }, token);
    expect(published).toMatchObject({ status: 200, body: { ok: true } });
    expect(box.git(['log', '--format=%P|%an|%ae|%s', '-1', 'main'], box.remote).trim()).toBe(`${before}|Karen Mills|karen@practice.example|Later closing on weekdays`);
    expect(box.git(['show', '--format=', '-U0', 'main'], box.remote).split('\n').filter((l) => /^[-+] /.test(l))).toHaveLength(2);
  });
});
