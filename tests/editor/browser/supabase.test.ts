/**
 * The editor at /admin as built for a Supabase project (VITE_SUPABASE_URL set), in Chromium: staff sign in with
 * Supabase Auth (password, or a link by e-mail), and the site-editor function, reached at the project's address,
 * accepts Supabase's token and publishes through GitHub's API. Supabase (Auth and the functions' address) and GitHub
 * are stand-ins on this computer speaking their protocols over real parts: tokens signed with the project's secret,
 * Postgres (PGlite) after every migration, a real bare repository.
 */
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DIR, buildAdmin } from '../../../scripts/adminBuild.ts';
import { createSiteEditorHandler } from '../../../scripts/editor/hostedHandler.ts';
import { pgliteAsPerson } from '../../../scripts/server/editorDb.ts';
import { migrate } from '../../../scripts/server/feedbackStore.ts';
import { adminSecurityPolicy, sharedFileHeaders } from '../../../scripts/server/headers.ts';
import { NOT_AN_EDITOR, NOT_INVITED, supabaseProject } from '../../../supabase/functions/_shared/editor/auth.ts';
import { GitHubHost } from '../../../supabase/functions/_shared/editor/githubHost.ts';
import { sqlEditorDb } from '../../../supabase/functions/_shared/editor/sqlEditorDb.ts';
import { launchChromium } from '../../e2e/browser.ts';
import { startFakeGitHub, type FakeGitHub } from '../host/fakeGitHub.ts';
import { startSupabaseStandIn, type SupabaseStandIn } from '../hosted/supabaseStandIn.ts';
import { sandbox, type Sandbox } from '../sandbox.ts';
import { saved, select } from './harness.ts';

const root = resolve(import.meta.dirname, '..', '..', '..');
const SECRET = 'the-projects-jwt-secret-at-least-32-characters-long';
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.webp': 'image/webp', '.avif': 'image/avif' };

let box: Sandbox;
let out: string;
let site: Server;
let siteOrigin: string;
let supabase: SupabaseStandIn;
let github: FakeGitHub;
let db: PGlite;
let browser: Browser;
const problems: string[] = [];
const pages: Page[] = [];
// Each test's pages close with it, so that nothing they still do is counted against the next.
afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
  problems.length = 0;
});

