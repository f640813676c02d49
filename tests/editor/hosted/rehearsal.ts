import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from '../../../server/local/feedbackStore.ts';
import { valueOfText } from '../../../src/editor/yaml/patch.ts';
import { startFakeGitHub, type FakeGitHub } from '../host/fakeGitHub.ts';
import { opsFor } from '../ops.ts';
import { sandbox, type Sandbox } from '../sandbox.ts';
import { startAuthStandIn, type AuthStandIn } from './authStandIn.ts';
import { bundled, mountAsCli, ROOT, denoEnv } from './cliMount.ts';
import { startDeno, type Started } from './denoProcess.ts';

/*
 * The site-editor function set up as Supabase would run it, on this machine: a copy of what the CLI mounts, a
 * PGlite database inside the copy with the migrations and two editors, Supabase Auth's keys and admin endpoint
 * (authStandIn.ts), and GitHub's API over a real bare repository (host/fakeGitHub.ts). Used by rehearsal.test.ts and
 * by `npm run bench` (its CPU figures).
 */

export const ORIGIN = 'https://www.practice.example';
export const FUNCTION = join('supabase', 'functions', 'site-editor');
const HARNESS = join('tests', 'editor', 'hosted', 'edge', 'rehearse.ts');
/** The harness's database, started as a worker (so no import names it). */
const DATABASE = join('tests', 'editor', 'hosted', 'edge', 'database.ts');
export const karen = { sub: '11111111-1111-4111-8111-111111111111', email: 'karen@practice.example', name: 'Karen Mills' };
export const sam = { sub: '22222222-2222-4222-8222-222222222222', email: 'sam@practice.example', name: 'Sam Ortiz' };

export type Site = { contact: { phone: string; fax: string; email: string }; hours: { regular: { closes: string }[] } };

export interface Rehearsal {
  copy: string;
  /** The function's deno.json inside the copy. */
  config: string;
  denoDir: string;
  /** How many files were mounted. */
  mounted: number;
  box: Sandbox;
  auth: AuthStandIn;
  /**
   * Runs the function from the copy: network, environment and reading the copy only, in 256 MB. `bundled`: from one
   * file Deno bundled beforehand, as Supabase runs its upload (its modules already JavaScript and put together), so no
   * start spends time turning TypeScript into JavaScript; otherwise from the mounted modules themselves.
   */
  start(options?: { bundled?: boolean }): Promise<Started>;
  call(action: string, token: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /** One save, as the forms make it: the operations from the document's value to `change(value)`. */
  save(token: string, change: (site: Site) => void): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function prepareRehearsal(): Promise<Rehearsal> {
  const copy = mkdtempSync(join(tmpdir(), 'cli-mount-'));
  const denoDir = mkdtempSync(join(tmpdir(), 'deno-dir-'));
  const config = join(copy, FUNCTION, 'deno.json');
  const mounted = mountAsCli(copy, [join(ROOT, FUNCTION, 'index.ts'), join(ROOT, HARNESS), join(ROOT, DATABASE)], join(ROOT, FUNCTION, 'deno.json'), denoDir);
  cpSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'dist'), join(copy, 'vendor', 'pglite'), { recursive: true });
  const db = new PGlite();
  await migrate(db);
  for (const person of [karen, sam]) await db.query('insert into public.editors (email, name) values ($1, $2)', [person.email, person.name]);
  writeFileSync(join(copy, 'vendor', 'database.tar.gz'), Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer()));
  await db.close();
  const box = sandbox('real');
  const github: FakeGitHub = await startFakeGitHub({ bareRepo: box.remote, token: 'github-key', owner: 'practice', repo: 'site' });
  const auth = await startAuthStandIn();
  let fn: Started | undefined;
  const call: Rehearsal['call'] = async (action, token, body) => {
    const res = await fetch(`${fn?.url}/site-editor/${action}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { origin: ORIGIN, authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return {
    copy, config, denoDir, mounted, box, auth, call,
    async start(options) {
      const entry = options?.bundled ? bundled(join(copy, HARNESS), config, denoDir) : join(copy, HARNESS);
      fn = await startDeno([
        // No code cache: each start compiles the function's code anew, as a new instance would, however often it runs here.
        '--config', config, '--allow-net', '--allow-env', `--allow-read=${copy}`, '--v8-flags=--max-old-space-size=256', '--no-code-cache', entry,
      ], {
        ...denoEnv(denoDir),
        REHEARSAL_PGLITE: '../../../../vendor/pglite/index.js', REHEARSAL_DATABASE: '../../../../vendor/database.tar.gz',
        // A project made now has the new API keys only: the function finds its secret key among them.
        SUPABASE_URL: auth.url, SUPABASE_SECRET_KEYS: JSON.stringify({ default: auth.secretKey }),
        GITHUB_TOKEN: 'github-key', GITHUB_REPOSITORY: 'practice/site', GITHUB_API_URL: github.url, EDITOR_ALLOWED_ORIGINS: ORIGIN,
      }, copy);
      if (!fn.url) throw new Error(`The function did not start:\n${fn.said.join('')}`);
      return fn;
    },
    async save(token, change) {
      const doc = await call('document', token);
      const value = valueOfText(String(doc.body.text)) as Site;
      const next = structuredClone(value);
      change(next);
      return call('ops', token, { ops: opsFor(value, next), hash: doc.body.hash });
    },
    async close() {
      await fn?.stop();
      await github.close();
      await auth.close();
      box.cleanup();
      rmSync(copy, { recursive: true, force: true });
      rmSync(denoDir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU time the main thread of a process has used so far (user and system), in milliseconds, from Linux's /proc: the
 * thread a function's code runs on, whose time Supabase's limit counts (not the database's thread of the rehearsal).
 */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // After the name: state is field 3, so utime (14) and stime (15) are at 11 and 12; clock ticks of 10 ms on Linux.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
