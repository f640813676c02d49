import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Session, User } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import type { AdminUser } from '../../../server/editor/accounts.ts';
import { signJwt } from '../../../server/editor/auth.ts';
import { readBody, sendWebResponse, toWebRequest } from '../../../server/local/web.ts';
import type { ProjectMail } from './projectMail.ts';
import { sendBySmtp } from './smtpStandIn.ts';

/**
 * A Supabase project as the editor at /admin meets it, on this computer: Auth's password and e-mailed-link endpoints
 * (as GoTrue answers them: its answers are typed with supabase-js's own Session and User, so the client reads them
 * as it reads Supabase's) issuing tokens signed with the project's secret exactly as Supabase signs them (its issuer
 * is the project's address and /auth/v1), Auth's admin endpoint for one user, and /functions/v1/<name> handed to the
 * real function handler. The e-mails it would send are kept for the test. Given the project's mail settings
 * (projectMail.ts), it sends them as GoTrue does: the one-time code and link of a sign-in, and invitations, rendered
 * from the project's templates and handed to the project's SMTP server, with GoTrue's limits (one e-mail a minute to
 * an address, `emailsPerHour` in all) and its answers when the mail server refuses.
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
  /** The sign-in links made by the admin endpoint (generate_link), for whom. */
  madeLinks: string[];
  close(): Promise<void>;
}

const HOUR = 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Account { id: string; email: string; password: string; invitedAt?: string; bannedUntil?: string; createdAt: string }

/** A one-time code and the hash its link carries, for one account and one purpose, as GoTrue keeps them on the user. */
interface Pending { email: string; code: string; hash: string; type: 'magiclink' | 'invite'; at: number }

interface StandInOptions {
  secret: string;
  siteOrigin: string;
  functions: Record<string, (request: Request) => Promise<Response>>;
  /** The project's mail settings, or how to read them as they are at each e-mail (a project whose settings change). */
  mail?: ProjectMail | (() => ProjectMail | undefined);
  /** GoTrue's project-wide limit of e-mails an hour (30 once a project has its own mail provider). */
  emailsPerHour?: number;
  /** Auth's clock for its e-mail limits and the codes' lifetime, in ms (a test moves it on). */
  now?: () => number;
}

