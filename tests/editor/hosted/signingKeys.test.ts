// Sign-ins from a Supabase project: HS256 with its legacy secret, ES256 and RS256 with the keys it publishes, its
// issuer, and a key set read again at most once a minute. The key set is served by a stand-in that counts its readers.
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOT_INVITED, publishedKeys, SIGN_IN_AGAIN, signJwt, supabaseProject, verifyJwt, type SigningKeys, type SupabaseProject } from '../../../server/editor/auth.ts';
import { AuthError } from '../../../server/editor/claims.ts';
import { asymmetric, b64url, claims, hs256, jwksStandIn, NOW, publishedJwk } from './tokens.ts';

const SECRET = 'the-projects-legacy-jwt-secret-at-least-32-characters';
const ISSUER = 'https://abcdefghijklmnopqrst.supabase.co/auth/v1';
const JWKS = `${ISSUER}/.well-known/jwks.json`;
const supabase = { ...claims, iss: ISSUER };
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('ec', { namedCurve: 'P-256' });

let jwks: ReturnType<typeof jwksStandIn>;
let invited: boolean;
let project: SupabaseProject;

beforeEach(() => {
  // jose times its key set by the clock: a fake one lets a test step past the minute without waiting for it.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  jwks = jwksStandIn(JWKS);
  jwks.publish([publishedJwk(ec.publicKey, 'ec-1', 'ES256'), publishedJwk(rsa.publicKey, 'rsa-1', 'RS256')]);
  invited = true;
  project = { issuer: ISSUER, keys: publishedKeys(JWKS, jwks.fetch), accounts: { invited: async () => invited } };
});
afterEach(() => vi.useRealTimers());

async function outcome(token: string, signing: SigningKeys = { keys: project }): Promise<unknown> {
  try {
    return await verifyJwt(token, signing, NOW);
  } catch (error) {
    return error;
  }
}
const refusedAgain = { status: 401, message: SIGN_IN_AGAIN };

describe('a token from a Supabase project', () => {
  it('is accepted signed with ES256 or RS256 by a published key, and with HS256 by the legacy secret', async () => {
    expect(await outcome(asymmetric('ES256', ec.privateKey, 'ec-1', supabase))).toEqual(claims);
    expect(await outcome(asymmetric('RS256', rsa.privateKey, 'rsa-1', supabase))).toEqual(claims);
    expect(await outcome(await signJwt(claims, SECRET, ISSUER), { secret: SECRET, keys: project })).toEqual(claims);
    // One read of the key set served both keys; the HS256 token needed none.
    expect(jwks.fetched).toBe(1);
  });

  // Each differs from an accepted token in one thing only. 'and the secret': the function also holds the legacy secret.
  const refused: [string, () => Promise<string> | string, ('and the secret' | undefined)?][] = [
    ['signed by a key that is not published, under a published kid', () => asymmetric('ES256', stranger.privateKey, 'ec-1', supabase)],
    ['naming the RSA key\'s kid with ES256 (a key of another kind)', () => asymmetric('ES256', ec.privateKey, 'rsa-1', supabase)],
    ['from another project (its issuer)', () => asymmetric('ES256', ec.privateKey, 'ec-1', { ...supabase, iss: 'https://zyxwvutsrqponmlkjihg.supabase.co/auth/v1' })],
    ['with no issuer', () => asymmetric('ES256', ec.privateKey, 'ec-1', claims)],
    ['made by npm start, signed with the same secret', () => signJwt(claims, SECRET), 'and the secret'],
    ['for the anon audience', () => asymmetric('ES256', ec.privateKey, 'ec-1', { ...supabase, aud: 'anon' })],
    ['of the anon role (the publishable key)', () => asymmetric('RS256', rsa.privateKey, 'rsa-1', { ...supabase, role: 'anon' })],
    ['of the service role', () => asymmetric('ES256', ec.privateKey, 'ec-1', { ...supabase, role: 'service_role' })],
    ['with no sub', () => asymmetric('ES256', ec.privateKey, 'ec-1', { ...supabase, sub: undefined })],
    ['with no email', () => asymmetric('RS256', rsa.privateKey, 'rsa-1', { ...supabase, email: undefined })],
    ['expired', () => asymmetric('ES256', ec.privateKey, 'ec-1', { ...supabase, exp: NOW / 1000 - 60 })],
    ['HS256 where the project has no legacy secret here', () => signJwt(claims, SECRET, ISSUER)],
    ['HS256 with the published public key as the secret, no legacy secret here', () => hs256(supabase, ec.publicKey.export({ format: 'pem', type: 'spki' }), { alg: 'HS256', typ: 'JWT', kid: 'ec-1' })],
    ['HS256 with the published public key as the secret, beside the legacy secret', () => hs256(supabase, ec.publicKey.export({ format: 'pem', type: 'spki' }), { alg: 'HS256', typ: 'JWT', kid: 'ec-1' }), 'and the secret'],
    ['HS256 with the published key\'s JWK x as the secret', () => hs256(supabase, publishedJwk(ec.publicKey, 'ec-1', 'ES256').x ?? '', { alg: 'HS256', typ: 'JWT', kid: 'ec-1' })],
    ['alg none, naming a published kid', () => `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT', kid: 'ec-1' }))}.${b64url(JSON.stringify(supabase))}.`],
  ];
  it.each(refused)('is refused with a 401 when %s', async (_name, make, secret) => {
    const error = await outcome(await make(), secret ? { secret: SECRET, keys: project } : { keys: project });
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject(refusedAgain);
  });

  it('is refused with a 403 in words when its account was not invited, though the token is valid', async () => {
    invited = false;
    expect(await outcome(asymmetric('ES256', ec.privateKey, 'ec-1', supabase))).toEqual(new AuthError(403, NOT_INVITED(claims.email)));
  });

  it('is not asked about when the token itself is not valid', async () => {
    const asked: string[] = [];
    const watched = { ...project, accounts: { invited: async ({ sub }: { sub: string }) => { asked.push(sub); return true; } } };
    await outcome(asymmetric('ES256', stranger.privateKey, 'ec-1', supabase), { keys: watched });
    expect(asked).toEqual([]);
  });
});

