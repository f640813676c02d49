import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sodium from 'libsodium-wrappers';
import type { ProjectMail } from '../../scripts/setup/projectConfig.ts';

/**
 * The platforms `npm run setup` works with, on this computer, in one server: Supabase's management API (organisations,
 * projects that take a moment to start, their API keys, Auth settings, function secrets listed by their SHA-256 as
 * Supabase lists them), GitHub's Actions API (secrets sealed to the repository's key, opened here with libsodium as
 * GitHub opens them, and the deploy workflow's dispatch) and Netlify's sites API. Each checks its token. A test can
 * make the next matching call fail as a platform's fault does.
 *
 * Supabase's side also answers what the pinned Supabase CLI asks when the deploy runs `supabase config push`: the
 * project, its add-ons, and the whole configuration (GET /v2/projects/{ref}/config, in the shape the CLI's own client
 * decodes, Auth's secrets as an HMAC of their value keyed by the project's ref). Auth's settings start as a new
 * project's, with every key the platform answers (recorded/auth-config.json, from the CLI's recorded traffic): the CLI
 * refuses an answer that lacks one, and would push its own default for a key it is not told.
 */
export interface SetupStandIns {
  url: string;
  tokens: { supabase: string; github: string; netlify: string };
  /** What each platform holds now. */
  supabase: { projects: Project[]; auth: Record<string, unknown>; secrets: Map<string, string> };
  github: { secrets: Map<string, string>; dispatches: unknown[] };
  netlify: { sites: { id: string; name: string; custom_domain?: string }[] };
  /** Every call that changes something: "PATCH /v1/projects/abc/config/auth". */
  writes: string[];
  /** The next call matching `method` and `path` is answered with `status`, as a platform's fault. */
  failNext(method: string, path: RegExp, status: number): void;
  /** The project's e-mail settings as its Auth now has them (what setup sent), for the Auth stand-in's mailer. */
  mail(): ProjectMail | undefined;
  close(): Promise<void>;
}

interface Project { id: string; name: string; organization_id: string; region: string; status: string; asked: number; dbPass: string }

