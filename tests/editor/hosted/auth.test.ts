import { createHmac, generateKeyPairSync, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AuthError, type Claims } from '../../../supabase/functions/_shared/editor/claims.ts';
import { bearerToken, NOT_AN_EDITOR, NOT_SIGNED_IN, publishedKeys, SIGN_IN_AGAIN, signJwt, verifyJwt, type PublicJwk, type SigningKeys } from '../../../supabase/functions/_shared/editor/auth.ts';

const SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);
const claims: Claims = {
  sub: '7f3c9a2e-1b4d-4e8f-9a6b-2c5d8e1f0a3b',
  email: 'reception@example.com',
  role: 'authenticated',
  aud: 'authenticated',
  exp: NOW / 1000 + 3600,
  iat: NOW / 1000,
};

const b64url = (text: string | Buffer) => Buffer.from(text).toString('base64url');

/** A token made with node:crypto, not with signJwt: what any HS256 issuer (Supabase Auth among them) produces. */
function independentToken(payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }, secret = SECRET): string {
  const body = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

async function refusal(token: string, now = NOW): Promise<unknown> {
  try {
    await verifyJwt(token, SECRET, now);
  } catch (error) {
    return error;
  }
  return 'accepted';
}

describe('verifyJwt', () => {
  it('accepts a token signed with signJwt and gives back its claims', async () => {
    expect(await verifyJwt(await signJwt(claims, SECRET), SECRET, NOW)).toEqual(claims);
  });

  it('accepts a token made by an independent HS256 implementation, byte for byte the same as signJwt makes', async () => {
    const independent = independentToken({ ...claims });
    expect(await signJwt(claims, SECRET)).toBe(independent);
    // With the extra claims Supabase puts in its access tokens, which are not part of Claims.
    const supabaseLike = independentToken({ ...claims, app_metadata: { provider: 'email' }, session_id: 'x', is_anonymous: false, nbf: NOW / 1000 - 5 });
    expect(await verifyJwt(supabaseLike, SECRET, NOW)).toEqual(claims);
  });

  it('allows 30 seconds of clock difference, no more', async () => {
    const token = await signJwt(claims, SECRET);
    expect(await verifyJwt(token, SECRET, claims.exp * 1000 + 29_000)).toEqual(claims);
    expect(await refusal(token, claims.exp * 1000 + 30_000)).toEqual(new AuthError(401, SIGN_IN_AGAIN));
  });

  const [header, payload, signature] = independentToken({ ...claims }).split('.');
  const refused: [string, () => Promise<string>][] = [
    ['an expired token', () => signJwt({ ...claims, exp: NOW / 1000 - 60 }, SECRET)],
    ['a token without exp', () => Promise.resolve(independentToken({ ...claims, exp: undefined }))],
    ['a token signed with another secret', () => signJwt(claims, 'another-secret-of-the-same-kind-but-not-this-one')],
    ['alg none with no signature', () => Promise.resolve(`${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`)],
    ['alg none with the real signature', () => Promise.resolve(`${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.${signature}`)],
    ['an HS512 header', () => Promise.resolve(independentToken({ ...claims }, { alg: 'HS512', typ: 'JWT' }))],
    ['an RS256 header (the secret used as a public key)', () => Promise.resolve(independentToken({ ...claims }, { alg: 'RS256', typ: 'JWT' }))],
    ['a header naming critical extensions', () => Promise.resolve(independentToken({ ...claims }, { alg: 'HS256', typ: 'JWT', crit: ['b64'] }))],
    ['a tampered payload (another person)', () => Promise.resolve(`${header}.${b64url(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' }))}.${signature}`)],
    ['a tampered signature', () => Promise.resolve(`${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`)],
    ['aud other than authenticated', () => signJwt({ ...claims, aud: 'anon' }, SECRET)],
    ['role other than authenticated (the public key)', () => signJwt({ ...claims, role: 'anon' }, SECRET)],
    ['role service_role', () => signJwt({ ...claims, role: 'service_role' }, SECRET)],
    ['a sub that is not a UUID', () => signJwt({ ...claims, sub: 'admin' }, SECRET)],
    ['no email (an anonymous sign-in)', () => signJwt({ ...claims, email: '' }, SECRET)],
    ['nbf in the future', () => Promise.resolve(independentToken({ ...claims, nbf: NOW / 1000 + 600 }))],
    ['a payload that is not an object', () => Promise.resolve(independentToken(['x'] as unknown as Record<string, unknown>))],
    ['two parts', () => Promise.resolve(`${header}.${payload}`)],
    ['padding and base64 characters', () => Promise.resolve(`${header}=.${payload}.${signature}`)],
    ['garbage', () => Promise.resolve('not a token at all')],
    ['an empty string', () => Promise.resolve('')],
    ['a very long token', () => Promise.resolve(independentToken({ ...claims, pad: 'x'.repeat(20_000) }))],
  ];
  it.each(refused)('refuses %s with a 401 and the same plain words', async (_name, make) => {
    const error = await refusal(await make());
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ status: 401, message: SIGN_IN_AGAIN });
  });

  it('will not check anything against an empty secret', async () => {
    await expect(verifyJwt(independentToken({ ...claims }, undefined, ''), '', NOW)).rejects.toThrow(/JWT secret is empty/);
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
  });
});