beforeAll(async () => {
  box = sandbox('real');
  out = mkdtempSync(join(tmpdir(), 'admin-supabase-'));
  db = new PGlite();
  await migrate(db);
  await db.query(`insert into public.editors (email, name) values ('karen@practice.example', 'Karen Mills')`);
  github = await startFakeGitHub({ bareRepo: box.remote, token: 'github-key', owner: 'practice', repo: 'site' });
  // The website: the admin build under its policy (which names the project), and the practice's pictures.
  let policy = '';
  site = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const admin = path.startsWith(`/${ADMIN_DIR}/`);
    const file = admin ? join(out, path.endsWith('/') ? `${path}index.html` : path) : join(box.work, 'public', path);
    if (!existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { ...(admin ? { 'content-security-policy': policy } : {}), ...sharedFileHeaders(path), 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  // The function is made once the project has its address: it checks sign-ins against the project's issuer and asks
  // its Auth server whether an account was invited, as deployed.
  let editor: (request: Request) => Promise<Response> = () => Promise.reject(new Error('The site-editor function is not made yet.'));
  supabase = await startSupabaseStandIn({ secret: SECRET, siteOrigin, functions: { 'site-editor': (request) => editor(request) } });
  editor = createSiteEditorHandler({
    secret: SECRET, keys: supabaseProject(supabase.url, supabase.serviceRoleKey), db: sqlEditorDb(pgliteAsPerson(db)), siteFile: box.siteFile,
    allowedOrigins: [siteOrigin], log: (m) => console.error(`site-editor: ${m}`),
    host: new GitHubHost({ owner: 'practice', repo: 'site', branch: 'main', token: 'github-key', baseUrl: github.url }),
  });
  policy = adminSecurityPolicy({ supabaseUrl: supabase.url });
  // Built as the deploy workflow builds it, with the project's address and publishable key.
  process.env.VITE_SUPABASE_URL = supabase.url;
  process.env.VITE_SUPABASE_ANON_KEY = 'publishable-key';
  try {
    await buildAdmin(root, out);
  } finally {
    delete process.env.VITE_SUPABASE_URL;
    delete process.env.VITE_SUPABASE_ANON_KEY;
  }
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => site?.close(done));
  await supabase?.close();
  await github?.close();
  await db?.close();
  if (out) rmSync(out, { recursive: true, force: true });
  box?.cleanup();
});

async function openAdmin(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
  const page = await context.newPage();
  pages.push(page);
  page.on('console', (m) => { if (m.type() === 'error' && !/status of (400|403|409)\b/.test(m.text())) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${siteOrigin}/admin/`);
  return page;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('the editor at /admin with Supabase Auth', () => {
  it('signs in with e-mail and password, edits, and publishes one commit by the person through GitHub', async () => {
    supabase.addUser('karen@practice.example', 'correct horse battery staple');
    const page = await openAdmin();
    await signIn(page, 'Karen@Practice.example', 'correct horse battery staple');
    await page.getByText('Signed in as Karen Mills').waitFor({ timeout: 60_000 });
    await select(page, 'Practice', 'Opening hours');
    await page.locator('#root_regular_0_closes').fill('18:00');
    await page.locator('#root_regular_0_closes').blur();
    await saved(page);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByLabel(/What did you change/).fill('Later closing on weekdays');
    const started = Date.now();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('dialog').getByText(/^Published\./).waitFor({ timeout: 60_000 });
    console.log(`Publish to the commit through GitHub's API (the stand-in): ${Date.now() - started} ms`);
    expect(box.git(['log', '--format=%an|%ae|%s', '-1', 'main'], box.remote).trim()).toBe('Karen Mills|karen@practice.example|Later closing on weekdays');
    expect(box.git(['show', 'main:site.yaml'], box.remote)).toContain('closes: "18:00"');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    // Signing out leaves the sign-in form.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('alert').filter({ hasText: 'You have signed out.' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('says in plain words when the password is wrong, and when the person is not on the editors list', async () => {
    supabase.addUser('visitor@elsewhere.example', 'a password');
    const page = await openAdmin();
    await signIn(page, 'karen@practice.example', 'wrong');
    expect(await page.getByRole('alert').textContent()).toBe('That e-mail address and password do not match. Check them and try again, or ask for a sign-in link.');
    await signIn(page, 'visitor@elsewhere.example', 'a password');
    await page.getByRole('alert').filter({ hasText: 'not on the list' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('alert').textContent()).toBe(NOT_AN_EDITOR('visitor@elsewhere.example'));
    expect(problems).toEqual([]);
  });

  it('refuses an account that was not invited, though its address is on the editors list', async () => {
    await db.query(`insert into public.editors (email, name) values ('chloe@practice.example', 'Chloe Anderson')`);
    supabase.addUser('chloe@practice.example', 'signed up herself', { invited: false });
    const page = await openAdmin();
    await signIn(page, 'chloe@practice.example', 'signed up herself');
    await page.getByRole('alert').filter({ hasText: 'not made from an invitation' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('alert').textContent()).toBe(NOT_INVITED('chloe@practice.example'));
    expect(problems).toEqual([]);
  });

  it('sends a sign-in link to staff who have no password, to an account that exists, back to /admin', async () => {
    const page = await openAdmin();
    await page.getByLabel('Your e-mail address').fill('karen@practice.example');
    await page.getByRole('button', { name: 'E-mail me a sign-in link instead' }).click();
    await page.getByRole('status').filter({ hasText: 'A sign-in link is on its way to karen@practice.example' }).waitFor();
    expect(supabase.links).toEqual([{ email: 'karen@practice.example', createUser: false, redirectTo: `${siteOrigin}/admin/` }]);
    expect(problems).toEqual([]);
  });

  it('shows a photo uploaded into the draft in the form and the preview, read back from the function after a reload, before any build has it', async () => {
    supabase.addUser('karen@practice.example', 'correct horse battery staple');
    const page = await openAdmin();
    await signIn(page, 'karen@practice.example', 'correct horse battery staple');
    await page.getByText('Signed in as Karen Mills').waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Add to Doctors' }).click();
    await page.locator('#root_name').fill('Dr Mei Lin');
    await page.locator('#root_qualifications').focus();
    await page.locator('#root_qualifications').fill('MBBS');
    await page.locator('#root_summary').fill('A GP.');
    await page.locator('#root_bio').fill('Dr Mei Lin joined the practice in 2026.');
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8a078' } }).jpeg().toBuffer();
    await page.locator('#root_image_src').setInputFiles({ name: 'Mei Lin.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await page.getByLabel(/What it shows/).fill('Dr Mei Lin smiling');
    await saved(page);
    const size = (img: Locator) => img.evaluate((el: HTMLImageElement) => `${el.naturalWidth} x ${el.naturalHeight}`);
    const thumb = page.locator('.image-field img.thumb');
    const portrait = page.frameLocator('iframe[title^="Preview"]').locator('main img[alt="Dr Mei Lin smiling"]').first();
    for (const when of ['uploaded', 'reloaded']) {
      if (when === 'reloaded') {
        await page.reload();
        await select(page, 'Doctors', 'Dr Mei Lin');
      }
      await expect.poll(() => size(thumb), { message: `thumbnail, ${when}` }).toBe('64 x 48');
      await expect.poll(() => size(portrait), { message: `preview, ${when}`, timeout: 45_000 }).toBe('64 x 48');
    }
    expect(problems).toEqual([]);
  });
});
