import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Session, User } from '@supabase/supabase-js';
import { signJwt } from '../../../supabase/functions/_shared/editor/auth.ts';
import { readBody, sendWebResponse, toWebRequest } from '../../../scripts/server/web.ts';

/**
 * A Supabase project as the editor at /admin meets it, on this computer: Auth's password and e-mailed-link endpoints
 * (as GoTrue answers them: its answers are typed with supabase-js's own Session and User, so the client reads them
 * as it reads Supabase's) issuing tokens signed with the project's secret exactly as Supabase signs them, and
 * /functions/v1/<name> handed to the real function handler. The e-mails it would send are kept for the test.
 */
export interface SupabaseStandIn {
  url: string;
  /** A person who may sign in (their Auth account, not their place on the editors list). */
  addUser(email: string, password: string): string;
  /** The sign-in links asked for: who, and where the link would lead back to. */
  links: { email: string; createUser: unknown; redirectTo: string | null }[];
  close(): Promise<void>;
}

const HOUR = 3600;

export async function startSupabaseStandIn(options: { secret: string; siteOrigin: string; functions: Record<string, (request: Request) => Promise<Response>> }): Promise<SupabaseStandIn> {
  const users = new Map<string, { id: string; password: string }>();
  const links: SupabaseStandIn['links'] = [];
  const cors = {
    'access-control-allow-origin': options.siteOrigin,
    'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { ...cors, 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  async function session(email: string, id: string): Promise<Session> {
    const now = Math.floor(Date.now() / 1000);
    const user: User = {
      id, aud: 'authenticated', role: 'authenticated', email, email_confirmed_at: new Date().toISOString(), phone: '',
      app_metadata: { provider: 'email', providers: ['email'] }, user_metadata: {}, identities: [], created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(), is_anonymous: false,
    };
    // The claims a Supabase access token carries (session_id, aal and amr besides those the handler reads).
    const claims = { sub: id, email, role: 'authenticated', aud: 'authenticated', exp: now + HOUR, iat: now, session_id: randomUUID(), aal: 'aal1', is_anonymous: false };
    return { access_token: await signJwt(claims, options.secret), token_type: 'bearer', expires_in: HOUR, expires_at: now + HOUR, refresh_token: randomUUID(), user };
  }

  async function auth(req: IncomingMessage, res: ServerResponse, url: URL) {
    const body = JSON.parse(new TextDecoder().decode((await readBody(req, 65_536)).bytes) || '{}') as Record<string, unknown>;
    if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'password') {
      const user = users.get(String(body.email).toLowerCase());
      if (!user || user.password !== body.password) return json(res, 400, { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
      return json(res, 200, await session(String(body.email).toLowerCase(), user.id));
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
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    links,
    addUser(email, password) {
      const id = randomUUID();
      users.set(email.toLowerCase(), { id, password });
      return id;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