describe('tokens signed with a project\'s asymmetric key (ES256), checked against its published keys', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const published = (key: KeyObject, kid: string): PublicJwk => ({ ...(key.export({ format: 'jwk' }) as PublicJwk), kid, alg: 'ES256' });
  let asked: boolean[] = [];
  let listed: PublicJwk[] = [];
  const keys = async (fresh: boolean) => { asked.push(fresh); return listed; };
  /** As Supabase Auth signs with an asymmetric key: ES256 over header.payload, r and s as the signature (node:crypto). */
  const es256 = (payload: Record<string, unknown>, kid: string, key: KeyObject = privateKey) => {
    const body = `${b64url(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid }))}.${b64url(JSON.stringify(payload))}`;
    return `${body}.${cryptoSign('sha256', Buffer.from(body), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
  };
  const refused = async (token: string, signing: SigningKeys) => {
    try {
      await verifyJwt(token, signing, NOW);
    } catch (error) {
      return error;
    }
    return 'accepted';
  };

  it('verifies a token by the key its kid names, and reads the keys again when the kid is new (a rotated key)', async () => {
    asked = [];
    listed = [published(other.publicKey, 'old')];
    const token = es256({ ...claims }, 'new');
    // The kept list lacks the kid: asked again, fresh, and the new key is there by then.
    let calls = 0;
    const rotating = async (fresh: boolean) => { asked.push(fresh); calls++; return calls === 1 ? listed : [...listed, published(publicKey, 'new')]; };
    expect(await verifyJwt(token, { keys: rotating }, NOW)).toEqual(claims);
    expect(asked).toEqual([false, true]);
  });

  it('refuses a token signed by another key, one whose kid is not published, and ES256 where only a secret is known', async () => {
    listed = [published(publicKey, 'k1')];
    for (const [token, signing] of [
      [es256({ ...claims }, 'k1', other.privateKey), { keys }],
      [es256({ ...claims }, 'unknown'), { keys }],
      [es256({ ...claims }, 'k1'), { secret: SECRET }],
      [es256({ ...claims, role: 'service_role' }, 'k1'), { keys }],
    ] as const) {
      const error = await refused(token, signing);
      expect(error).toBeInstanceOf(AuthError);
      expect(error).toMatchObject({ status: 401, message: SIGN_IN_AGAIN });
    }
  });

  it('refuses an HS256 token where no secret is known, and one signed with the public key as an HMAC secret', async () => {
    listed = [published(publicKey, 'k1')];
    const publicPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    for (const token of [independentToken({ ...claims }), independentToken({ ...claims }, { alg: 'HS256', typ: 'JWT', kid: 'k1' }, publicPem)]) {
      expect(await refused(token, { keys })).toMatchObject({ status: 401, message: SIGN_IN_AGAIN });
    }
  });

  it('reads a project\'s published keys from its address and keeps them for a while', async () => {
    let fetched = 0;
    const read = publishedKeys('https://project.example/auth/v1/.well-known/jwks.json', async (url) => {
      fetched++;
      expect(String(url)).toBe('https://project.example/auth/v1/.well-known/jwks.json');
      return new Response(JSON.stringify({ keys: [published(publicKey, 'k1')] }));
    });
    expect((await read(false)).map((k) => k.kid)).toEqual(['k1']);
    await read(false);
    expect(fetched).toBe(1);
    await read(true);
    expect(fetched).toBe(2);
  });
});
