import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminUser } from '../../../server/editor/accounts.ts';
import type { Claims } from '../../../server/editor/claims.ts';
import { asymmetric, publishedJwk } from './tokens.ts';

/**
 * Supabase Auth as a function meets it over the network: the project's published signing keys
 * (/auth/v1/.well-known/jwks.json, one ES256 key as a project on the newer keys has) and the admin endpoint for one
 * user (/auth/v1/admin/users/{id}, for the project's secret key or its legacy service role key only). Tokens are
 * signed with node:crypto, as Auth signs them, with the project's issuer.
 */
export interface AuthStandIn {
  url: string;
  serviceRoleKey: string;
  /** The project's secret key of the new kind, which Supabase's gateway takes in apikey alone. */
  secretKey: string;
  /** A signed-in person's access token, for an invited account. */
  token(person: { sub: string; email: string }): string;
  /** The invitations sent (POST /auth/v1/invite), as Auth received them: the address, the data and where the link leads. */
  invitations: { email: string; data: unknown; redirectTo: string | null }[];
  /** The sign-in links made (POST /auth/v1/admin/generate_link): for whom, and where they lead. */
  madeLinks: { email: string; type: unknown; redirectTo: string | null }[];
  close(): Promise<void>;
}

export async function startAuthStandIn(): Promise<AuthStandIn> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const serviceRoleKey = 'rehearsal-service-role-key';
  const secretKey = 'sb_secret_rehearsal0123456789abcdef';
  // As the gateway admits a server call: a secret key in apikey, or the legacy key in both headers as supabase-js sends it.
  const admitted = (headers: IncomingHttpHeaders) => headers.apikey === secretKey || (headers.authorization === `Bearer ${serviceRoleKey}` && headers.apikey === serviceRoleKey);
  const invited = new Set<string>();
  const invitations: AuthStandIn['invitations'] = [];
  const madeLinks: AuthStandIn['madeLinks'] = [];
  const accounts = new Set<string>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    /** The request's JSON body, once it has all come. */
    const withBody = <T>(then: (body: T) => void) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => then(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T));
    };
    if (path === '/auth/v1/.well-known/jwks.json') return json(200, { keys: [publishedJwk(publicKey, 'rehearsal-1', 'ES256')] });
    if (path === '/auth/v1/invite' && req.method === 'POST') {
      if (!admitted(req.headers)) return json(401, { msg: 'This endpoint requires a valid Bearer token' });
      return withBody<{ email: string; data: unknown }>(({ email, data }) => {
        // As Auth answers an address that has an account already (GoTrue's error shape, recorded).
        if (accounts.has(email)) return json(422, { code: 422, error_code: 'email_exists', msg: 'A user with this email address has already been registered' });
        accounts.add(email);
        invitations.push({ email, data, redirectTo: url.searchParams.get('redirect_to') });
        json(200, { id: '44444444-4444-4444-8444-444444444444', aud: 'authenticated', role: 'authenticated', email, invited_at: new Date().toISOString() });
      });
    }
    if (path === '/auth/v1/admin/generate_link' && req.method === 'POST') {
      if (!admitted(req.headers)) return json(401, { msg: 'This endpoint requires a valid Bearer token' });
      return withBody<{ email: string; type: unknown }>(({ email, type }) => {
        if (!accounts.has(email)) return json(404, { code: 404, error_code: 'user_not_found', msg: 'User not found' });
        const redirectTo = url.searchParams.get('redirect_to');
        madeLinks.push({ email, type, redirectTo });
        // GoTrue's answer: the user, with the link's properties beside its fields.
        json(200, { id: '55555555-5555-4555-8555-555555555555', aud: 'authenticated', role: 'authenticated', email, action_link: `${url.origin}/auth/v1/verify?token=made${madeLinks.length}&type=magiclink&redirect_to=${encodeURIComponent(redirectTo ?? '')}`, email_otp: '123456', hashed_token: `made${madeLinks.length}`, verification_type: 'magiclink', redirect_to: redirectTo });
      });
    }
    const user = /^\/auth\/v1\/admin\/users\/([^/]+)$/.exec(path)?.[1];
    if (user) {
      if (!admitted(req.headers)) return json(401, { msg: 'This endpoint requires a valid Bearer token' });
      if (!invited.has(user)) return json(404, { msg: 'User not found' });
      const found: AdminUser & { id: string } = { id: user, invited_at: '2026-11-01T00:00:00Z' };
      return json(200, found);
    }
    json(404, { msg: 'Not found' });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    serviceRoleKey,
    secretKey,
    invitations,
    madeLinks,
    token({ sub, email }) {
      invited.add(sub);
      accounts.add(email);
      const now = Math.floor(Date.now() / 1000);
      const claims: Claims & { iss: string } = { sub, email, role: 'authenticated', aud: 'authenticated', exp: now + 3600, iat: now, iss: `${url}/auth/v1` };
      return asymmetric('ES256', privateKey, 'rehearsal-1', claims);
    },
    close: () => new Promise((done) => server.close(() => done())),
  };
}
