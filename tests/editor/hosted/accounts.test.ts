// Only an invited account may edit: the function asks Supabase Auth's admin endpoint about the account, here answered
// by the Supabase stand-in as GoTrue answers it, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitedAccounts, KEEP_MS } from '../../../supabase/functions/_shared/editor/accounts.ts';
import { NOT_INVITED, supabaseProject, verifyJwt } from '../../../supabase/functions/_shared/editor/auth.ts';
import { AuthError, type Claims } from '../../../supabase/functions/_shared/editor/claims.ts';
import { startSupabaseStandIn, type SupabaseStandIn } from './supabaseStandIn.ts';

const SECRET = 'the-projects-legacy-jwt-secret-at-least-32-characters';
let supabase: SupabaseStandIn;

beforeAll(async () => {
  supabase = await startSupabaseStandIn({ secret: SECRET, siteOrigin: 'https://www.practice.example', functions: {} });
});
afterAll(() => supabase?.close());

const person = (sub: string): Claims => ({ sub, email: 'someone@practice.example', role: 'authenticated', aud: 'authenticated', exp: 4_102_444_800 });

/** A sign-in as the browser makes it: e-mail and password to Auth, which answers with a session. */
async function signIn(email: string, password: string): Promise<string> {
  const res = await fetch(`${supabase.url}/auth/v1/token?grant_type=password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('whether an account was invited, as Supabase Auth knows it', () => {
  it('is yes for an invited account, and no for one made by signing up, one that does not exist, or one barred now', async () => {
    const accounts = invitedAccounts(supabase.url, supabase.serviceRoleKey);
    const invited = supabase.addUser('karen@practice.example', 'pw');
    const signedUp = supabase.addUser('impostor@elsewhere.example', 'pw', { invited: false });
    const barred = supabase.addUser('left@practice.example', 'pw');
    supabase.ban(barred, new Date(Date.now() + 24 * 3600_000));
    const barredOnce = supabase.addUser('back@practice.example', 'pw');
    supabase.ban(barredOnce, new Date(Date.now() - 3600_000));
    expect(await accounts.invited(person(invited))).toBe(true);
    expect(await accounts.invited(person(signedUp))).toBe(false);
    expect(await accounts.invited(person('00000000-0000-4000-8000-000000000000'))).toBe(false);
    expect(await accounts.invited(person(barred))).toBe(false);
    expect(await accounts.invited(person(barredOnce))).toBe(true);
  });

  it('is asked once per account in a minute, then again', async () => {
    let clock = Date.now();
    const accounts = invitedAccounts(supabase.url, supabase.serviceRoleKey, fetch, () => clock);
    const id = supabase.addUser('chloe@practice.example', 'pw');
    const asked = () => supabase.adminAsked.filter((a) => a === id).length;
    await accounts.invited(person(id));
    await accounts.invited(person(id));
    clock += KEEP_MS - 1;
    await accounts.invited(person(id));
    expect(asked()).toBe(1);
    clock += 1;
    await accounts.invited(person(id));
    expect(asked()).toBe(2);
  });

  it('cannot be asked without the service role key, and says what to check', async () => {
    const id = supabase.addUser('nadia@practice.example', 'pw');
    await expect(invitedAccounts(supabase.url, 'the-publishable-key').invited(person(id))).rejects.toThrow(
      'Supabase Auth did not say whether this account was invited (it answered 403). Check that SUPABASE_SERVICE_ROLE_KEY is the project\'s service role key; if it is, try again in a minute.',
    );
    expect(() => invitedAccounts(supabase.url, '')).toThrow(/SUPABASE_SERVICE_ROLE_KEY is empty/);
  });
});

describe('a sign-in from the project', () => {
  it('passes for an invited account, and is refused in words for one that signed up with a staff member\'s address', async () => {
    const project = supabaseProject(supabase.url, supabase.serviceRoleKey);
    const tom = supabase.addUser('tom@practice.example', 'correct horse battery staple');
    expect(await verifyJwt(await signIn('tom@practice.example', 'correct horse battery staple'), { secret: SECRET, keys: project })).toMatchObject({ sub: tom, email: 'tom@practice.example' });
    supabase.addUser('reception@practice.example', 'signed up by someone else', { invited: false });
    const token = await signIn('reception@practice.example', 'signed up by someone else');
    await expect(verifyJwt(token, { secret: SECRET, keys: project })).rejects.toEqual(new AuthError(403, NOT_INVITED('reception@practice.example')));
  });
});
