import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuthError } from '../../../server/editor/claims.ts';
import { bearerToken, LOCAL_ISSUER, NOT_AN_EDITOR, NOT_INVITED, NOT_SIGNED_IN, SIGN_IN_AGAIN, signJwt, verifyJwt } from '../../../server/editor/auth.ts';
import { b64url, claims, hs256, NOW } from './tokens.ts';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** The claims of a sign-in made on this computer: the fixture's, with the local issuer. */
const local = { ...claims, iss: LOCAL_ISSUER };

async function refusal(token: string, now = NOW): Promise<unknown> {
  try {
    await verifyJwt(token, SECRET, now);
  } catch (error) {
    return error;
  }
  return 'accepted';
}

describe('verifyJwt, for the sign-ins npm start makes (HS256 with its own secret and issuer)', () => {
  it('accepts a token signed with signJwt and gives back its claims', async () => {
    expect(await verifyJwt(await signJwt(claims, SECRET), SECRET, NOW)).toEqual(claims);
  });

  it('accepts a token made by an independent HS256 implementation, byte for byte the same as signJwt makes', async () => {
    const independent = hs256(local, SECRET);
    expect(await signJwt(claims, SECRET)).toBe(independent);
    expect(await verifyJwt(independent, SECRET, NOW)).toEqual(claims);
    // With the extra claims Supabase puts in its access tokens, which are not part of Claims.
    const supabaseLike = hs256({ ...local, app_metadata: { provider: 'email' }, session_id: 'x', is_anonymous: false, nbf: NOW / 1000 - 5 }, SECRET);
    expect(await verifyJwt(supabaseLike, SECRET, NOW)).toEqual(claims);
  });

  it('allows 30 seconds of clock difference, no more', async () => {
    const token = await signJwt(claims, SECRET);
    expect(await verifyJwt(token, SECRET, claims.exp * 1000 + 29_000)).toEqual(claims);
    expect(await refusal(token, claims.exp * 1000 + 30_000)).toEqual(new AuthError(401, SIGN_IN_AGAIN));
  });

  // Each token below differs from an accepted one in one thing only, so each refusal is that one check at work.
  const [header, payload, signature] = hs256(local, SECRET).split('.');
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const refused: [string, () => Promise<string> | string][] = [
    ['an expired token', () => signJwt({ ...claims, exp: NOW / 1000 - 60 }, SECRET)],
    ['a token without exp', () => hs256({ ...local, exp: undefined }, SECRET)],
    ['a token signed with another secret', () => signJwt(claims, 'another-secret-of-the-same-kind-but-not-this-one')],
    ['alg none with no signature', () => `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`],
    ['alg none with the real signature', () => `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.${signature}`],
    ['an HS512 header', () => hs256(local, SECRET, { alg: 'HS512', typ: 'JWT' })],
    ['an RS256 header (the secret used as a public key)', () => hs256(local, SECRET, { alg: 'RS256', typ: 'JWT' })],
    ['an ES256 header where only a secret is known', () => hs256(local, SECRET, { alg: 'ES256', typ: 'JWT', kid: 'k1' })],
    ['an HS256 token signed with a public key as the secret', () => hs256(local, publicKey.export({ format: 'pem', type: 'spki' }))],
    ['a header naming critical extensions', () => hs256(local, SECRET, { alg: 'HS256', typ: 'JWT', crit: ['b64'] })],
    ['a typ other than JWT', () => hs256(local, SECRET, { alg: 'HS256', typ: 'at+jwt' })],
    ['a tampered payload (another person)', () => `${header}.${b64url(JSON.stringify({ ...local, sub: '00000000-0000-4000-8000-000000000000' }))}.${signature}`],
    ['a tampered signature', () => `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`],
    ['no iss', () => hs256(claims, SECRET)],
    ['a Supabase project\'s issuer (a deployed project\'s token, not this computer\'s)', () => signJwt(claims, SECRET, 'https://project.supabase.co/auth/v1')],
    ['aud other than authenticated', () => signJwt({ ...claims, aud: 'anon' }, SECRET)],
    ['aud missing', () => hs256({ ...local, aud: undefined }, SECRET)],
    ['role other than authenticated (the public key)', () => signJwt({ ...claims, role: 'anon' }, SECRET)],
    ['role service_role', () => signJwt({ ...claims, role: 'service_role' }, SECRET)],
    ['a sub that is not a UUID', () => signJwt({ ...claims, sub: 'admin' }, SECRET)],
    ['no sub', () => hs256({ ...local, sub: undefined }, SECRET)],
    ['no email (an anonymous sign-in)', () => signJwt({ ...claims, email: '' }, SECRET)],
    ['nbf in the future', () => hs256({ ...local, nbf: NOW / 1000 + 600 }, SECRET)],
    ['iat that is not a number', () => hs256({ ...local, iat: 'yesterday' }, SECRET)],
    ['a payload that is not an object', () => hs256(['x'], SECRET)],
    ['two parts', () => `${header}.${payload}`],
    ['padding and base64 characters', () => `${header}=.${payload}.${signature}`],
    ['garbage', () => 'not a token at all'],
    ['an empty string', () => ''],
    ['a very long token', () => hs256({ ...local, pad: 'x'.repeat(20_000) }, SECRET)],
  ];
  it.each(refused)('refuses %s with a 401 and the same plain words', async (_name, make) => {
    const error = await refusal(await make());
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ status: 401, message: SIGN_IN_AGAIN });
  });

  it('will not check anything against an empty secret', async () => {
    await expect(verifyJwt(hs256(local, ''), '', NOW)).rejects.toThrow(/JWT secret is empty/);
    await expect(signJwt(claims, '')).rejects.toThrow(/JWT secret is empty/);
  });
});

describe('bearerToken', () => {
  const request = (authorization?: string) => new Request('https://example.com/functions/v1/site-editor', authorization ? { headers: { authorization } } : {});
  it('reads the token of an Authorization: Bearer header', () => {
    expect(bearerToken(request('Bearer abc.def.ghi'))).toBe('abc.def.ghi');
    expect(bearerToken(request('bearer abc.def.ghi'))).toBe('abc.def.ghi');
  });
  it('gives undefined for no header or another scheme', () => {
    expect(bearerToken(request())).toBeUndefined();
    expect(bearerToken(request('Basic dXNlcjpwYXNz'))).toBeUndefined();
    expect(bearerToken(request('Bearer '))).toBeUndefined();
    expect(bearerToken(request('Bearer a b'))).toBeUndefined();
  });
});

describe('the words staff see', () => {
  it('are plain and name what to do', () => {
    expect(NOT_SIGNED_IN).toBe('You are not signed in. Sign in to edit the website.');
    expect(SIGN_IN_AGAIN).toBe('Your sign-in has expired or is not valid. Sign in again; your draft is kept.');
    expect(NOT_AN_EDITOR('someone@example.com')).toBe(
      'You are signed in as someone@example.com, which is not on the list of people who may edit this website. Ask the practice manager to add you.',
    );
    expect(NOT_INVITED('someone@example.com')).toBe(
      'You are signed in as someone@example.com, but that account was not made from an invitation, so it may not edit this website. Ask the practice manager to invite you, and sign in with the account the invitation makes.',
    );
  });
});
