/**
 * The staff member's sign-in: a Supabase Auth access token, checked here in full with jose (the platform's own check,
 * verify_jwt, is off for this function: Supabase documents it as incompatible with the asymmetric signing keys), so
 * the handler never trusts a token it has not verified itself. The local server, which has no Supabase in front of
 * it, signs and checks its own sign-ins the same way, under an issuer of its own.
 * jose runs on Web Crypto: the same file runs in Deno on Supabase and in Node locally.
 */
import { createRemoteJWKSet, customFetch, errors, jwtVerify, SignJWT, type FlattenedJWSInput, type JWTHeaderParameters, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { invitedAccounts, type Accounts } from './accounts.ts';
import { AuthError, type Claims } from './claims.ts';

/** What staff are told when they are refused, in one place so the words stay the same everywhere. */
export const NOT_SIGNED_IN = 'You are not signed in. Sign in to edit the website.';
/** Every fault of a token gets these words: telling which check failed would only help someone forging one. */
export const SIGN_IN_AGAIN = 'Your sign-in has expired or is not valid. Sign in again; your draft is kept.';
export const NOT_AN_EDITOR = (email: string): string =>
  `You are signed in as ${email}, which is not on the list of people who may edit this website. Ask the practice manager to add you.`;
export const NOT_INVITED = (email: string): string =>
  `You are signed in as ${email}, but that account was not made from an invitation, so it may not edit this website. Ask the practice manager to invite you, and sign in with the account the invitation makes.`;

/**
 * The issuer of the sign-ins `npm start` makes for itself. Supabase's are its project's address and /auth/v1, so a
 * local sign-in is refused by a deployed function even if both were given the same secret.
 */
export const LOCAL_ISSUER = 'npm-start';

/** A clock difference between Supabase's servers and this one that is still accepted, in seconds. */
const LEEWAY_SECONDS = 30;
/** Supabase's tokens are around a kilobyte; a much longer one is refused before any work is done on it. */
const MAX_TOKEN_LENGTH = 16_384;
/** Supabase rotates keys rarely; a token naming an unknown key asks for the key set again at most this often. */
const REFETCH_COOLDOWN_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^@\s]+@[^@\s]+$/;
const EMPTY_SECRET = 'The JWT secret is empty: no sign-in can be made or checked.';

const encoder = new TextEncoder();

/** A Supabase project as the sign-in check meets it. */
export interface SupabaseProject {
  /** What Supabase Auth writes in a token's `iss`. */
  issuer: string;
  /** The project's published public keys (ES256, RS256), found by the token's key id. */
  keys: JWTVerifyGetKey;
  /** Whether an account was invited: a token from the project is accepted only for one that was. */
  accounts: Accounts;
}

/**
 * What tokens may be signed with, and by whom. `secret`: the project's legacy JWT secret (HS256), or on this computer
 * the secret of its own sign-ins. `keys`: the Supabase project the sign-ins come from (its issuer, published keys and
 * accounts; the name is the handler's option); without it, only this computer's own sign-ins (LOCAL_ISSUER) pass.
 */
export interface SigningKeys { secret?: string; keys?: SupabaseProject }

/** A key set that could not be read is the setup's or the network's fault, not the token's: not a 401. */
class KeysUnreadable extends Error {}

/** A project's published keys (its /auth/v1/.well-known/jwks.json), read again when a token names a key it lacks. */
export function publishedKeys(url: string, fetcher: typeof fetch = fetch): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(url), { cooldownDuration: REFETCH_COOLDOWN_MS, [customFetch]: fetcher });
}

/** The Supabase project at `url` (SUPABASE_URL), its Auth server asked with the project's server key (serverKey.ts). */
export function supabaseProject(url: string, serverKey: string, fetcher: typeof fetch = fetch): SupabaseProject {
  const base = url.replace(/\/+$/, '');
  return { issuer: `${base}/auth/v1`, keys: publishedKeys(`${base}/auth/v1/.well-known/jwks.json`, fetcher), accounts: invitedAccounts(base, serverKey, fetcher) };
}

