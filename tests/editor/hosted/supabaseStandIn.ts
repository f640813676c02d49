import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Session, User } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import type { AdminUser } from '../../../supabase/functions/_shared/editor/accounts.ts';
import { signJwt } from '../../../supabase/functions/_shared/editor/auth.ts';
import { readBody, sendWebResponse, toWebRequest } from '../../../scripts/server/web.ts';

/**
 * A Supabase project as the editor at /admin meets it, on this computer: Auth's password and e-mailed-link endpoints
 * (as GoTrue answers them: its answers are typed with supabase-js's own Session and User, so the client reads them
 * as it reads Supabase's) issuing tokens signed with the project's secret exactly as Supabase signs them (its issuer
 * is the project's address and /auth/v1), Auth's admin endpoint for one user, and /functions/v1/<name> handed to the
 * real function handler. The e-mails it would send are kept for the test.
 */
export interface SupabaseStandIn {
  url: string;
  /** The project's legacy service role key, which Supabase gives every function: the admin endpoint wants it. */
  serviceRoleKey: string;
  /** The project's secret key of the new kind (sb_secret_...), which the admin endpoint takes in apikey. */
  secretKey: string;
  /**
   * A person who may sign in (their Auth account, not their place on the editors list): made by an invitation
   * unless `invited` is false (an account made by signing up while sign-ups were on).
   */
  addUser(email: string, password: string, options?: { invited?: boolean }): string;
  /** Bars an account from signing in until the time given, as the dashboard's ban does. */
  ban(id: string, until: Date): void;
  /** The user ids the admin endpoint was asked about, in order. */
  adminAsked: string[];
  /** The sign-in links asked for: who, and where the link would lead back to. */
  links: { email: string; createUser: unknown; redirectTo: string | null }[];
  close(): Promise<void>;
}

const HOUR = 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Account { id: string; email: string; password: string; invitedAt?: string; bannedUntil?: string; createdAt: string }