describe('the project\'s published keys', () => {
  it('are read again once for a key id they lack (a rotated key), and the new key verifies', async () => {
    const fresh = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(await outcome(asymmetric('ES256', ec.privateKey, 'ec-1', supabase))).toEqual(claims);
    vi.setSystemTime(NOW + 61_000);
    jwks.publish([publishedJwk(ec.publicKey, 'ec-1', 'ES256'), publishedJwk(fresh.publicKey, 'ec-2', 'ES256')]);
    expect(await outcome(asymmetric('ES256', fresh.privateKey, 'ec-2', supabase))).toEqual(claims);
    expect(jwks.fetched).toBe(2);
    // Both keys are held now: neither needs another read.
    await outcome(asymmetric('ES256', ec.privateKey, 'ec-1', supabase));
    await outcome(asymmetric('ES256', fresh.privateKey, 'ec-2', supabase));
    expect(jwks.fetched).toBe(2);
  });

  it('are read at most once a minute however many unknown key ids arrive', async () => {
    expect(await outcome(asymmetric('ES256', ec.privateKey, 'ec-1', supabase))).toEqual(claims);
    expect(jwks.fetched).toBe(1);
    vi.setSystemTime(NOW + 61_000);
    expect(await outcome(asymmetric('ES256', stranger.privateKey, 'forged-1', supabase))).toMatchObject(refusedAgain);
    expect(jwks.fetched).toBe(2);
    for (const [second, kid] of [[62, 'forged-2'], [90, 'forged-3'], [120, 'forged-4']] as const) {
      vi.setSystemTime(NOW + second * 1000);
      expect(await outcome(asymmetric('ES256', stranger.privateKey, kid, supabase))).toMatchObject(refusedAgain);
    }
    expect(jwks.fetched).toBe(2);
    vi.setSystemTime(NOW + 122_000);
    await outcome(asymmetric('ES256', stranger.privateKey, 'forged-5', supabase));
    expect(jwks.fetched).toBe(3);
  });

  it('that cannot be read make a fault of the setup in words, not a refusal of the person', async () => {
    jwks.failWith(503);
    const error = await outcome(asymmetric('ES256', ec.privateKey, 'ec-1', supabase));
    expect(error).not.toBeInstanceOf(AuthError);
    expect(String(error)).toContain(`The project's signing keys could not be read from ${JWKS}`);
    expect(String(error)).toContain('Check SUPABASE_URL; if it is right, try again in a minute.');
  });

  it('are read from the address of the project SUPABASE_URL names, whose issuer is that address and /auth/v1', async () => {
    const named = supabaseProject('https://abcdefghijklmnopqrst.supabase.co/', 'service-role-key', jwks.fetch);
    expect(named.issuer).toBe(ISSUER);
    const token = asymmetric('ES256', ec.privateKey, 'ec-1', supabase);
    expect(await outcome(token, { keys: { ...named, accounts: project.accounts } })).toEqual(claims);
    expect(jwks.fetched).toBe(1);
  });
});