/** Each algorithm with its own kind of key only: an HMAC over a public key, or "none", never verifies. */
async function keyFor(header: JWTHeaderParameters, token: FlattenedJWSInput, secret: string | undefined, project: SupabaseProject | undefined): Promise<Awaited<ReturnType<JWTVerifyGetKey>>> {
  // Supabase signs with the secret's characters as they are written (not base64-decoded).
  if (header.alg === 'HS256' && secret) return encoder.encode(secret);
  if ((header.alg === 'ES256' || header.alg === 'RS256') && project) {
    try {
      return await project.keys(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new KeysUnreadable(`The project's signing keys could not be read from ${project.issuer}/.well-known/jwks.json (${reason}). Check SUPABASE_URL; if it is right, try again in a minute.`);
    }
  }
  throw new errors.JOSEAlgNotAllowed('This algorithm is not accepted here.');
}

function claimsOf(payload: JWTPayload): Claims {
  const { sub, email, role, exp, iat } = payload;
  const refuse = () => new AuthError(401, SIGN_IN_AGAIN);
  // The anon and service role keys are tokens of the project too: only a signed-in person's passes. jose checks exp
  // only when a token has one; one without never expires, so it is refused here.
  if (role !== 'authenticated' || typeof exp !== 'number') throw refuse();
  if (typeof sub !== 'string' || !UUID.test(sub)) throw refuse();
  // An anonymous sign-in has no address, and the editors list is by address.
  if (typeof email !== 'string' || !EMAIL.test(email)) throw refuse();
  return { sub, email, role, aud: 'authenticated', exp, ...(iat === undefined ? {} : { iat }) };
}

/**
 * The person a token is for, when it is a valid sign-in: AuthError 401 when it is not, 403 when it is a Supabase
 * account that was not invited. `signing`: this computer's secret, or the secret and/or the Supabase project.
 */
export async function verifyJwt(token: string, signing: string | SigningKeys, now = Date.now()): Promise<Claims> {
  const { secret, keys: project } = typeof signing === 'string' ? { secret: signing, keys: undefined } : signing;
  // Nothing to check against is a fault of the setup, not of the token.
  if (!secret && !project) throw new Error(EMPTY_SECRET);
  if (token.length > MAX_TOKEN_LENGTH) throw new AuthError(401, SIGN_IN_AGAIN);
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, (header, flattened) => keyFor(header, flattened, secret, project), {
      algorithms: [...(secret ? ['HS256'] : []), ...(project ? ['ES256', 'RS256'] : [])],
      issuer: project?.issuer ?? LOCAL_ISSUER,
      audience: 'authenticated',
      typ: 'JWT',
      currentDate: new Date(now),
      clockTolerance: LEEWAY_SECONDS,
    }));
  } catch (error) {
    if (error instanceof KeysUnreadable) throw error;
    throw new AuthError(401, SIGN_IN_AGAIN);
  }
  const claims = claimsOf(payload);
  if (project && !(await project.accounts.invited(claims))) throw new AuthError(403, NOT_INVITED(claims.email));
  return claims;
}

/** The token of an `Authorization: Bearer <token>` header, or undefined when the request carries none. */
export function bearerToken(request: Request): string | undefined {
  const match = /^Bearer +([^\s]+) *$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

/**
 * A token as Supabase Auth would issue it for these claims, signed with `secret` (HS256): for the local sign-in and
 * for tests. `issuer` is this computer's unless a test stands in for a Supabase project.
 */
export async function signJwt(claims: Claims, secret: string, issuer = LOCAL_ISSUER): Promise<string> {
  if (!secret) throw new Error(EMPTY_SECRET);
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer(issuer).sign(encoder.encode(secret));
}
