// Only an invited account may edit: the function asks Supabase Auth's admin endpoint about the account, here answered
// by the Supabase stand-in as GoTrue answers it, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitedAccounts, KEEP_MS } from '../../../server/editor/accounts.ts';
import { NOT_INVITED, supabaseProject, verifyJwt } from '../../../server/editor/auth.ts';
import { AuthError, type Claims } from '../../../server/editor/claims.ts';
import { NO_SERVER_KEY, serverKeyFrom, serverKeyHeaders } from '../../../server/serverKey.ts';
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

  it('cannot be asked without the project\'s secret key, and says what to check', async () => {
    const id = supabase.addUser('nadia@practice.example', 'pw');
    await expect(invitedAccounts(supabase.url, 'the-publishable-key').invited(person(id))).rejects.toThrow(
      'Supabase Auth did not say whether this account was invited (it answered 403). Check that the function\'s SUPABASE_SECRET_KEYS (or SUPABASE_SERVICE_ROLE_KEY) holds the project\'s secret key; if it does, try again in a minute.',
    );
    await expect(invitedAccounts(supabase.url, 'sb_secret_not_this_projects').invited(person(id))).rejects.toThrow(/it answered 401/);
    expect(() => invitedAccounts(supabase.url, '')).toThrow(`The project's secret key is empty: the editor cannot ask Supabase Auth whether an account was invited. ${NO_SERVER_KEY}`);
  });

  it('is asked with a secret key of the new kind as with the legacy key: in apikey only, as the gateway wants it', async () => {
    const invited = supabase.addUser('olivia@practice.example', 'pw');
    const signedUp = supabase.addUser('other@elsewhere.example', 'pw', { invited: false });
    const accounts = invitedAccounts(supabase.url, supabase.secretKey);
    expect(await accounts.invited(person(invited))).toBe(true);
    expect(await accounts.invited(person(signedUp))).toBe(false);
    expect(serverKeyHeaders(supabase.secretKey)).toEqual({ apikey: supabase.secretKey });
    // Sent as supabase-js sends a legacy key (the bearer token alone, here), the gateway refuses it.
    const bearerOnly = await fetch(`${supabase.url}/auth/v1/admin/users/${invited}`, { headers: { authorization: `Bearer ${supabase.secretKey}` } });
    expect([bearerOnly.status, bearerOnly.headers.get('sb-error-code')]).toEqual([401, 'UNAUTHORIZED_MISSING_API_KEY']);
  });
});

describe('the project\'s secret key, as Supabase gives it to a function', () => {
  const from = (env: Record<string, string>) => serverKeyFrom((name) => env[name]);
  it('is the new kind\'s default key when the project has them, else the legacy service role key', () => {
    expect(from({ SUPABASE_SECRET_KEYS: '{"default":"sb_secret_a","ci":"sb_secret_b"}', SUPABASE_SERVICE_ROLE_KEY: 'eyJ.legacy' })).toBe('sb_secret_a');
    expect(from({ SUPABASE_SECRET_KEYS: '{"ci":"sb_secret_b"}' })).toBe('sb_secret_b');
    expect(from({ SUPABASE_SECRET_KEYS: 'not json', SUPABASE_SERVICE_ROLE_KEY: 'eyJ.legacy' })).toBe('eyJ.legacy');
    expect(from({ SUPABASE_SECRET_KEYS: '{}', SUPABASE_SECRET_KEY: 'sb_secret_c' })).toBe('sb_secret_c');
    expect(from({ SUPABASE_SERVICE_ROLE_KEY: 'eyJ.legacy' })).toBe('eyJ.legacy');
    expect(from({})).toBeUndefined();
    expect(serverKeyHeaders('eyJ.legacy')).toEqual({ apikey: 'eyJ.legacy', authorization: 'Bearer eyJ.legacy' });
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
