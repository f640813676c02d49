// The hosted editor's function, called directly with web-standard requests, over its real parts: the editors and
// drafts tables on Postgres (PGlite, after every migration), GitHub's API answered by a local server over a real
// bare repository, and sign-ins signed as Supabase signs them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSiteEditorHandler } from '../../../server/editor/hostedHandler.ts';
import { pgliteAsPerson } from '../../../server/local/editorDb.ts';
import { localAccess } from '../../../server/local/localSignIn.ts';
import { editorCatalogue } from '../../../src/content/errors.ts';
import { NOT_AN_EDITOR, NOT_SIGNED_IN, SIGN_IN_AGAIN, signJwt } from '../../../server/editor/auth.ts';
import type { Claims } from '../../../server/editor/claims.ts';
import { DEPLOYED_VERSION } from '../../../server/deployedVersion.ts';
import { GitHubHost } from '../../../server/editor/githubHost.ts';
import { sqlEditorDb } from '../../../server/editor/sqlEditorDb.ts';
import type { Op } from '../../../src/editor/ops/op.ts';
import type { FakeGitHub } from '../host/fakeGitHub.ts';
import { gitIn } from '../host/repo.ts';
import { opsFor } from '../ops.ts';
import { valueOfText } from '../../../src/editor/yaml/patch.ts';
import { chloe, FIXTURE, FN, karen, ORIGIN, person, SECRET, startHostedEditor, stranger, TOKEN, type HostedEditor } from './hostedEditor.ts';
import { limit } from '../../../bench/machineSpeed.ts';

const siteFile = join(FIXTURE, 'site.yaml');
const published = readFileSync(siteFile, 'utf8');

let hosted: HostedEditor;
let bare: string;
let github: FakeGitHub;
let db: PGlite;
let handler: (request: Request) => Promise<Response>;
let logged: string[];

beforeAll(async () => {
  hosted = await startHostedEditor();
  ({ bare, github, db, handler, logged } = hosted);
}, limit(120_000));

afterAll(async () => { await hosted?.close(); });

let seed: string;
beforeEach(async () => {
  await db.exec(`
    reset role;
    truncate public.editors, public.editor_drafts, public.editor_draft_files;
    insert into public.editors (email, name) values ('karen@practice.example', 'Karen Mills'), ('chloe@practice.example', 'Chloe Anderson');
  `);
  // Every test starts from the practice as set up.
  seed ??= gitIn(bare, ['rev-parse', 'main']).trim();
  gitIn(bare, ['update-ref', 'refs/heads/main', seed]);
});

const head = () => gitIn(bare, ['rev-parse', 'main']).trim();
const drafts = async () => (await db.query<{ n: number }>('select (select count(*) from public.editor_drafts)::int + (select count(*) from public.editor_draft_files)::int as n')).rows[0].n;