export async function startSetupStandIns(options: { organizations?: { id: string; slug: string; name: string }[]; secretKey: string; smtpPort: number }): Promise<SetupStandIns> {
  await sodium.ready;
  const repositoryKey = sodium.crypto_box_keypair();
  const tokens = { supabase: `sbp_${randomBytes(20).toString('hex')}`, github: `github_pat_${randomUUID().replace(/-/g, '')}`, netlify: `nfp_${randomUUID().replace(/-/g, '')}` };
  const organizations = options.organizations ?? [{ id: 'org-saltbush', slug: 'saltbush-bay', name: 'Saltbush Bay Medical' }];
  const projects: Project[] = [];
  const auth = JSON.parse(readFileSync(join(import.meta.dirname, 'recorded', 'auth-config.json'), 'utf8')) as Record<string, unknown>;
  const functionSecrets = new Map<string, string>([['SUPABASE_URL', 'given by Supabase'], ['SUPABASE_DB_URL', 'given by Supabase']]);
  const actionsSecrets = new Map<string, string>();
  const dispatches: unknown[] = [];
  const sites: SetupStandIns['netlify']['sites'] = [];
  const writes: string[] = [];
  const failures: { method: string; path: RegExp; status: number }[] = [];

  const json = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' }).end(body === undefined ? undefined : JSON.stringify(body));
  };
  const read = async (req: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown : undefined;
  };
  // A project's ref is 20 lower-case letters, as Supabase makes it and the CLI checks it.
  const projectRef = () => Array.from(randomBytes(20), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
  const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

  async function supabase(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.headers.authorization !== `Bearer ${tokens.supabase}`) return json(res, 401, { message: 'Unauthorized' });
    if (path === '/v1/organizations') return json(res, 200, organizations);
    if (path === '/v1/projects' && req.method === 'GET') return json(res, 200, projects.map(({ asked: _a, dbPass: _d, ...p }) => p));
    if (path === '/v1/projects' && req.method === 'POST') {
      const body = await read(req) as { name: string; organization_id: string; db_pass: string; region: string };
      if (!organizations.some((o) => o.id === body.organization_id)) return json(res, 404, { message: 'Organization not found' });
      if (!body.db_pass || body.db_pass.length < 16) return json(res, 400, { message: 'db_pass is too weak' });
      const made: Project = { id: projectRef(), name: body.name, organization_id: body.organization_id, region: body.region, status: 'COMING_UP', asked: 0, dbPass: body.db_pass };
      projects.push(made);
      return json(res, 201, { id: made.id, name: made.name, organization_id: made.organization_id, region: made.region, status: made.status });
    }
    const one = /^\/v[12]\/projects\/([a-z0-9]+)(\/.*)?$/.exec(path);
    const project = projects.find((p) => p.id === one?.[1]);
    if (!one || !project) return json(res, 404, { message: 'Project not found' });
    const rest = one[2] ?? '';
    // A new project starts on the second ask.
    if (rest === '') {
      project.asked++;
      if (project.asked > 1) project.status = 'ACTIVE_HEALTHY';
      return json(res, 200, {
        id: project.id, ref: project.id, name: project.name, organization_id: project.organization_id, organization_slug: organizations.find((o) => o.id === project.organization_id)?.slug,
        region: project.region, created_at: '2026-12-07T00:00:00Z', status: project.status,
        database: { host: `db.${project.id}.supabase.co`, version: '17.4.1.054', postgres_engine: '17', release_channel: 'ga' },
      });
    }
    if (project.status !== 'ACTIVE_HEALTHY') return json(res, 400, { message: 'Project is not ready yet' });
    if (rest === '/api-keys') {
      return json(res, 200, [
        { name: 'anon', api_key: 'eyJ.legacy-anon', type: 'legacy' },
        { name: 'service_role', api_key: 'eyJ.legacy-service-role', type: 'legacy' },
        { name: 'default', api_key: 'sb_publishable_standin', type: 'publishable' },
        { name: 'default', api_key: options.secretKey, type: 'secret' },
      ]);
    }
    if (path.startsWith('/v2/')) return rest === '/config' && req.method === 'GET' ? json(res, 200, projectConfig(project)) : json(res, 404, { message: 'Not found' });
    if (rest === '/billing/addons') return json(res, 200, { selected_addons: [], available_addons: [] });
    if (rest === '/config/auth' && req.method === 'GET') return json(res, 200, { ...auth, smtp_pass: null });
    if (rest === '/config/auth' && req.method === 'PATCH') {
      const body = await read(req) as Record<string, unknown>;
      const templates = Object.keys(body).some((k) => k.startsWith('mailer_templates_') || k.startsWith('mailer_subjects_'));
      if (templates && !(body.smtp_host ?? auth.smtp_host)) return json(res, 400, { message: 'Email template modification is not available on the default email provider: configure a custom SMTP provider first.' });
      Object.assign(auth, body);
      return json(res, 200, auth);
    }
    if (rest === '/secrets' && req.method === 'GET') return json(res, 200, [...functionSecrets].map(([name, value]) => ({ name, value: sha256(value) })));
    if (rest === '/secrets' && req.method === 'POST') {
      for (const { name, value } of await read(req) as { name: string; value: string }[]) functionSecrets.set(name, value);
      return json(res, 201);
    }
    json(res, 404, { message: 'Not found' });
  }

  /** Auth's settings with each secret as its HMAC, keyed by the project's ref, as the platform answers and the CLI compares. */
  const maskedAuth = (project: Project) => Object.fromEntries(Object.entries(auth).map(([key, value]) =>
    [key, typeof value === 'string' && /(_pass|_secret|_secrets|_auth_token|_api_key)$/.test(key) ? createHmac('sha256', project.id).update(value).digest('hex') : value]));

  /** GET /v2/projects/{ref}/config: a new project's database, pooler, Data API, Realtime and Storage, and Auth as set. */
  const projectConfig = (project: Project) => ({
    data: {
      type: 'project_config', id: project.id,
      attributes: {
        database: {
          major_version: 17, ssl_enforced: false, postgres_settings: {},
          network_restrictions: { entitlement: 'allowed', status: 'applied', allowed_cidrs: [{ address: '0.0.0.0/0', type: 'v4' }, { address: '::/0', type: 'v6' }] },
        },
        pooler: { pool_mode: 'transaction', ignore_startup_parameters: '', server_idle_timeout: 600, server_lifetime: 3600, query_wait_timeout: 120, reserve_pool_size: 0, default_pool_size: 15, max_client_conn: 200 },
        auth: maskedAuth(project),
        api: { db_schema: 'public,graphql_public', db_extra_search_path: 'public,extensions', max_rows: 1000, db_pool: null },
        realtime: {
          private_only: false, max_concurrent_users: 200, max_events_per_second: 100, max_bytes_per_second: 100000, max_channels_per_client: 100, max_joins_per_second: 100,
          max_presence_events_per_second: 100, max_payload_size_in_kb: 100, presence_enabled: true, suspend: false, connection_pool: 2, postgres_changes_pool: null,
        },
        storage: {
          file_size_limit: 52428800, upstream_target: 'main', migration_version: 'fix-object-level', database_pool_mode: 'recycled',
          features: {
            image_transformation: { enabled: true }, s3_protocol: { enabled: true }, purge_cache: { enabled: true },
            iceberg_catalog: { enabled: false, max_namespaces: 10, max_tables: 10, max_catalogs: 2 }, vector_buckets: { enabled: false, max_buckets: 10, max_indexes: 5 },
          },
          capabilities: { list_v2: true, iceberg_catalog: false },
        },
      },
    },
  });

  async function github(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.headers.authorization !== `Bearer ${tokens.github}`) return json(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
    const rest = /^\/repos\/saltbush-bay\/website(\/.*)$/.exec(path)?.[1];
    if (!rest) return json(res, 404, { message: 'Not Found' });
    if (rest === '/actions/secrets/public-key') return json(res, 200, { key_id: 'repo-key-1', key: sodium.to_base64(repositoryKey.publicKey, sodium.base64_variants.ORIGINAL) });
    if (rest === '/actions/secrets') return json(res, 200, { total_count: actionsSecrets.size, secrets: [...actionsSecrets.keys()].map((name) => ({ name, created_at: '2026-12-07T00:00:00Z', updated_at: '2026-12-07T00:00:00Z' })) });
    const secret = /^\/actions\/secrets\/([A-Z0-9_]+)$/.exec(rest)?.[1];
    if (secret && req.method === 'PUT') {
      const body = await read(req) as { encrypted_value: string; key_id: string };
      if (body.key_id !== 'repo-key-1') return json(res, 422, { message: 'Invalid request: key_id does not match the repository key' });
      const opened = sodium.crypto_box_seal_open(sodium.from_base64(body.encrypted_value, sodium.base64_variants.ORIGINAL), repositoryKey.publicKey, repositoryKey.privateKey);
      const existed = actionsSecrets.has(secret);
      actionsSecrets.set(secret, sodium.to_string(opened));
      return json(res, existed ? 204 : 201);
    }
    if (rest === '/actions/workflows/deploy.yml/dispatches' && req.method === 'POST') {
      dispatches.push(await read(req));
      return json(res, 204);
    }
    json(res, 404, { message: 'Not Found' });
  }

  async function netlify(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    if (req.headers.authorization !== `Bearer ${tokens.netlify}`) return json(res, 401, { code: 401, message: 'Access Denied: your token is invalid' });
    if (path === '/api/v1/sites' && req.method === 'GET') return json(res, 200, sites.filter((s) => s.name.includes(url.searchParams.get('name') ?? '')));
    if (path === '/api/v1/sites' && req.method === 'POST') {
      const body = await read(req) as { name: string; custom_domain?: string };
      if (sites.some((s) => s.name === body.name)) return json(res, 422, { code: 422, message: 'subdomain must be unique' });
      const made = { id: randomUUID(), name: body.name, custom_domain: body.custom_domain };
      sites.push(made);
      return json(res, 201, { ...made, url: `https://${made.name}.netlify.app` });
    }
    const one = /^\/api\/v1\/sites\/([^/]+)$/.exec(path)?.[1];
    const found = sites.find((s) => s.id === one);
    if (found) return json(res, 200, found);
    json(res, 404, { code: 404, message: 'Not Found' });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const failure = failures.findIndex((f) => f.method === req.method && f.path.test(path));
    if (failure >= 0) {
      const [{ status }] = failures.splice(failure, 1);
      return json(res, status, { message: 'An internal error occurred' });
    }
    if (req.method !== 'GET') writes.push(`${req.method} ${path}`);
    const answer = path.startsWith('/supabase/') ? supabase(req, res, path.slice('/supabase'.length))
      : path.startsWith('/github/') ? github(req, res, path.slice('/github'.length))
        : path.startsWith('/netlify/') ? netlify(req, res, path.slice('/netlify'.length), url)
          : Promise.resolve(json(res, 404, { message: 'No such platform' }));
    answer.catch((error: unknown) => json(res, 500, { message: String(error) }));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    tokens,
    supabase: { projects, auth, secrets: functionSecrets },
    github: { secrets: actionsSecrets, dispatches },
    netlify: { sites },
    writes,
    failNext: (method, path, status) => { failures.push({ method, path, status }); },
    mail() {
      if (typeof auth.smtp_host !== 'string') return undefined;
      const text = (key: string) => String(auth[key] ?? '');
      return {
        // The provider is this computer's stand-in, wherever the settings say it is.
        smtp: { host: '127.0.0.1', port: options.smtpPort, user: text('smtp_user'), pass: text('smtp_pass'), adminEmail: text('smtp_admin_email'), senderName: text('smtp_sender_name') },
        otpLength: Number(auth.mailer_otp_length), otpExpirySeconds: Number(auth.mailer_otp_exp),
        templates: {
          magic_link: { subject: text('mailer_subjects_magic_link'), content: text('mailer_templates_magic_link_content') },
          invite: { subject: text('mailer_subjects_invite'), content: text('mailer_templates_invite_content') },
        },
      };
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
