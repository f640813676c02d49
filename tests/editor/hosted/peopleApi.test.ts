// The People list through the editor's function, as a browser calls it: signed in with tokens signed as Supabase
// signs them (ES256, the stand-in's published key), invitations sent to Supabase Auth's invite endpoint (the
// stand-in, speaking its recorded shapes), the editors on a real Postgres (PGlite) with the migrations.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSiteEditorHandler } from '../../../server/editor/hostedHandler.ts';
import { pgliteAsPerson } from '../../../server/local/editorDb.ts';
import { migrate } from '../../../server/local/feedbackStore.ts';
import { supabaseInvitations, type Invitations } from '../../../server/editor/accounts.ts';
import { supabaseProject } from '../../../server/editor/auth.ts';
import type { GitHost } from '../../../server/editor/gitHost.ts';
import { sqlEditorDb } from '../../../server/editor/sqlEditorDb.ts';
import { startAuthStandIn, type AuthStandIn } from './authStandIn.ts';
import { limit } from '../../../bench/machineSpeed.ts';

const ORIGIN = 'https://www.practice.example';
const karen = { sub: '11111111-1111-4111-8111-111111111111', email: 'karen@practice.example' };
const sam = { sub: '22222222-2222-4222-8222-222222222222', email: 'sam@practice.example' };
const mei = { sub: '55555555-5555-4555-8555-555555555555', email: 'mei.lin@practice.example' };
/** The People list asks nothing of the Git host. */
const noHost = new Proxy({}, { get: () => () => Promise.reject(new Error('The Git host was not to be asked.')) }) as GitHost;

let db: PGlite;
let auth: AuthStandIn;
let invitations: Invitations;
let handler: (request: Request) => Promise<Response>;
const logged: string[] = [];
beforeAll(async () => {
  db = new PGlite();
  await migrate(db);
  auth = await startAuthStandIn();
  invitations = supabaseInvitations(auth.url, auth.serviceRoleKey);
  handler = createSiteEditorHandler({
    secret: '', keys: supabaseProject(auth.url, auth.serviceRoleKey), db: sqlEditorDb(pgliteAsPerson(db)), host: noHost, siteFile: 'site.yaml',
    allowedOrigins: [ORIGIN], invitations: { invite: (person, adminUrl) => invitations.invite(person, adminUrl), signInLink: (person, adminUrl) => invitations.signInLink(person, adminUrl) }, log: (message) => void logged.push(message),
  });
}, limit(60_000));
afterAll(async () => { await auth?.close(); await db?.close(); });
beforeEach(async () => {
  auth.invitations.length = 0;
  auth.madeLinks.length = 0;
  logged.length = 0;
  invitations = supabaseInvitations(auth.url, auth.serviceRoleKey);
  await db.exec(`reset role; truncate public.editors, public.editor_drafts, public.editor_draft_files;
    insert into public.editors (email, name, manages_people) values ('karen@practice.example', 'Karen Mills', true), ('sam@practice.example', 'Sam Ortiz', false);`);
});

