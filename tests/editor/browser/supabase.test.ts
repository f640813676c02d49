/**
 * The editor at /admin as built for a Supabase project (VITE_SUPABASE_URL set), in Chromium: staff sign in with
 * Supabase Auth by a one-time code e-mailed through the practice's mail provider (or the e-mail's link, an
 * invitation's, or a link a manager copies from People), and the site-editor function, reached at the project's
 * address, accepts Supabase's token and publishes through GitHub's API. Supabase (Auth and the functions' address),
 * the mail provider and GitHub are stand-ins on this computer speaking their protocols over real parts: tokens signed
 * with the project's secret, e-mails rendered from the project's templates and sent over SMTP with the settings of
 * supabase/config.toml, Postgres (PGlite) after every migration, a real bare repository.
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
import { ADMIN_DIR, buildAdmin } from '../../../build/adminBuild.ts';
import { createSiteEditorHandler } from '../../../server/editor/hostedHandler.ts';
import { pgliteAsPerson } from '../../../server/local/editorDb.ts';
import { migrate } from '../../../server/local/feedbackStore.ts';
import { adminSecurityPolicy, sharedFileHeaders } from '../../../build/headers.ts';
import { editorCatalogue } from '../../../src/content/errors.ts';
import { supabaseInvitations } from '../../../server/editor/accounts.ts';
import { NOT_AN_EDITOR, NOT_INVITED, supabaseProject } from '../../../server/editor/auth.ts';
import { GitHubHost } from '../../../server/editor/githubHost.ts';
import { sqlEditorDb } from '../../../server/editor/sqlEditorDb.ts';
import { startFakeGitHub, type FakeGitHub } from '../host/fakeGitHub.ts';
import { projectMail } from '../hosted/projectMail.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../hosted/smtpStandIn.ts';
import { startSupabaseStandIn, type SupabaseStandIn } from '../hosted/supabaseStandIn.ts';
import { sandbox, type Sandbox } from '../sandbox.ts';
import { saved, select } from './harness.ts';
import { closeContexts, sharedChromium } from '../../chromium.ts';
import { limit } from '../../../bench/machineSpeed.ts';

const root = resolve(import.meta.dirname, '..', '..', '..');
const SECRET = 'the-projects-jwt-secret-at-least-32-characters-long';
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.webp': 'image/webp', '.avif': 'image/avif' };

let box: Sandbox;
let out: string;
let site: Server;
let siteOrigin: string;
let supabase: SupabaseStandIn;
let smtp: SmtpStandIn;
// Auth's clock for its e-mail limits: each test starts minutes after the last, so one person's codes do not meet the
// one-a-minute limit across tests (the test of that limit asks twice within a test).
let authClock = Date.parse('2026-12-07T08:00:00+11:00');
const SENDER = 'website@practice.example';
/** A folder to keep pictures of the sign-in and People in, at 1280 and 375 px, when given (to look at them). */
const shots = process.env.SIGN_IN_SHOTS;
async function shoot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(shots, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
let github: FakeGitHub;
let db: PGlite;
let browser: Browser;
const problems: string[] = [];
const pages: Page[] = [];
// Each test's pages close with it, so that nothing they still do is counted against the next.
afterEach(async () => {
  for (const page of pages.splice(0)) await page.context().close();
  problems.length = 0;
  smtp.refuse(undefined);
  authClock += 5 * 60_000;
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
  // The practice's mail provider, and the project's mail as supabase/config.toml sets it up with the provider's login.
  smtp = await startSmtpStandIn({ user: 'resend', pass: 'the-providers-api-key' });
  const mail = projectMail({ SMTP_HOST: smtp.host, SMTP_USER: 'resend', SMTP_PASS: 'the-providers-api-key', SMTP_SENDER: SENDER }, smtp.port);
  supabase = await startSupabaseStandIn({ secret: SECRET, siteOrigin, functions: { 'site-editor': (request) => editor(request) }, mail, now: () => authClock });
  editor = createSiteEditorHandler({
    secret: SECRET, keys: supabaseProject(supabase.url, supabase.serviceRoleKey), db: sqlEditorDb(pgliteAsPerson(db)), siteFile: box.siteFile,
    invitations: supabaseInvitations(supabase.url, supabase.serviceRoleKey),
    allowedOrigins: [siteOrigin], log: (m) => console.error(`site-editor: ${m}`),
    host: new GitHubHost({ owner: 'practice', repo: 'site', branch: 'main', token: 'github-key', baseUrl: github.url }),
  });
  policy = adminSecurityPolicy({ supabaseUrl: supabase.url });
  supabase.addUser('karen@practice.example', '');
  // Built as the deploy workflow builds it, with the project's address and publishable key.
  process.env.VITE_SUPABASE_URL = supabase.url;
  process.env.VITE_SUPABASE_ANON_KEY = 'publishable-key';
  try {
    await buildAdmin(root, out);
  } finally {
    delete process.env.VITE_SUPABASE_URL;
    delete process.env.VITE_SUPABASE_ANON_KEY;
  }
  browser = await sharedChromium();
}, limit(300_000));

afterAll(async () => {
  await closeContexts(browser);
  await new Promise((done) => site?.close(done));
  await supabase?.close();
  await smtp?.close();
  await github?.close();
  await db?.close();
  if (out) rmSync(out, { recursive: true, force: true });
  box?.cleanup();
});

async function openAdmin(address = `${siteOrigin}/admin/`): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  pages.push(page);
  // The answers the test asks for, and the browser's own ask for /favicon.ico, which the site's build makes and this
  // server of the admin build alone does not have.
  page.on('console', (m) => { if (m.type() === 'error' && !/status of (400|403|409|422|429|500)\b/.test(m.text()) && !m.location().url.endsWith('/favicon.ico')) problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(address);
  return page;
}

/** The newest e-mail the mail provider took for `email`: its envelope, subject, the code and the link in it. */
function newestMail(email: string) {
  const message = smtp.messages.filter((m) => m.to.includes(email)).at(-1);
  if (!message) throw new Error(`No e-mail reached the mail provider for ${email}.`);
  const [head, body] = message.data.split('\r\n\r\n');
  const encoded = /^Subject: =\?UTF-8\?B\?([^?]*)\?=$/m.exec(head)?.[1] ?? '';
  return {
    from: message.from, head, body, subject: Buffer.from(encoded, 'base64').toString('utf8'),
    code: /\b(\d{6})\b/.exec(body.replace(/<[^>]*>/g, ' '))?.[1] ?? '',
    link: (/href="([^"]+)"/.exec(body)?.[1] ?? '').replace(/&amp;/g, '&'),
  };
}

/** Asks for a code by e-mail, as a person does. */
async function askForCode(page: Page, email: string) {
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'E-mail me a code' }).click();
}