export async function startSupabaseStandIn(options: { secret: string; siteOrigin: string; functions: Record<string, (request: Request) => Promise<Response>> }): Promise<SupabaseStandIn> {
  const users = new Map<string, Account>();
  const links: SupabaseStandIn['links'] = [];
  const adminAsked: string[] = [];
  let address = '';
  // As Supabase's legacy service role key is made: a token of the project's secret for the service_role role.
  const serviceRoleKey = await new SignJWT({ iss: 'supabase', role: 'service_role', iat: 1_700_000_000, exp: 2_000_000_000 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(options.secret));
  // As a project on the new API keys has it, beside the legacy key.
  const secretKey = `sb_secret_${randomUUID().replace(/-/g, '')}`;
  const cors = {
    'access-control-allow-origin': options.siteOrigin,
    'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { ...cors, 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  /** GoTrue's user as its endpoints answer it; the fields it leaves out when empty are left out here too. */
  const userOf = (account: Account): User => ({
    id: account.id, aud: 'authenticated', role: 'authenticated', email: account.email, email_confirmed_at: account.createdAt, phone: '',
    ...(account.invitedAt ? { invited_at: account.invitedAt } : {}), ...(account.bannedUntil ? { banned_until: account.bannedUntil } : {}),
    app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, identities: [], created_at: account.createdAt,
    updated_at: new Date().toISOString(), is_anonymous: false,
  });

  async function session(account: Account): Promise<Session> {
    const now = Math.floor(Date.now() / 1000);
    // The claims a Supabase access token carries (session_id, aal and amr besides those the handler reads).
    const claims = { sub: account.id, email: account.email, role: 'authenticated', aud: 'authenticated', exp: now + HOUR, iat: now, session_id: randomUUID(), aal: 'aal1', is_anonymous: false };
    return { access_token: await signJwt(claims, options.secret, `${address}/auth/v1`), token_type: 'bearer', expires_in: HOUR, expires_at: now + HOUR, refresh_token: randomUUID(), user: userOf(account) };
  }

  /** GET /auth/v1/admin/users/{id}: for the service role only, as GoTrue's requireAdmin has it. */
  function adminUser(req: IncomingMessage, res: ServerResponse, id: string) {
    adminAsked.push(id);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const apikey = req.headers.apikey;
    // The gateway answers a secret key in apikey for the service role; one sent only as a bearer token it refuses
    // with UNAUTHORIZED_MISSING_API_KEY (Supabase's troubleshooting guide for admin endpoints).
    if (typeof apikey === 'string' && apikey.startsWith('sb_secret_')) {
      if (apikey !== secretKey) return json(res, 401, { message: 'Invalid API key', hint: 'Double check the provided API key as it is not valid.' });
    } else if (bearer?.startsWith('sb_secret_')) {
      res.setHeader('sb-error-code', 'UNAUTHORIZED_MISSING_API_KEY');
      return json(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    } else {
      if (!bearer) return json(res, 401, { code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' });
      if (bearer !== serviceRoleKey) return json(res, 403, { code: 403, error_code: 'not_admin', msg: 'User not allowed' });
    }
    if (!UUID.test(id)) return json(res, 404, { code: 404, error_code: 'validation_failed', msg: 'user_id must be an UUID' });
    const account = [...users.values()].find((a) => a.id === id);
    if (!account) return json(res, 404, { code: 404, error_code: 'user_not_found', msg: 'User not found' });
    json(res, 200, userOf(account) satisfies AdminUser);
  }

  async function auth(req: IncomingMessage, res: ServerResponse, url: URL) {
    const admin = /^\/auth\/v1\/admin\/users\/([^/]+)$/.exec(url.pathname);
    if (admin && req.method === 'GET') return adminUser(req, res, decodeURIComponent(admin[1]));
    const body = JSON.parse(new TextDecoder().decode((await readBody(req, 65_536)).bytes) || '{}') as Record<string, unknown>;
    if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'password') {
      const account = users.get(String(body.email).toLowerCase());
      if (!account || account.password !== body.password) return json(res, 400, { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
      return json(res, 200, await session(account));
    }
    if (url.pathname === '/auth/v1/otp') {
      links.push({ email: String(body.email), createUser: body.create_user, redirectTo: url.searchParams.get('redirect_to') });
      return json(res, 200, {});
    }
    if (url.pathname === '/auth/v1/logout') {
      res.writeHead(204, cors).end();
      return;
    }
    json(res, 404, { code: 404, error_code: 'not_found', msg: 'Not found' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'OPTIONS' && url.pathname.startsWith('/auth/')) return void res.writeHead(204, cors).end();
    if (url.pathname.startsWith('/auth/v1/')) return void auth(req, res, url).catch((e: unknown) => json(res, 500, { msg: String(e) }));
    const name = /^\/functions\/v1\/([^/]+)/.exec(url.pathname)?.[1] ?? '';
    const handler = options.functions[name];
    if (!handler) return json(res, 404, { error: 'No such function.' });
    void (async () => {
      // The client's address as Supabase's edge sees it: never this computer (sign-in by printed address is refused).
      req.headers['x-forwarded-for'] = '203.0.113.9';
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : (await readBody(req, 30 * 1024 * 1024)).bytes;
      await sendWebResponse(res, await handler(toWebRequest(req, new URL(url.pathname + url.search, `http://${req.headers.host}`), body)));
    })().catch((e: unknown) => json(res, 500, { error: String(e) }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: address,
    serviceRoleKey,
    secretKey,
    links,
    adminAsked,
    addUser(email, password, { invited = true } = {}) {
      const id = randomUUID();
      const createdAt = new Date().toISOString();
      users.set(email.toLowerCase(), { id, email: email.toLowerCase(), password, createdAt, ...(invited ? { invitedAt: createdAt } : {}) });
      return id;
    },
    ban(id, until) {
      const account = [...users.values()].find((a) => a.id === id);
      if (account) account.bannedUntil = until.toISOString();
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