export async function startSupabaseStandIn(options: StandInOptions): Promise<SupabaseStandIn> {
  const users = new Map<string, Account>();
  const links: SupabaseStandIn['links'] = [];
  const madeLinks: string[] = [];
  const pending: Pending[] = [];
  const sent: { email: string; at: number }[] = [];
  const sessions = new Map<string, Account>();
  const now = options.now ?? Date.now;
  const mailSettings = () => (typeof options.mail === 'function' ? options.mail() : options.mail);
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
    // Real time: the function checks the token's expiry by its own clock.
    const issued = Math.floor(Date.now() / 1000);
    // The claims a Supabase access token carries (session_id, aal and amr besides those the handler reads).
    const claims = { sub: account.id, email: account.email, role: 'authenticated', aud: 'authenticated', exp: issued + HOUR, iat: issued, session_id: randomUUID(), aal: 'aal1', is_anonymous: false };
    const accessToken = await signJwt(claims, options.secret, `${address}/auth/v1`);
    sessions.set(accessToken, account);
    return { access_token: accessToken, token_type: 'bearer', expires_in: HOUR, expires_at: issued + HOUR, refresh_token: randomUUID(), user: userOf(account) };
  }

  /** A new code and link for `account`, replacing any it had for the same purpose (GoTrue keeps one of each). */
  function newPending(account: Account, type: Pending['type']): Pending {
    const length = mailSettings()?.otpLength ?? 6;
    const code = String(randomInt(0, 10 ** length)).padStart(length, '0');
    const hash = createHash('sha224').update(`${account.email}${code}${randomBytes(8).toString('hex')}`).digest('hex');
    const made = { email: account.email, code, hash, type, at: now() };
    for (let i = pending.length - 1; i >= 0; i--) if (pending[i].email === account.email && pending[i].type === type) pending.splice(i, 1);
    pending.push(made);
    return made;
  }

  /** Takes the pending code or link that matches, once, while it is fresh. */
  function take(match: (p: Pending) => boolean): Pending | undefined {
    const index = pending.findIndex(match);
    if (index < 0) return undefined;
    const [found] = pending.splice(index, 1);
    return now() - found.at <= (mailSettings()?.otpExpirySeconds ?? HOUR) * 1000 ? found : undefined;
  }

  const verifyUrl = (made: Pending, redirectTo: string) => `${address}/auth/v1/verify?token=${made.hash}&type=${made.type}&redirect_to=${encodeURIComponent(redirectTo)}`;

  /** GoTrue's error for an e-mail it may not send now, or undefined when it may. */
  function mailLimit(email: string): { status: number; body: unknown } | undefined {
    const at = now();
    const last = sent.filter((s) => s.email === email).at(-1);
    if (last && at - last.at < 60_000) {
      const wait = Math.ceil((60_000 - (at - last.at)) / 1000);
      return { status: 429, body: { code: 429, error_code: 'over_email_send_rate_limit', msg: `For security purposes, you can only request this after ${wait} seconds.` } };
    }
    if (sent.filter((s) => at - s.at < HOUR * 1000).length >= (options.emailsPerHour ?? 30)) {
      return { status: 429, body: { code: 429, error_code: 'over_email_send_rate_limit', msg: 'email rate limit exceeded' } };
    }
    return undefined;
  }

  /** Renders one of the project's templates as GoTrue's Go templates do (a field it does not have is an error). */
  function render(kind: keyof ProjectMail['templates'], fields: Record<string, string>): { subject: string; html: string } {
    const template = mailSettings()?.templates[kind];
    if (!template) throw new Error(`No ${kind} template.`);
    const fill = (text: string) => text.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_, name: string) => {
      const value = /^\.(\w+)$/.exec(name)?.[1];
      if (!value || fields[value] === undefined) throw new Error(`template: ${kind}: can't evaluate {{ ${name} }}`);
      return fields[value];
    });
    return { subject: fill(template.subject), html: fill(template.content) };
  }

  /** Sends an e-mail through the project's mail server; false when it refused or could not be reached. */
  async function mail(email: string, kind: keyof ProjectMail['templates'], fields: Record<string, string>): Promise<boolean> {
    const settings = mailSettings();
    if (!settings) return true;
    sent.push({ email, at: now() });
    try {
      await sendBySmtp(settings.smtp, { to: email, ...render(kind, { SiteURL: options.siteOrigin, Email: email, Data: '', ...fields }) });
      return true;
    } catch (error) {
      console.error(`auth stand-in: ${String(error)}`);
      return false;
    }
  }

  /** Answers and true when the request is not the service role's, as GoTrue's requireAdmin and the gateway refuse it. */
  function notAdmin(req: IncomingMessage, res: ServerResponse): boolean {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const apikey = req.headers.apikey;
    let refusal: [number, unknown] | undefined;
    // The gateway answers a secret key in apikey for the service role; one sent only as a bearer token it refuses
    // with UNAUTHORIZED_MISSING_API_KEY (Supabase's troubleshooting guide for admin endpoints).
    if (typeof apikey === 'string' && apikey.startsWith('sb_secret_')) {
      if (apikey !== secretKey) refusal = [401, { message: 'Invalid API key', hint: 'Double check the provided API key as it is not valid.' }];
    } else if (bearer?.startsWith('sb_secret_')) {
      res.setHeader('sb-error-code', 'UNAUTHORIZED_MISSING_API_KEY');
      refusal = [401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }];
    } else if (!bearer) refusal = [401, { code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' }];
    else if (bearer !== serviceRoleKey) refusal = [403, { code: 403, error_code: 'not_admin', msg: 'User not allowed' }];
    if (refusal) json(res, ...refusal);
    return refusal !== undefined;
  }

  /** GET /auth/v1/admin/users/{id}: for the service role only. */
  function adminUser(req: IncomingMessage, res: ServerResponse, id: string) {
    adminAsked.push(id);
    if (notAdmin(req, res)) return;
    if (!UUID.test(id)) return json(res, 404, { code: 404, error_code: 'validation_failed', msg: 'user_id must be an UUID' });
    const account = [...users.values()].find((a) => a.id === id);
    if (!account) return json(res, 404, { code: 404, error_code: 'user_not_found', msg: 'User not found' });
    json(res, 200, userOf(account) satisfies AdminUser);
  }

  /**
   * GET /auth/v1/verify, where an e-mailed or made link leads: back to the address it names (on the website only), with
   * the session in the fragment, or GoTrue's refusal there when the link is used or old.
   */
  async function verifyLink(res: ServerResponse, url: URL) {
    const redirect = url.searchParams.get('redirect_to') ?? '';
    const back = redirect.startsWith(`${options.siteOrigin}/`) ? redirect : options.siteOrigin;
    const type = url.searchParams.get('type');
    const found = take((p) => p.hash === url.searchParams.get('token') && p.type === type);
    const account = found && users.get(found.email);
    let fragment: URLSearchParams;
    if (!account) fragment = new URLSearchParams({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' });
    else {
      const made = await session(account);
      fragment = new URLSearchParams({ access_token: made.access_token, expires_at: String(made.expires_at), expires_in: String(made.expires_in), refresh_token: made.refresh_token, token_type: 'bearer', type: String(type) });
    }
    res.writeHead(303, { location: `${back}#${fragment}` }).end();
  }

  async function auth(req: IncomingMessage, res: ServerResponse, url: URL) {
    const admin = /^\/auth\/v1\/admin\/users\/([^/]+)$/.exec(url.pathname);
    if (admin && req.method === 'GET') return adminUser(req, res, decodeURIComponent(admin[1]));
    if (url.pathname === '/auth/v1/verify' && req.method === 'GET') return verifyLink(res, url);
    const body = JSON.parse(new TextDecoder().decode((await readBody(req, 65_536)).bytes) || '{}') as Record<string, unknown>;
    if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'password') {
      const account = users.get(String(body.email).toLowerCase());
      if (!account || !account.password || account.password !== body.password) return json(res, 400, { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
      return json(res, 200, await session(account));
    }
    if (url.pathname === '/auth/v1/otp') {
      const email = String(body.email).toLowerCase();
      const redirectTo = url.searchParams.get('redirect_to');
      links.push({ email: String(body.email), createUser: body.create_user, redirectTo });
      const account = users.get(email);
      if (!account) return json(res, 422, { code: 422, error_code: 'otp_disabled', msg: 'Signups not allowed for otp' });
      const limited = mailLimit(email);
      if (limited) return json(res, limited.status, limited.body);
      const made = newPending(account, 'magiclink');
      const redirect = redirectTo ?? options.siteOrigin;
      if (!(await mail(email, 'magic_link', { Token: made.code, TokenHash: made.hash, ConfirmationURL: verifyUrl(made, redirect), RedirectTo: redirect }))) {
        return json(res, 500, { code: 500, error_code: 'unexpected_failure', msg: 'Error sending magic link email' });
      }
      return json(res, 200, {});
    }
    if (url.pathname === '/auth/v1/verify' && req.method === 'POST') {
      const email = String(body.email).toLowerCase();
      const found = (body.type === 'email' || body.type === 'magiclink') && take((p) => p.email === email && p.type === 'magiclink' && p.code === body.token);
      const account = users.get(email);
      if (!found || !account) return json(res, 403, { code: 403, error_code: 'otp_expired', msg: 'Token has expired or is invalid' });
      return json(res, 200, await session(account));
    }
    if (url.pathname === '/auth/v1/user' && req.method === 'GET') {
      const account = sessions.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
      if (!account) return json(res, 403, { code: 403, error_code: 'bad_jwt', msg: 'invalid JWT' });
      return json(res, 200, userOf(account));
    }
    if (url.pathname === '/auth/v1/invite' && req.method === 'POST') {
      if (notAdmin(req, res)) return;
      const email = String(body.email).toLowerCase();
      if (users.has(email)) return json(res, 422, { code: 422, error_code: 'email_exists', msg: 'A user with this email address has already been registered' });
      const id = standIn.addUser(email, '');
      const account = users.get(email) as Account;
      const made = newPending(account, 'invite');
      const redirect = url.searchParams.get('redirect_to') ?? options.siteOrigin;
      if (!(await mail(email, 'invite', { Token: made.code, TokenHash: made.hash, ConfirmationURL: verifyUrl(made, redirect), RedirectTo: redirect }))) {
        users.delete(email);
        return json(res, 500, { code: 500, error_code: 'unexpected_failure', msg: 'Error sending invite email' });
      }
      return json(res, 200, { ...userOf(account), id });
    }
    if (url.pathname === '/auth/v1/admin/generate_link' && req.method === 'POST') {
      if (notAdmin(req, res)) return;
      const account = users.get(String(body.email).toLowerCase());
      if (body.type !== 'magiclink' || !account) return json(res, 404, { code: 404, error_code: 'user_not_found', msg: 'User not found' });
      const made = newPending(account, 'magiclink');
      madeLinks.push(account.email);
      const redirect = url.searchParams.get('redirect_to') ?? options.siteOrigin;
      return json(res, 200, { ...userOf(account), action_link: verifyUrl(made, redirect), email_otp: made.code, hashed_token: made.hash, verification_type: 'magiclink', redirect_to: redirect });
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
  const standIn: SupabaseStandIn = {
    url: address,
    serviceRoleKey,
    secretKey,
    links,
    madeLinks,
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
  return standIn;
}