/** Signs in with the code the e-mail brought. */
async function signIn(page: Page, email: string) {
  const before = smtp.messages.length;
  await askForCode(page, email);
  await page.getByRole('status').filter({ hasText: 'A code is on its way' }).waitFor();
  expect(smtp.messages.length).toBe(before + 1);
  await page.getByLabel('The code from the e-mail').fill(newestMail(email.toLowerCase()).code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('the editor at /admin with Supabase Auth', () => {
  it('signs in with a code e-mailed through the practice\'s mail provider, edits, and publishes one commit by the person through GitHub', async () => {
    const page = await openAdmin();
    await signIn(page, 'Karen@Practice.example');
    await page.getByText('Signed in as Karen Mills').waitFor({ timeout: limit(60_000) });
    // The e-mail as the project's template and mail settings make it: from the practice's sender, through its provider.
    const mail = newestMail('karen@practice.example');
    expect(mail.from).toBe(SENDER);
    expect(mail.head).toContain(`From: "The practice's website" <${SENDER}>`);
    expect(mail.subject).toBe('Your code to sign in to the website\'s editor');
    expect(mail.body).toContain('It works once, within an hour.');
    expect(mail.link).toMatch(new RegExp(`^${supabase.url}/auth/v1/verify\\?token=[0-9a-f]+&type=magiclink&redirect_to=${encodeURIComponent(`${siteOrigin}/admin/`)}$`));
    await select(page, 'Practice', 'Opening hours');
    await page.locator('#root_regular_0_closes').fill('18:00');
    await page.locator('#root_regular_0_closes').blur();
    await saved(page);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByLabel(/What did you change/).fill('Later closing on weekdays');
    const started = Date.now();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('dialog').getByText(/^Published\./).waitFor({ timeout: limit(60_000) });
    console.log(`Publish to the commit through GitHub's API (the stand-in): ${Date.now() - started} ms`);
    expect(box.git(['log', '--format=%an|%ae|%s', '-1', 'main'], box.remote).trim()).toBe('Karen Mills|karen@practice.example|Later closing on weekdays');
    expect(box.git(['show', 'main:site.yaml'], box.remote)).toContain('closes: "18:00"');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    // Signing out leaves the sign-in form.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('alert').filter({ hasText: 'You have signed out.' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('says in plain words when nobody was invited with the address, when the code is wrong, and when the person is not on the editors list', async () => {
    supabase.addUser('visitor@elsewhere.example', '');
    const page = await openAdmin();
    await askForCode(page, 'nobody@practice.example');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(editorCatalogue.SignInNotInvited('nobody@practice.example'));
    expect(smtp.messages.filter((m) => m.to.includes('nobody@practice.example'))).toEqual([]);
    await askForCode(page, 'visitor@elsewhere.example');
    await page.getByRole('status').filter({ hasText: 'A code is on its way' }).waitFor();
    await page.getByLabel('The code from the e-mail').fill(newestMail('visitor@elsewhere.example').code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(editorCatalogue.SignInCodeWrong());
    await page.getByLabel('The code from the e-mail').fill(newestMail('visitor@elsewhere.example').code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'not on the list' }).waitFor({ timeout: limit(30_000) });
    expect(await page.getByRole('alert').textContent()).toBe(NOT_AN_EDITOR('visitor@elsewhere.example'));
    expect(problems).toEqual([]);
  });

  it('refuses an account that was not invited, though its address is on the editors list', async () => {
    await db.query(`insert into public.editors (email, name) values ('chloe@practice.example', 'Chloe Anderson')`);
    supabase.addUser('chloe@practice.example', '', { invited: false });
    const page = await openAdmin();
    await signIn(page, 'chloe@practice.example');
    await page.getByRole('alert').filter({ hasText: 'not made from an invitation' }).waitFor({ timeout: limit(30_000) });
    expect(await page.getByRole('alert').textContent()).toBe(NOT_INVITED('chloe@practice.example'));
    expect(problems).toEqual([]);
  });

  it('signs in by the e-mail\'s link on the device it is opened on, once: a used link says so, and a new code can be asked', async () => {
    const page = await openAdmin();
    await askForCode(page, 'karen@practice.example');
    await page.getByRole('status').filter({ hasText: 'A code is on its way' }).waitFor();
    expect(supabase.links.at(-1)).toEqual({ email: 'karen@practice.example', createUser: false, redirectTo: `${siteOrigin}/admin/` });
    const { link } = newestMail('karen@practice.example');
    const phone = await openAdmin(link);
    await phone.getByText('Signed in as Karen Mills').waitFor({ timeout: limit(60_000) });
    expect(new URL(phone.url()).hash).toBe('');
    const again = await openAdmin(link);
    await again.getByRole('alert').waitFor({ timeout: limit(30_000) });
    expect(await again.getByRole('alert').textContent()).toBe(editorCatalogue.SignInLinkExpired());
    expect(new URL(again.url()).hash).toBe('');
    await again.getByRole('button', { name: 'E-mail me a code' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('says in words when the mail provider refuses the e-mail, and when too many were asked for', async () => {
    const page = await openAdmin();
    smtp.refuse('550 5.7.1 Sender address rejected: domain not verified');
    await askForCode(page, 'karen@practice.example');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(editorCatalogue.SignInMailRefused());
    await shoot(page, 'sign-in-refused');
    smtp.refuse(undefined);
    // Auth allows one e-mail a minute to an address: the refused one counted.
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.getByRole('alert').filter({ hasText: 'Too many' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(editorCatalogue.SignInMailTooMany());
    authClock += 61_000;
    await page.getByRole('button', { name: 'E-mail me a code' }).click();
    await page.getByRole('status').filter({ hasText: 'A code is on its way to karen@practice.example' }).waitFor();
    await shoot(page, 'sign-in-code');
    expect(problems).toEqual([]);
  });

  it('invites a colleague by e-mail, whose invitation signs her in; and the manager copies a sign-in link for her from People', async () => {
    await db.query(`update public.editors set manages_people = true where email = 'karen@practice.example'`);
    const page = await openAdmin();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteOrigin });
    await signIn(page, 'karen@practice.example');
    await page.getByText('Signed in as Karen Mills').waitFor({ timeout: limit(60_000) });
    await page.getByRole('button', { name: 'People' }).click();
    await page.getByLabel('Their name').fill('Mei Lin');
    await page.getByLabel('Their e-mail address').fill('mei.lin@practice.example');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Invitation sent to mei.lin@practice.example' }).waitFor({ timeout: limit(30_000) });
    const invitation = newestMail('mei.lin@practice.example');
    expect(invitation.subject).toBe('You are invited to edit the practice\'s website');
    expect(invitation.body).toContain(`open ${siteOrigin}/admin/ and type your e-mail address`);
    expect(invitation.body).toContain('There is no password to choose or remember.');
    const mei = await openAdmin(invitation.link);
    await mei.getByText('Signed in as Mei Lin').waitFor({ timeout: limit(60_000) });
    // Her next sign-in e-mail does not come: Karen copies her a link instead, and it signs her in on another device.
    await page.getByRole('button', { name: 'Copy a sign-in link for Mei Lin' }).click();
    await page.getByRole('status').filter({ hasText: 'A sign-in link for Mei Lin is copied' }).waitFor({ timeout: limit(30_000) });
    expect(await page.getByRole('dialog').getByRole('status').textContent()).toBe(editorCatalogue.PeopleLinkCopied('Mei Lin'));
    await shoot(page, 'people-link');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(await page.getByRole('textbox', { name: 'Sign-in link for Mei Lin' }).inputValue()).toBe(copied);
    expect(supabase.madeLinks).toEqual(['mei.lin@practice.example']);
    const elsewhere = await openAdmin(copied);
    await elsewhere.getByText('Signed in as Mei Lin').waitFor({ timeout: limit(60_000) });
    expect(problems).toEqual([]);
  });

  it('shows a photo uploaded into the draft in the form and the preview, read back from the function after a reload, before any build has it', async () => {
    const page = await openAdmin();
    await signIn(page, 'karen@practice.example');
    await page.getByText('Signed in as Karen Mills').waitFor({ timeout: limit(60_000) });
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
      await expect.poll(() => size(portrait), { message: `preview, ${when}`, timeout: limit(45_000) }).toBe('64 x 48');
    }
    expect(problems).toEqual([]);
  });
});
