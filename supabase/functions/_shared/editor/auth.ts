/**
 * The staff member's sign-in: a Supabase Auth access token, a JWT signed with the project's JWT secret (HS256) or,
 * on projects with asymmetric signing keys, with a key whose public half Supabase publishes (ES256, by its kid),
 * checked here in full although the platform checks it too, so the handler never trusts a token it has not verified
 * itself (and the local server, which has no platform in front of it, is checked the same way).
 * Web Crypto only: the same file runs in Deno on Supabase and in Node locally.
 */
import { AuthError, type Claims } from './claims.ts';

/** What staff are told when they are refused, in one place so the words stay the same everywhere. */
export const NOT_SIGNED_IN = 'You are not signed in. Sign in to edit the website.';
/** Every fault of a token gets these words: telling which check failed would only help someone forging one. */
export const SIGN_IN_AGAIN = 'Your sign-in has expired or is not valid. Sign in again; your draft is kept.';
export const NOT_AN_EDITOR = (email: string): string =>
  `You are signed in as ${email}, which is not on the list of people who may edit this website. Ask the practice manager to add you.`;

/** A clock difference between Supabase's servers and this one that is still accepted, in seconds. */
const LEEWAY_SECONDS = 30;
/** Supabase's tokens are around a kilobyte; a much longer one is refused before any work is done on it. */
const MAX_TOKEN_LENGTH = 16_384;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const HEADER = { alg: 'HS256', typ: 'JWT' } as const;

const encoder = new TextEncoder();

function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Strict: unpadded base64url only, as JWTs are written; anything else is not a token. */
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  if (!BASE64URL.test(text) || text.length % 4 === 1) throw new AuthError(401, SIGN_IN_AGAIN);
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function jsonPart(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(text)));
  } catch {
    throw new AuthError(401, SIGN_IN_AGAIN);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AuthError(401, SIGN_IN_AGAIN);
  return value as Record<string, unknown>;
}

/** A public key as a JWKS lists it (only the fields this file reads). */
export interface PublicJwk { kid?: string; kty?: string; crv?: string; x?: string; y?: string; alg?: string }

/**
 * What tokens may be signed with: the project's JWT secret (HS256), and/or its published keys (ES256). `keys` is
 * asked again, fresh, when a token names a kid it did not hold (Supabase rotates keys).
 */
export interface SigningKeys { secret?: string; keys?: (fresh: boolean) => Promise<PublicJwk[]> }

/** The published keys of a Supabase project (its /auth/v1/.well-known/jwks.json), kept for ten minutes at a time. */
export function publishedKeys(url: string, fetcher: typeof fetch = fetch): (fresh: boolean) => Promise<PublicJwk[]> {
  let kept: { at: number; keys: PublicJwk[] } | undefined;
  return async (fresh) => {
    if (kept && !fresh && Date.now() - kept.at < 600_000) return kept.keys;
    const res = await fetcher(url);
    if (!res.ok) throw new Error(`The project's signing keys could not be read (${url} answered ${res.status}).`);
    const body = (await res.json()) as { keys?: PublicJwk[] };
    kept = { at: Date.now(), keys: Array.isArray(body.keys) ? body.keys : [] };
    return kept.keys;
  };
}

async function verifiedWithPublishedKey(header: Record<string, unknown>, signature: Uint8Array<ArrayBuffer>, signed: Uint8Array<ArrayBuffer>, signing: SigningKeys): Promise<boolean> {
  if (!signing.keys || typeof header.kid !== 'string') return false;
  const find = (keys: PublicJwk[]) => keys.find((k) => k.kid === header.kid && k.kty === 'EC' && k.crv === 'P-256' && (k.alg === undefined || k.alg === 'ES256'));
  const jwk = find(await signing.keys(false)) ?? find(await signing.keys(true));
  if (!jwk?.x || !jwk.y) return false;
  const key = await crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  // A JWT's ES256 signature is r and s, 32 bytes each, which is what Web Crypto reads.
  return signature.length === 64 && crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, signed);
}

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  if (!secret) throw new Error('The JWT secret is empty: no sign-in can be made or checked.');
  // Supabase signs with the secret's characters as they are written (not base64-decoded).
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/**
 * The person a token is for, when it is a valid Supabase access token for a signed-in user; AuthError 401 otherwise.
 * `signing`: the project's JWT secret, or the secret and/or its published keys.
 */
export async function verifyJwt(token: string, signing: string | SigningKeys, now = Date.now()): Promise<Claims> {
  const { secret, keys } = typeof signing === 'string' ? { secret: signing, keys: undefined } : signing;
  // Nothing to check against is a fault of the setup, not of the token.
  if (!secret && !keys) throw new Error('The JWT secret is empty: no sign-in can be made or checked.');
  const refuse = () => new AuthError(401, SIGN_IN_AGAIN);
  if (token.length > MAX_TOKEN_LENGTH) throw refuse();
  const parts = token.split('.');
  if (parts.length !== 3) throw refuse();
  const [headerText, payloadText, signatureText] = parts;
  const header = jsonPart(headerText);
  // Only the algorithms Supabase signs with, each with its own kind of key: "none", RS256 with the secret as a public
  // key and the like are the classic forgeries.
  if ((header.typ !== undefined && header.typ !== HEADER.typ) || 'crit' in header) throw refuse();
  const signature = fromBase64url(signatureText);
  const signed = encoder.encode(`${headerText}.${payloadText}`);
  let valid = false;
  // subtle.verify compares in constant time.
  if (header.alg === HEADER.alg && secret) valid = await crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), signature, signed);
  else if (header.alg === 'ES256') valid = await verifiedWithPublishedKey(header, signature, signed, { keys });
  if (!valid) throw refuse();

  const payload = jsonPart(payloadText);
  const { sub, email, role, aud, exp, nbf, iat } = payload;
  const seconds = now / 1000;
  if (typeof exp !== 'number' || !Number.isFinite(exp) || exp + LEEWAY_SECONDS <= seconds) throw refuse();
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf - LEEWAY_SECONDS > seconds)) throw refuse();
  if (iat !== undefined && typeof iat !== 'number') throw refuse();
  if (aud !== 'authenticated' || role !== 'authenticated') throw refuse();
  if (typeof sub !== 'string' || !UUID.test(sub)) throw refuse();
  if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email)) throw refuse();
  return { sub, email, role, aud, exp, ...(iat === undefined ? {} : { iat }) };
}

/** The token of an `Authorization: Bearer <token>` header, or undefined when the request carries none. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer +([^\s]+) *$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

/** A token as Supabase Auth would issue it for these claims: for the local sign-in and for tests. */
export async function signJwt(claims: Claims, secret: string): Promise<string> {
  const body = `${toBase64url(encoder.encode(JSON.stringify(HEADER)))}.${toBase64url(encoder.encode(JSON.stringify(claims)))}`;
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(body)));
  return `${body}.${toBase64url(signature)}`;
}
