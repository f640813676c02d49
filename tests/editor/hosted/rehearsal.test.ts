// The site-editor function rehearsed as Supabase builds and runs it, as near as this machine allows: copied as the
// CLI mounts it, type-checked and bundled (an eszip) with its deno.json alone, then run by Deno with only network,
// environment and reading its own copy allowed, in 256 MB, for a whole editing session. Sign-ins are ES256 tokens
// checked against the project's published keys (a stand-in of Supabase Auth), and Publish commits to a stand-in of
// GitHub's API over a real bare repository.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../scripts/server/feedbackStore.ts';
import { valueOfText } from '../../../src/editor/yaml/patch.ts';
import { startFakeGitHub, type FakeGitHub } from '../host/fakeGitHub.ts';
import { opsFor } from '../ops.ts';
import { sandbox, type Sandbox } from '../sandbox.ts';
import { startAuthStandIn, type AuthStandIn } from './authStandIn.ts';
import { bundleAsEszip, DENO, denoEnv, mountAsCli, ROOT } from './cliMount.ts';
import { startDeno, type Started } from './denoProcess.ts';

const ORIGIN = 'https://www.practice.example';
const FUNCTION = join('supabase', 'functions', 'site-editor');
const HARNESS = join('tests', 'editor', 'hosted', 'edge', 'rehearse.ts');
const karen = { sub: '11111111-1111-4111-8111-111111111111', email: 'karen@practice.example', name: 'Karen Mills' };
const sam = { sub: '22222222-2222-4222-8222-222222222222', email: 'sam@practice.example', name: 'Sam Ortiz' };

const copy = mkdtempSync(join(tmpdir(), 'cli-mount-'));
const denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
const config = join(copy, FUNCTION, 'deno.json');
let mounted = 0;
let box: Sandbox;
let github: FakeGitHub;
let auth: AuthStandIn;
let fn: Started;

beforeAll(async () => {
  mounted = mountAsCli(copy, [join(ROOT, FUNCTION, 'index.ts'), join(ROOT, HARNESS)], join(ROOT, FUNCTION, 'deno.json'), denoDir);
  // The database the copy runs on: PGlite's code inside the copy, and the migrations applied here, with two editors.
  cpSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'dist'), join(copy, 'vendor', 'pglite'), { recursive: true });
  const db = new PGlite();
  await migrate(db);
  for (const person of [karen, sam]) await db.query('insert into public.editors (email, name) values ($1, $2)', [person.email, person.name]);
  writeFileSync(join(copy, 'vendor', 'database.tar.gz'), Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer()));
  await db.close();
  box = sandbox('real');
  github = await startFakeGitHub({ bareRepo: box.remote, token: 'github-key', owner: 'practice', repo: 'site' });
  auth = await startAuthStandIn();
}, 240_000);

afterAll(async () => {
  await fn?.stop();
  await github?.close();
  await auth?.close();
  box?.cleanup();
  rmSync(copy, { recursive: true, force: true });
  rmSync(denoDir, { recursive: true, force: true });
});

