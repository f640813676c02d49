// Tokens made with node:crypto, not with the code under test: what Supabase Auth (or any issuer) produces, so a test
// that passes shows the checker reads real tokens, not only its own.
import { createHmac, sign, type KeyObject } from 'node:crypto';
import type { JWK } from 'jose';
import type { Claims } from '../../../server/editor/claims.ts';

export const NOW = Date.UTC(2026, 10, 26, 9, 0, 0);
export const claims: Claims = {
  sub: '7f3c9a2e-1b4d-4e8f-9a6b-2c5d8e1f0a3b',
  email: 'reception@example.com',
  role: 'authenticated',
  aud: 'authenticated',
  exp: NOW / 1000 + 3600,
  iat: NOW / 1000,
};

export const b64url = (text: string | Buffer): string => Buffer.from(text).toString('base64url');
const body = (header: Record<string, unknown>, payload: unknown) => `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;

/** HS256 over header.payload with the secret's characters as the key, as Supabase signs with its legacy secret. */
export function hs256(payload: unknown, secret: string | Buffer, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const signed = body(header, payload);
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

/** As Supabase Auth signs with an asymmetric key: ES256 (r and s, 32 bytes each) or RS256 (PKCS#1 v1.5), by its kid. */
export function asymmetric(alg: 'ES256' | 'RS256', key: KeyObject, kid: string, payload: unknown): string {
  const signed = body({ alg, kid, typ: 'JWT' }, payload);
  return `${signed}.${sign('sha256', Buffer.from(signed), alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' } : key).toString('base64url')}`;
}

/** A public key as Supabase's /auth/v1/.well-known/jwks.json lists it. */
export const publishedJwk = (key: KeyObject, kid: string, alg: 'ES256' | 'RS256'): JWK => ({ ...key.export({ format: 'jwk' }), alg, kid, ext: true, key_ops: ['verify'] });

/** A JWKS address answered without a network, counting how often it is read. */
export function jwksStandIn(url: string) {
  let keys: JWK[] = [];
  let status = 200;
  const stand = {
    fetched: 0,
    publish(next: JWK[]) { keys = next; },
    failWith(code: number) { status = code; },
    async fetch(input: RequestInfo | URL): Promise<Response> {
      if (String(input) !== url) return new Response('{}', { status: 404 });
      stand.fetched++;
      return new Response(JSON.stringify({ keys }), { status, headers: { 'content-type': 'application/json' } });
    },
  };
  return stand;
}