async function call(who: { sub: string; email: string }, action: string, body?: unknown) {
  const res = await handler(new Request(`http://127.0.0.1/functions/v1/site-editor/${action}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: ORIGIN, authorization: `Bearer ${auth.token(who)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const names = (answer: { body: Record<string, unknown> }) => (answer.body.people as { name: string; managesPeople: boolean }[]).map((p) => `${p.name}${p.managesPeople ? ' (manages people)' : ''}`);

describe('a person who manages people', () => {
  it('invites a colleague: Supabase Auth sends the e-mail, leading to /admin, and the colleague is on the list', async () => {
    const invited = await call(karen, 'people/invite', { name: ' Mei  Lin ', email: 'Mei.Lin@Practice.example', managesPeople: false });
    expect(invited.status).toBe(200);
    expect(invited.body.invited).toEqual({ email: 'mei.lin@practice.example', name: 'Mei Lin', sent: 'sent' });
    expect(names(invited)).toEqual(['Karen Mills (manages people)', 'Mei Lin', 'Sam Ortiz']);
    expect(auth.invitations).toEqual([{ email: 'mei.lin@practice.example', data: { name: 'Mei Lin' }, redirectTo: `${ORIGIN}/admin/` }]);
    // Mei signs in from the e-mail: she edits, and may not manage people.
    expect((await call(mei, 'me')).body).toEqual({ email: 'mei.lin@practice.example', name: 'Mei Lin', mayPublish: true, managesPeople: false });
  });

  it('invites a colleague whose changes wait for approval (may not publish), and lets them publish later', async () => {
    expect((await call(karen, 'people/invite', { name: 'Mei Lin', email: 'mei.lin@practice.example', mayPublish: false })).status).toBe(200);
    expect((await call(mei, 'me')).body).toMatchObject({ mayPublish: false, managesPeople: false });
    expect((await call(karen, 'people/change', { email: 'mei.lin@practice.example', mayPublish: true, managesPeople: false })).status).toBe(200);
    expect((await call(mei, 'me')).body).toMatchObject({ mayPublish: true });
  });

  it('is told when the address is on the list already, and when it has an account (who then signs in as elsewhere)', async () => {
    expect(await call(karen, 'people/invite', { name: 'Sam', email: 'sam@practice.example' })).toEqual({ status: 409, body: { error: 'sam@practice.example is on the list already.' } });
    auth.token(mei);
    const again = await call(karen, 'people/invite', { name: 'Mei Lin', email: 'mei.lin@practice.example' });
    expect(again.body.invited).toEqual({ email: 'mei.lin@practice.example', name: 'Mei Lin', sent: 'has an account' });
  });

  it('adds nobody when the invitation cannot be sent, and says so', async () => {
    invitations = supabaseInvitations(auth.url, 'a-wrong-key');
    const refused = await call(karen, 'people/invite', { name: 'Mei Lin', email: 'mei.lin@practice.example' });
    expect(refused).toEqual({ status: 502, body: { error: 'The invitation to mei.lin@practice.example could not be sent, so they were not added. Supabase Auth did not send the invitation (it answered 401: This endpoint requires a valid Bearer token). Try again in a minute; if it happens again, tell the person who looks after the website.' } });
    expect(names(await call(karen, 'people'))).toEqual(['Karen Mills (manages people)', 'Sam Ortiz']);
  });

  it('makes a sign-in link for a colleague whose e-mail does not arrive, leading to /admin, and records who made it for whom', async () => {
    auth.token(sam);
    const made = await call(karen, 'people/link', { email: ' Sam@Practice.example ' });
    expect(made.status).toBe(200);
    expect(made.body).toEqual({ link: `http://stand-in/auth/v1/verify?token=made1&type=magiclink&redirect_to=${encodeURIComponent(`${ORIGIN}/admin/`)}`, name: 'Sam Ortiz', email: 'sam@practice.example' });
    expect(auth.madeLinks).toEqual([{ email: 'sam@practice.example', type: 'magiclink', redirectTo: `${ORIGIN}/admin/` }]);
    expect(logged).toEqual(['karen@practice.example made a sign-in link for sam@practice.example.']);
    // Nobody off the list, not the manager themself, and not when Auth refuses; none of them recorded as made.
    expect(await call(karen, 'people/link', { email: 'eve@practice.example' })).toEqual({ status: 404, body: { error: 'eve@practice.example is not on the list (perhaps taken off meanwhile). The list has been refreshed.' } });
    expect((await call(karen, 'people/link', { email: 'karen@practice.example' })).status).toBe(409);
    invitations = supabaseInvitations(auth.url, 'a-wrong-key');
    expect(await call(karen, 'people/link', { email: 'sam@practice.example' })).toEqual({ status: 502, body: { error: 'No sign-in link could be made for sam@practice.example. Supabase Auth did not make a sign-in link (it answered 401: This endpoint requires a valid Bearer token). Try again in a minute.' } });
    expect(logged).toHaveLength(1);
    expect(await call(sam, 'people/link', { email: 'karen@practice.example' })).toEqual({ status: 403, body: { error: 'Only a colleague who may manage people can see or change the list of people. Ask the practice manager.' } });
  });

  it('gives a colleague the right to manage people, and takes a colleague off; not themself', async () => {
    expect(names(await call(karen, 'people/change', { email: 'sam@practice.example', managesPeople: true }))).toEqual(['Karen Mills (manages people)', 'Sam Ortiz (manages people)']);
    expect(names(await call(karen, 'people/remove', { email: 'sam@practice.example' }))).toEqual(['Karen Mills (manages people)']);
    expect(await call(sam, 'me')).toEqual({ status: 403, body: { error: 'You are signed in as sam@practice.example, which is not on the list of people who may edit this website. Ask the practice manager to add you.', signIn: false } });
    expect(await call(karen, 'people/remove', { email: 'karen@practice.example' })).toEqual({ status: 409, body: { error: 'You cannot change or take off yourself: ask another colleague who manages people.' } });
    expect(await call(karen, 'people/remove', { email: 'sam@practice.example' })).toEqual({ status: 404, body: { error: 'sam@practice.example is not on the list (perhaps taken off meanwhile). The list has been refreshed.' } });
  });
});

describe('a colleague who does not manage people', () => {
  it('cannot see or change the list', async () => {
    const refused = { status: 403, body: { error: 'Only a colleague who may manage people can see or change the list of people. Ask the practice manager.' } };
    expect(await call(sam, 'people')).toEqual(refused);
    expect(await call(sam, 'people/invite', { name: 'Eve', email: 'eve@practice.example', managesPeople: true })).toEqual(refused);
    expect(await call(sam, 'people/change', { email: 'sam@practice.example', managesPeople: true })).toEqual(refused);
    expect(auth.invitations).toEqual([]);
  });
});

describe('a new site', () => {
  it('admits the first invited account that signs in, with every right, named from its address; nobody after it', async () => {
    await db.exec('truncate public.editors');
    expect((await call(mei, 'me')).body).toEqual({ email: 'mei.lin@practice.example', name: 'Mei Lin', mayPublish: true, managesPeople: true });
    expect((await call(sam, 'me')).status).toBe(403);
  });
});