async function call(action: string, token: string, body?: unknown) {
  const res = await fetch(`${fn.url}/site-editor/${action}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: ORIGIN, authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

type Site = { contact: { phone: string; fax: string; email: string }; hours: { regular: { closes: string }[] } };

/** One save, as the forms make it: the operations from the document's value to `change(value)`. */
async function save(token: string, change: (site: Site) => void) {
  const doc = await call('document', token);
  const value = valueOfText(String(doc.body.text)) as Site;
  const next = structuredClone(value);
  change(next);
  return call('ops', token, { ops: opsFor(value, next), hash: doc.body.hash });
}

describe('the site-editor function as the Supabase CLI bundles it', () => {
  it('is mounted from supabase/functions and its imports only, and type-checks with its deno.json alone', () => {
    expect(mounted).toBeGreaterThan(100);
    const check = () => execFileSync(DENO, ['check', '--config', config, join(copy, FUNCTION, 'index.ts')], { cwd: copy, encoding: 'utf8', stdio: 'pipe', env: denoEnv(denoDir) });
    expect(check).not.toThrow();
  }, 240_000);

  it('bundles, with every npm package it uses, into an eszip of at most 10 MB', async () => {
    const { modules, bytes } = await bundleAsEszip(join(copy, FUNCTION, 'index.ts'), config, denoDir);
    console.log(`site-editor eszip: ${modules} modules, ${(bytes / 1e6).toFixed(2)} MB`);
    expect(modules).toBeGreaterThan(200);
    expect(bytes).toBeLessThanOrEqual(10_000_000);
  }, 240_000);
});

describe('the site-editor function run from that copy, with network, environment and reading its copy only', () => {
  beforeAll(async () => {
    fn = await startDeno([
      '--config', config, '--allow-net', '--allow-env', `--allow-read=${copy}`, '--v8-flags=--max-old-space-size=256', join(copy, HARNESS),
    ], {
      ...denoEnv(denoDir),
      REHEARSAL_PGLITE: '../../../../vendor/pglite/index.js', REHEARSAL_DATABASE: '../../../../vendor/database.tar.gz',
      SUPABASE_URL: auth.url, SUPABASE_SERVICE_ROLE_KEY: auth.serviceRoleKey,
      GITHUB_TOKEN: 'github-key', GITHUB_REPOSITORY: 'practice/site', GITHUB_API_URL: github.url, EDITOR_ALLOWED_ORIGINS: ORIGIN,
    }, copy);
    if (!fn.url) throw new Error(`The function did not start:\n${fn.said.join('')}`);
  }, 180_000);

  it('opens the document, saves three changes, and publishes them as one commit by the signed-in person', async () => {
    const token = auth.token(karen);
    const opened = await call('document', token);
    expect(opened.status).toBe(200);
    expect(opened.body.problems).toEqual([]);
    expect((await save(token, (site) => { site.hours.regular[0].closes = '18:00'; })).status).toBe(200);
    expect((await save(token, (site) => { site.contact.fax = '08 8377 9999'; })).status).toBe(200);
    expect((await save(token, (site) => { site.contact.email = 'hello@practice.example'; })).status).toBe(200);
    const review = await call('review', token);
    expect((review.body.changes as unknown[]).length).toBe(3);
    const before = box.git(['rev-parse', 'main'], box.remote).trim();
    expect(await call('publish', token, { message: 'Later closing, new fax and e-mail' })).toMatchObject({ status: 200, body: { ok: true } });
    expect(box.git(['log', '--format=%P|%an|%ae|%s', '-1', 'main'], box.remote).trim()).toBe(`${before}|Karen Mills|karen@practice.example|Later closing, new fax and e-mail`);
  }, 120_000);

  it('reports a second person\'s change to the same field with both values, and publishes nothing', async () => {
    const karens = auth.token(karen);
    const sams = auth.token(sam);
    expect((await save(karens, (site) => { site.contact.phone = '0412 345 678'; })).status).toBe(200);
    expect((await save(sams, (site) => { site.contact.phone = '1300 725 899'; })).status).toBe(200);
    expect(await call('publish', sams, { message: 'New phone number' })).toMatchObject({ status: 200, body: { ok: true } });
    const head = box.git(['rev-parse', 'main'], box.remote).trim();
    const asked = await call('publish', karens, { message: 'Mobile number' });
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatch(/^Someone else published a change to a place you changed too, so nothing was sent\./);
    expect(asked.body.conflicts).toMatchObject([{ where: 'Contact > Phone number', mine: '0412 345 678', theirs: '1300 725 899', by: 'Sam Ortiz' }]);
    expect(box.git(['rev-parse', 'main'], box.remote).trim()).toBe(head);
  }, 120_000);
});