async function call(action: string, options: { as?: Claims | string; body?: unknown; bytes?: Uint8Array; method?: string } = {}) {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (typeof options.as === 'string') headers.authorization = `Bearer ${options.as}`;
  else if (options.as) headers.authorization = `Bearer ${await signJwt(options.as, SECRET)}`;
  let body: BodyInit | undefined;
  if (options.bytes) { headers['content-type'] = 'application/octet-stream'; body = new Blob([new Uint8Array(options.bytes)]); }
  else if (options.body !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(options.body); }
  const res = await handler(new Request(FN + action, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** What the forms send to change the weekday closing time: operations made on the person's current text. */
async function changeClosing(as: Claims, to: string) {
  const doc = await call('document', { as });
  const value = valueOfText(String(doc.body.text)) as { hours: { regular: { closes: string }[] } };
  const next = structuredClone(value);
  next.hours.regular[0].closes = to;
  return call('ops', { as, body: { ops: opsFor(value, next), hash: doc.body.hash } });
}

async function changeFax(as: Claims, to: string) {
  const doc = await call('document', { as });
  const value = valueOfText(String(doc.body.text)) as { contact: { fax: string } };
  const next = structuredClone(value);
  next.contact.fax = to;
  return call('ops', { as, body: { ops: opsFor(value, next) satisfies Op[], hash: doc.body.hash } });
}

describe('who may use the hosted editor', () => {
  const someOps = opsFor({ a: 1 }, { a: 2 });
  const attempts: [string, unknown][] = [['ops', { ops: someOps, hash: 'x' }], ['publish', { message: 'Sneaky' }], ['save-text', { text: 'practice: {}\n', hash: 'x' }]];

  it('refuses a request with no sign-in (401) and writes nothing', async () => {
    for (const [action, body] of attempts) expect(await call(action, { body })).toEqual({ status: 401, body: { error: NOT_SIGNED_IN, signIn: true } });
    expect(await call('document')).toMatchObject({ status: 401 });
    expect(await drafts()).toBe(0);
    expect(head()).toBe(seed);
  });

  it('says the version deployed to anyone (the deploy asks it), and nothing else without a sign-in', async () => {
    expect(await call('version')).toEqual({ status: 200, body: { version: DEPLOYED_VERSION } });
    expect(await call('version', { body: {} })).toEqual({ status: 401, body: { error: NOT_SIGNED_IN, signIn: true } });
    expect(await call('version/me')).toEqual({ status: 401, body: { error: NOT_SIGNED_IN, signIn: true } });
    const elsewhere = await handler(new Request(`${FN}version`, { headers: { origin: 'https://evil.example' } }));
    expect(elsewhere.status).toBe(403);
    expect(await drafts()).toBe(0);
  });

  it('refuses an expired sign-in and one with a wrong signature (401) and writes nothing', async () => {
    const expired = person(karen.sub, karen.email, Math.floor(Date.now() / 1000) - 120);
    const forged = await signJwt(karen, 'not-the-project-secret-but-just-as-long-0123456789');
    for (const as of [expired, forged]) {
      for (const [action, body] of attempts) expect(await call(action, { as, body })).toEqual({ status: 401, body: { error: SIGN_IN_AGAIN, signIn: true } });
    }
    expect(await drafts()).toBe(0);
    expect(head()).toBe(seed);
  });

  it('refuses a signed-in person who is not on the editors list (403) and writes nothing', async () => {
    for (const [action, body] of attempts) expect(await call(action, { as: stranger, body })).toEqual({ status: 403, body: { error: NOT_AN_EDITOR(stranger.email), signIn: false } });
    expect(await call('document', { as: stranger })).toMatchObject({ status: 403 });
    expect(await drafts()).toBe(0);
    expect(head()).toBe(seed);
  });

  it('refuses sign-in with a printed address when this server has none (the hosted function)', async () => {
    const res = await handler(new Request(FN + 'local-sign-in', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' }, body: JSON.stringify({ token: 'x', name: 'Karen', email: 'karen@practice.example' }) }));
    expect(res.status).toBe(403);
  });

  /** The handler as npm start makes it, its sign-in over the test's database; the addresses it printed, by whom. */
  async function onThisComputer() {
    const printed: { address: string; forWhom?: string }[] = [];
    const access = localAccess({ db, origin: () => ORIGIN, adminPath: '/admin/', announce: (address, forWhom) => printed.push({ address, forWhom }) });
    await access.printFirst();
    const local = createSiteEditorHandler({
      secret: SECRET, db: sqlEditorDb(pgliteAsPerson(db)), host: new GitHubHost({ owner: 'practice', repo: 'site', branch: 'main', token: TOKEN, baseUrl: github.url }),
      siteFile, allowedOrigins: [ORIGIN], log: () => undefined, localSignIn: access.signIn, invitations: access.invitations,
    });
    const tokenOf = (entry: { address: string } | undefined) => entry?.address.split('#sign-in=')[1] ?? '';
    const signIn = (token: string, who: { name: string; email: string }, from = '127.0.0.1', host = '127.0.0.1:4173') => local(new Request(`http://${host}/functions/v1/site-editor/local-sign-in`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify({ token, ...who }),
    }));
    const as = (access: string, action: string, body?: unknown) => local(new Request(FN + action, {
      method: body === undefined ? 'GET' : 'POST', headers: { authorization: `Bearer ${access}`, origin: ORIGIN, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    }));
    const list = async () => (await db.query<{ email: string; name: string; manages_people: boolean; may_publish: boolean }>('select email, name, manages_people, may_publish from public.editors order by email')).rows;
    return { printed, tokenOf, signIn, as, list };
  }

  it('on this computer: a printed address signs in once, only from 127.0.0.1, and the sign-in it gives is checked like Supabase\'s', async () => {
    await db.exec('truncate public.editors');
    const { printed, tokenOf, signIn, as } = await onThisComputer();
    expect(printed).toHaveLength(1);
    expect(printed[0].forWhom).toBeUndefined();
    const token = tokenOf(printed[0]);
    const mei = { name: 'Mei Wong', email: 'Mei@Practice.example' };
    // Another computer, or a page that reached this one under another name (DNS rebinding): refused, address kept.
    expect((await signIn(token, mei, '192.168.1.20')).status).toBe(403);
    expect((await signIn(token, mei, '127.0.0.1', 'practice.example:4173')).status).toBe(403);
    const answer = await signIn(token, mei);
    expect(answer.status).toBe(200);
    const { access_token: access } = (await answer.json()) as { access_token: string };
    const used = await signIn(token, mei);
    expect(used.status).toBe(401);
    expect(await used.json()).toEqual({ error: editorCatalogue.LocalAddressUsed() });
    // The first person of an empty list manages people.
    expect(await (await as(access, 'me')).json()).toEqual({ email: 'mei@practice.example', name: 'Mei Wong', mayPublish: true, managesPeople: true });
  });

  it('on this computer: an address signs in only the person it was made for, with their rights, and dies when they are taken off', async () => {
    await db.exec('truncate public.editors');
    const { printed, tokenOf, signIn, as, list } = await onThisComputer();
    const mona = { name: 'Mona Manager', email: 'mona@practice.example' };
    const { access_token: monaAccess } = (await (await signIn(tokenOf(printed[0]), mona)).json()) as { access_token: string };
    // The next address printed is Mona's own: a stranger who holds it gets nothing, and neither does a new e-mail.
    const monasNext = printed.at(-1);
    expect(monasNext?.forWhom).toBe('Mona Manager (mona@practice.example)');
    const stranger = await signIn(tokenOf(monasNext), { name: 'Eve', email: 'eve@evil.example' });
    expect(stranger.status).toBe(403);
    expect(await stranger.json()).toEqual({ error: editorCatalogue.LocalAddressForAnother('mona@practice.example') });
    expect((await list()).map((p) => p.email)).toEqual(['mona@practice.example']);

    // Dan is invited to wait for approval: his address is his alone.
    expect((await as(monaAccess, 'people/invite', { name: 'Dan Reyes', email: 'dan@practice.example', mayPublish: false })).status).toBe(200);
    const dans = printed.at(-1);
    expect(dans?.forWhom).toBe('Dan Reyes (dan@practice.example)');
    // Typed as the manager: refused, and Mona is neither renamed nor signed in by it.
    const asMona = await signIn(tokenOf(dans), { name: 'Dan Reyes', email: 'mona@practice.example' });
    expect(asMona.status).toBe(403);
    expect(await asMona.json()).toEqual({ error: editorCatalogue.LocalAddressForAnother('dan@practice.example') });
    // As himself, whatever name he types: the list's name and rights.
    const dan = await signIn(tokenOf(dans), { name: 'Mona Manager', email: 'dan@practice.example' });
    expect(dan.status).toBe(200);
    const { access_token: danAccess, name } = (await dan.json()) as { access_token: string; name: string };
    expect(name).toBe('Dan Reyes');
    expect(await (await as(danAccess, 'me')).json()).toEqual({ email: 'dan@practice.example', name: 'Dan Reyes', mayPublish: false, managesPeople: false });
    expect(await list()).toEqual([
      { email: 'dan@practice.example', name: 'Dan Reyes', manages_people: false, may_publish: false },
      { email: 'mona@practice.example', name: 'Mona Manager', manages_people: true, may_publish: true },
    ]);

    // Mona's People gives her a sign-in link for Dan: a new address of his, printed as the others are, his alone.
    const made = (await (await as(monaAccess, 'people/link', { email: 'dan@practice.example' })).json()) as { link: string; name: string };
    expect(made.name).toBe('Dan Reyes');
    expect(printed.at(-1)).toEqual({ address: made.link, forWhom: 'Dan Reyes (dan@practice.example)' });
    expect((await signIn(tokenOf(printed.at(-1)), { name: 'Mona Manager', email: 'mona@practice.example' })).status).toBe(403);

    // Taken off: the address printed after his sign-in is dead, and he is not put back on the list.
    const dansNext = printed.at(-1);
    expect(dansNext?.forWhom).toBe('Dan Reyes (dan@practice.example)');
    expect((await as(monaAccess, 'people/remove', { email: 'dan@practice.example' })).status).toBe(200);
    const back = await signIn(tokenOf(dansNext), { name: 'Dan Reyes', email: 'dan@practice.example' });
    expect(back.status).toBe(403);
    expect(await back.json()).toEqual({ error: editorCatalogue.LocalAddressTakenOff() });
    expect((await list()).map((p) => p.email)).toEqual(['mona@practice.example']);
  });

  it('on this computer: started again with people on the list, the first address is for its first manager only', async () => {
    await db.exec(`truncate public.editors; insert into public.editors (email, name, manages_people) values ('chloe@practice.example', 'Chloe Anderson', false), ('karen@practice.example', 'Karen Mills', true)`);
    const { printed, tokenOf, signIn, list } = await onThisComputer();
    expect(printed.map((p) => p.forWhom)).toEqual(['Karen Mills (karen@practice.example)']);
    expect((await signIn(tokenOf(printed[0]), { name: 'New Person', email: 'new@practice.example' })).status).toBe(403);
    expect((await signIn(tokenOf(printed[0]), { name: 'Chloe Anderson', email: 'chloe@practice.example' })).status).toBe(403);
    expect((await signIn(tokenOf(printed[0]), { name: 'Karen Mills', email: 'karen@practice.example' })).status).toBe(200);
    expect((await list()).map((p) => p.email)).toEqual(['chloe@practice.example', 'karen@practice.example']);
  });

  it('says who is signed in, as the editors list names them', async () => {
    expect(await call('me', { as: karen })).toEqual({ status: 200, body: { email: 'karen@practice.example', name: 'Karen Mills', mayPublish: true, managesPeople: false } });
  });
});

describe('a draft in the database, published as one commit by its author', () => {
  it('keeps the change as a draft across requests, then publishes one commit with the message, the author and a one-line diff', async () => {
    expect((await changeClosing(karen, '18:00')).status).toBe(200);
    // A later request (another page load, another day) finds the draft; the website is unchanged meanwhile.
    expect(String((await call('document', { as: karen })).body.text)).toContain('closes: "18:00"');
    expect(head()).toBe(seed);
    // Chloe has no draft: she sees the website's version.
    expect((await call('document', { as: chloe })).body.text).toBe(published);
    expect((await call('review', { as: karen })).body.changes).toHaveLength(1);

    const done = await call('publish', { as: karen, body: { message: 'Later closing on weekdays', author: 'Typed By Someone Else' } });
    expect(done).toMatchObject({ status: 200, body: { ok: true } });
    expect(gitIn(bare, ['log', '--format=%P|%an|%ae|%s', '-1', 'main']).trim()).toBe(`${seed}|Karen Mills|karen@practice.example|Later closing on weekdays`);
    const diff = gitIn(bare, ['show', '--format=', '-U0', 'main']).split('\n');
    expect(diff.filter((l) => /^[-+] /.test(l))).toEqual([
      '-    - { label: Monday to Friday, days: [Monday, Tuesday, Wednesday, Thursday, Friday], opens: "08:30", closes: "17:30" }',
      '+    - { label: Monday to Friday, days: [Monday, Tuesday, Wednesday, Thursday, Friday], opens: "08:30", closes: "18:00" }',
    ]);
    expect(gitIn(bare, ['show', '--format=', '--name-only', 'main']).trim()).toBe('site.yaml');
    expect(await drafts()).toBe(0);
    // The ref was moved forward, never forced.
    expect(github.requests.filter((r) => r.method === 'PATCH').every((r) => (r.body as { force?: boolean }).force === false)).toBe(true);
  });

  it('refuses to publish a draft with problems, and keeps it', async () => {
    const doc = await call('document', { as: karen });
    const broken = String(doc.body.text).replace('closes: "17:30"', 'closes: "25:00"');
    expect((await call('save-text', { as: karen, body: { text: broken, hash: doc.body.hash } })).status).toBe(200);
    const refused = await call('publish', { as: karen, body: { message: 'Impossible hours' } });
    expect(refused.status).toBe(409);
    expect(String(refused.body.error)).toMatch(/^The site has 1 problem/);
    expect(head()).toBe(seed);
    expect((await call('document', { as: karen })).body.text).toBe(broken);
  });

  it('two people at once: different fields both land, nobody is asked', async () => {
    await changeClosing(karen, '18:00');
    await changeFax(chloe, '8377 1300');
    expect((await call('publish', { as: karen, body: { message: 'Later closing' } })).status).toBe(200);
    const second = await call('publish', { as: chloe, body: { message: 'New fax number' } });
    expect(second, logged.join('\n')).toMatchObject({ status: 200, body: { ok: true, merged: true } });
    const now = gitIn(bare, ['show', 'main:site.yaml']);
    expect(now).toContain('closes: "18:00"');
    expect(now).toContain('fax: "8377 1300"');
    expect(gitIn(bare, ['log', '--format=%an', `${seed}..main`]).trim().split('\n')).toEqual(['Chloe Anderson', 'Karen Mills']);
  });

  it('two people at once, the same field: the second is shown both values and chooses; nothing is lost', async () => {
    await changeClosing(karen, '18:00');
    await changeClosing(chloe, '19:00');
    expect((await call('publish', { as: karen, body: { message: 'Closing at six' } })).status).toBe(200);
    const karens = head();
    const asked = await call('publish', { as: chloe, body: { message: 'Closing at seven' } });
    expect(asked.status).toBe(409);
    expect(asked.body.conflicts).toMatchObject([{ mine: '19:00', theirs: '18:00', by: 'Karen Mills' }]);
    expect(head()).toBe(karens);
    // Chloe's draft is still there to choose from.
    expect(String((await call('document', { as: chloe })).body.text)).toContain('closes: "19:00"');
    const key = (asked.body.conflicts as { key: string }[])[0].key;
    expect((await call('publish', { as: chloe, body: { message: 'Closing at seven', choices: { [key]: 'mine' } } })).status).toBe(200);
    expect(gitIn(bare, ['show', 'main:site.yaml'])).toContain('closes: "19:00"');
    expect(gitIn(bare, ['rev-parse', 'main~1']).trim()).toBe(karens);
  });
});

describe('files staff upload', () => {
  const pngOf = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();

  it('refuses a name that holds a folder, and a file that is not what its name says; stores nothing', async () => {
    const png = new Uint8Array(await pngOf());
    for (const name of ['../site.yaml', 'public/../../etc/passwd', 'images\\x.png']) {
      const refused = await call(`upload?name=${encodeURIComponent(name)}`, { as: karen, bytes: png });
      expect(refused.status).toBe(400);
    }
    const pretend = await call('upload?name=photo.png', { as: karen, bytes: new TextEncoder().encode('#!/bin/sh\necho not a picture\n') });
    expect(pretend).toEqual({ status: 415, body: { error: '"photo.png" is not a picture (JPEG, PNG, WebP, AVIF) or a PDF. Save it in one of those formats and choose it again.' } });
    expect(await drafts()).toBe(0);
  });

  it('publishes an uploaded picture the content uses, in the same commit, under public/ only', async () => {
    const uploaded = await call('upload?name=New Doctor.png', { as: karen, bytes: new Uint8Array(await pngOf()) });
    expect(uploaded.status).toBe(200);
    const href = String(uploaded.body.href);
    expect(href).toMatch(/^\/images\/new-doctor-[0-9a-f]{6}\.png$/);
    const doc = await call('document', { as: karen });
    const text = String(doc.body.text);
    const value = valueOfText(text) as { entities: { doctors: { image?: unknown }[] } };
    const next = structuredClone(value);
    next.entities.doctors[0].image = { src: href, alt: 'Dr Amelia Hart', width: 8, height: 8 };
    expect((await call('ops', { as: karen, body: { ops: opsFor(value, next), hash: doc.body.hash } })).status).toBe(200);
    expect((await call('publish', { as: karen, body: { message: 'A photo for Dr Hart' } })).status).toBe(200);
    expect(gitIn(bare, ['show', '--format=', '--name-only', 'main']).trim().split('\n').sort()).toEqual([`public${href}`, 'site.yaml']);
  });
});

describe('what reaches a commit', () => {
  const pngOf = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer();
  const committed = () => gitIn(bare, ['show', '--format=', '--name-only', 'main']).trim().split('\n').sort();

  it('the whole attack: files planted through the REST API are refused, and a comment naming files commits none of them', async () => {
    // What POST /rest/v1/editor_draft_files does with Karen's own sign-in: role authenticated, her claims.
    for (const path of ['public/sw.js', 'public/images/x.html', 'public/images/x.js']) {
      const planted = await db.transaction(async (tx) => {
        await tx.exec('set local role authenticated');
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(karen)]);
        await tx.query(`insert into public.editor_draft_files (user_id, email, path, content) values ($1, $2, $3, '\\x3c736372697074')`, [karen.sub, karen.email, path]);
      }).then(() => 'written', (error: Error) => error.message);
      expect(planted, path).toMatch(/^permission denied/);
    }
    // A real upload, named by a comment only, and the planted names in comments too.
    const uploaded = await call('upload?name=unused.png', { as: karen, bytes: new Uint8Array(await pngOf()) });
    expect(uploaded.status).toBe(200);
    const doc = await call('document', { as: karen });
    const text = `# ${String(uploaded.body.href)} /sw.js /images/x.html /images/x.js\n${String(doc.body.text).replace('closes: "17:30"', 'closes: "18:00"')}`;
    expect((await call('save-text', { as: karen, body: { text, hash: doc.body.hash } })).status).toBe(200);
    expect((await call('publish', { as: karen, body: { message: 'Later closing' } })).status).toBe(200);
    expect(committed()).toEqual(['site.yaml']);
  });

  it('checks each file again by its bytes: an upload whose bytes became a page is not published', async () => {
    const uploaded = await call('upload?name=Dr Hart.png', { as: karen, bytes: new Uint8Array(await pngOf()) });
    const href = String(uploaded.body.href);
    const doc = await call('document', { as: karen });
    const value = valueOfText(String(doc.body.text)) as { entities: { doctors: { image?: unknown }[] } };
    const next = structuredClone(value);
    next.entities.doctors[0].image = { src: href, alt: 'Dr Amelia Hart', width: 8, height: 8 };
    expect((await call('ops', { as: karen, body: { ops: opsFor(value, next), hash: doc.body.hash } })).status).toBe(200);
    // Bytes changed past every check of the upload (as the database's owner could).
    await db.query(`update public.editor_draft_files set content = convert_to('<script>alert(1)</script>', 'UTF8')`);
    const refused = await call('publish', { as: karen, body: { message: 'A photo for Dr Hart' } });
    expect(refused).toEqual({ status: 409, body: { error: `public${href} does not hold what its name says. Nothing was published. Your work is kept as a draft; nothing is lost. Upload the file again from the form, then press Publish.` } });
    expect(head()).toBe(seed);
  });

  it('refuses a picture larger than 6,000 pixels on a side, however few bytes it has', async () => {
    const huge = await sharp({ create: { width: 16_000, height: 16_000, channels: 3, background: '#ffffff' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const refused = await call('upload?name=huge.png', { as: karen, bytes: new Uint8Array(huge) });
    expect(refused).toEqual({ status: 413, body: { error: '"huge.png" is 16000 × 16000 pixels; a picture may be at most 6000 pixels on its longer side. Make it smaller in a photo program and choose it again.' } });
    expect(await drafts()).toBe(0);
  });

  it('refuses a description or a sign-in name that hides text or turns it round', async () => {
    await changeClosing(karen, '18:00');
    for (const message of ['Update hours \u202Egnp.exe', 'Update\u200B hours', 'Hours \u2066x\u2069']) {
      expect(await call('publish', { as: karen, body: { message } })).toEqual({ status: 400, body: { error: 'The description holds an invisible control character (perhaps pasted from another program). Type the description again, then press Publish.' } });
    }
    expect(head()).toBe(seed);
    await expect(db.query(`insert into public.editors (email, name) values ('eve@practice.example', 'Eve \u202Eevil')`)).rejects.toThrow(/editors_name_no_hidden_marks/);
  });

  it('answers a request nested past any change with 400 in words, and no 500 says anything of the insides', async () => {
    const doc = await call('document', { as: karen });
    const nested = `{"ops":[{"op":"set","path":["practice","name"],"value":${'['.repeat(5000)}"x"${']'.repeat(5000)}}],"hash":"${String(doc.body.hash)}"}`;
    const res = await handler(new Request(FN + 'ops', {
      method: 'POST', body: nested, headers: { origin: ORIGIN, 'content-type': 'application/json', authorization: `Bearer ${await signJwt(karen, SECRET)}` },
    }));
    expect({ status: res.status, body: await res.json() as unknown }).toEqual({ status: 400, body: { error: 'That change nests lists or entries deeper than the website ever does, so it was not read. Nothing was changed. Reload the page; if this happens again, tell the person who looks after the website.' } });
    const deepYaml = `${'['.repeat(20_000)}${']'.repeat(20_000)}\n`;
    const yamlAnswer = await call('save-text', { as: karen, body: { text: deepYaml, hash: doc.body.hash } });
    expect(yamlAnswer.status).toBeLessThan(500);
    expect(await drafts()).toBeLessThanOrEqual(1);
  });
});

describe('a body sent without its length', () => {
  it('is read only up to the limit: a change past 1 MB, sent in pieces, is refused with 413 in words and nothing is kept', async () => {
    let sent = 0;
    const piece = new TextEncoder().encode(`{"text":"${'x'.repeat(64 * 1024)}`);
    // A stream that would go on for ever: only a reader that stops at the limit ends this request.
    const body = new ReadableStream<Uint8Array>({ pull(controller) { sent += piece.length; controller.enqueue(piece); } });
    const res = await handler(new Request(FN + 'save-text', {
      method: 'POST', body, duplex: 'half', headers: { origin: ORIGIN, 'content-type': 'application/json', authorization: `Bearer ${await signJwt(karen, SECRET)}` },
    } as RequestInit));
    expect({ status: res.status, body: await res.json() as unknown }).toEqual({ status: 413, body: { error: 'That change is larger than 1 MB, the most the editor takes at once. Reload the page; if this happens again, tell the person who looks after the website.' } });
    expect(sent).toBeLessThan(2 * 1024 * 1024);
    expect(await drafts()).toBe(0);
  });
});

describe('a save made while Publish is sending', () => {
  it.each([0, 50, 200, 500])('is kept, in the commit or in the draft, when sent %i ms into the publish', async (delay) => {
    expect((await changeClosing(karen, '18:00')).status).toBe(200);
    const fax = `8377 13${String(delay).padStart(2, '0').slice(-2)}`;
    const publishing = call('publish', { as: karen, body: { message: 'Later closing' } });
    await new Promise((r) => setTimeout(r, delay));
    const saved = await changeFax(karen, fax);
    expect(saved.status).toBe(200);
    expect((await publishing).status).toBe(200);
    expect(gitIn(bare, ['show', 'main:site.yaml'])).toContain('closes: "18:00"');
    const inCommit = gitIn(bare, ['show', 'main:site.yaml']).includes(`fax: "${fax}"`);
    const inDraft = String((await call('document', { as: karen })).body.text).includes(`fax: "${fax}"`);
    expect(inCommit || inDraft).toBe(true);
    if (!inCommit) {
      // Review names only the change still to publish, and the next publish sends it.
      const review = await call('review', { as: karen });
      expect((review.body.changes as { words: string }[]).map((c) => c.words)).toEqual([expect.stringContaining(fax)]);
      expect((await call('publish', { as: karen, body: { message: 'New fax' } })).status).toBe(200);
      expect(gitIn(bare, ['show', 'main:site.yaml'])).toContain(`fax: "${fax}"`);
    }
    expect(await drafts()).toBe(0);
  });
});

describe('a note added in the YAML view', () => {
  it('is published when a colleague published another change meanwhile, not dropped as "nothing new"', async () => {
    const doc = await call('document', { as: karen });
    const noted = String(doc.body.text).replace(/^hours:/m, '# Winter hours from June: ask Karen\nhours:');
    expect((await call('save-text', { as: karen, body: { text: noted, hash: doc.body.hash } })).status).toBe(200);
    await changeFax(chloe, '8377 1300');
    expect((await call('publish', { as: chloe, body: { message: 'New fax number' } })).status).toBe(200);
    expect(await call('publish', { as: karen, body: { message: 'A note on the hours' } })).toMatchObject({ status: 200, body: { merged: true } });
    const now = gitIn(bare, ['show', 'main:site.yaml']);
    expect(now).toContain('# Winter hours from June: ask Karen\nhours:');
    expect(now).toContain('fax: "8377 1300"');
  });
});

describe('a conflict settled with "Keep theirs"', () => {
  it('stays settled: the draft shows their value, Review is empty, and an unrelated publish later asks nothing', async () => {
    await changeClosing(karen, '18:00');
    await changeClosing(chloe, '19:00');
    expect((await call('publish', { as: karen, body: { message: 'Closing at six' } })).status).toBe(200);
    const asked = await call('publish', { as: chloe, body: { message: 'Closing at seven' } });
    const key = (asked.body.conflicts as { key: string }[])[0].key;
    const kept = await call('publish', { as: chloe, body: { message: 'Closing at seven', choices: { [key]: 'theirs' } } });
    expect(kept).toEqual({ status: 409, body: { error: 'There is nothing new to publish: the website already has these contents. The editor now shows the website\'s version.', settled: true } });
    expect(String((await call('document', { as: chloe })).body.text)).toContain('closes: "18:00"');
    expect((await call('review', { as: chloe })).body.changes).toEqual([]);
    // Her next change, of another field, publishes alone: the settled closing time never comes back.
    expect((await changeFax(chloe, '8377 1300')).status).toBe(200);
    expect(await call('publish', { as: chloe, body: { message: 'New fax number' } })).toMatchObject({ status: 200 });
    const now = gitIn(bare, ['show', 'main:site.yaml']);
    expect(now).toContain('closes: "18:00"');
    expect(now).toContain('fax: "8377 1300"');
    expect(await drafts()).toBe(0);
  });
});

describe('approval: Chloe may not publish, Karen may', () => {
  beforeEach(async () => { await db.exec(`reset role; update public.editors set may_publish = false where email = 'chloe@practice.example'`); });
  const lastCommit = () => gitIn(bare, ['log', '-1', '--format=%an <%ae>|%B', 'main']).trim();

  it('Chloe cannot publish; she asks, Karen sees it in words, approves, and it is published with both names', async () => {
    expect((await changeFax(chloe, '08 8377 1300')).status).toBe(200);
    expect(await call('publish', { as: chloe, body: { message: 'New fax' } })).toEqual({ status: 403, body: { error: 'Your changes go on the website once a colleague who may publish approves them: press "Ask for approval".' } });
    expect(await call('approval/ask', { as: chloe, body: { message: ' New  fax number ' } })).toEqual({ status: 200, body: { asked: true } });
    expect((await call('me', { as: chloe })).body).toMatchObject({ mayPublish: false, asked: { message: 'New fax number' } });
    // Chloe sees no one's requests; Karen sees hers, in the Review's words.
    expect((await call('approvals', { as: chloe })).status).toBe(403);
    const listed = await call('approvals', { as: karen });
    const [request] = listed.body.requests as { author: string; version: string; name: string; message: string; changes: { words: string }[] }[];
    expect({ name: request.name, message: request.message, changes: request.changes.map((c) => c.words) }).toEqual({ name: 'Chloe Anderson', message: 'New fax number', changes: ['Contact > Fax number: 8377 1299 -> 08 8377 1300'] });
    expect(head()).toBe(seed);
    const approved = await call('approvals/approve', { as: karen, body: { author: request.author, version: request.version } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(lastCommit()).toBe('Chloe Anderson <chloe@practice.example>|New fax number\n\nApproved-by: Karen Mills <karen@practice.example>');
    expect(gitIn(bare, ['show', 'main:site.yaml'])).toContain('fax: "08 8377 1300"');
    // Done: no request left, and Chloe's draft is gone with it.
    expect((await call('approvals', { as: karen })).body.requests).toEqual([]);
    expect(await drafts()).toBe(0);
  });

  it('a request made on an older version is merged field by field, and a clash is put to the approver with both values', async () => {
    expect((await changeClosing(chloe, '18:30')).status).toBe(200);
    await call('approval/ask', { as: chloe, body: { message: 'Later closing' } });
    // Meanwhile Karen publishes a closing time of her own.
    expect((await changeClosing(karen, '19:00')).status).toBe(200);
    expect((await call('publish', { as: karen, body: { message: 'Closing at 7' } })).status).toBe(200);
    const [request] = (await call('approvals', { as: karen })).body.requests as { author: string; version: string }[];
    const clash = await call('approvals/approve', { as: karen, body: { author: request.author, version: request.version } });
    expect(clash.status, JSON.stringify(clash.body)).toBe(409);
    const [conflict] = clash.body.conflicts as { key: string; mine: string; theirs: string }[];
    expect({ mine: conflict.mine, theirs: conflict.theirs }).toMatchObject({ mine: expect.stringContaining('18:30'), theirs: expect.stringContaining('19:00') });
    const chosen = await call('approvals/approve', { as: karen, body: { author: request.author, version: request.version, choices: { [conflict.key]: 'mine' } } });
    expect(chosen.status).toBe(200);
    expect(gitIn(bare, ['show', 'main:site.yaml'])).toContain('closes: "18:30"');
  });

  it('Karen sends it back with a note, which Chloe sees; a change after asking takes the request back', async () => {
    await changeFax(chloe, '08 8377 1300');
    await call('approval/ask', { as: chloe, body: { message: 'New fax number' } });
    const [request] = (await call('approvals', { as: karen })).body.requests as { author: string }[];
    expect(await call('approvals/return', { as: karen, body: { author: request.author, note: '' } })).toEqual({ status: 400, body: { error: 'Write a note saying what Chloe Anderson should change, then press Send back.' } });
    expect((await call('approvals/return', { as: karen, body: { author: request.author, note: 'The fax number is 8377 1301.' } })).status).toBe(200);
    expect((await call('me', { as: chloe })).body).toMatchObject({ returned: { note: 'The fax number is 8377 1301.', by: 'Karen Mills' } });
    expect(await call('approvals/approve', { as: karen, body: { author: request.author } })).toEqual({ status: 404, body: { error: 'That request is no longer there: it was changed, approved or sent back meanwhile. The list has been refreshed.' } });
    await call('approval/ask', { as: chloe, body: { message: 'New fax number' } });
    await changeFax(chloe, '08 8377 1301');
    expect((await call('approvals', { as: karen })).body.requests).toEqual([]);
    expect(head()).toBe(seed);
  });
});
