/**
 * The local feedback database: PGlite (Postgres compiled to WebAssembly) running the same migration files as
 * Supabase, with its data in a git-ignored folder that survives restarts (.data/feedback unless FEEDBACK_DATA_DIR).
 * One process at a time may open a folder: a lock file beside it says which.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { SET_WRITER_ROLE, sqlStore, type FeedbackStore } from '../feedback/store.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const MIGRATIONS_DIR = join(root, 'supabase', 'migrations');
export const DEFAULT_DATA_DIR = join(root, '.data', 'feedback');

/** The staff editor's database (editors and drafts), beside the feedback data: EDITOR_DATA_DIR, else <feedback>-editor. */
export function editorDataDir(): string {
  return resolve(process.env.EDITOR_DATA_DIR || `${feedbackDataDir()}-editor`);
}

/** The data folder: FEEDBACK_DATA_DIR when set, else .data/feedback in the project. */
export function feedbackDataDir(): string {
  return resolve(process.env.FEEDBACK_DATA_DIR || DEFAULT_DATA_DIR);
}

/** The roles and default grants a Supabase database has, so the migrations run unchanged and RLS meets the same roles. */
const SUPABASE_ROLES = `
do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
end $$;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
-- Supabase's own auth.uid() and auth.jwt(): the claims of the sign-in the request carries, which row level security
-- policies read (the editor's tables). PGlite has no auth schema of its own.
create schema if not exists auth;
create or replace function auth.uid() returns uuid language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$fn$;
create or replace function auth.jwt() returns jsonb language sql stable as $fn$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$fn$;
grant usage on schema auth to anon, authenticated, service_role;
grant execute on function auth.uid(), auth.jwt() to anon, authenticated, service_role;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text primary key, name text not null, applied_at timestamptz not null default now());
`;

export class StoreBusyError extends Error {}

export interface FeedbackDatabase {
  db: PGlite;
  /** Where the data lives; null for an in-memory database (tests). */
  dataDir: string | null;
  close(): Promise<void>;
}

/** Applies every supabase/migrations/*.sql not applied yet, in name order, each in its own transaction. */
export async function migrate(db: PGlite, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(SUPABASE_ROLES);
  const done = new Set((await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
  const applied: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
    const [version, ...rest] = basename(file, '.sql').split('_');
    if (done.has(version)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, rest.join('_')]);
    });
    applied.push(file);
  }
  return applied;
}

function lockFile(dataDir: string) {
  return `${dataDir}.lock`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function acquireLock(dataDir: string): () => void {
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
        throw new StoreBusyError(
          `The feedback data in ${dataDir} is open in another program (process ${pid}), for example a running \`npm start\` or \`npm run dev\`. ` +
            `Stop that program and try again. If no such program is running, delete ${file}.`,
        );
      }
      unlinkSync(file); // left behind by a program that has stopped
    }
  }
  throw new StoreBusyError(`Could not lock ${dataDir}.`);
}

/** Opens (creating when needed) the feedback database in dataDir, or in memory when dataDir is null, and migrates it. */
export async function openFeedbackDatabase(dataDir: string | null): Promise<FeedbackDatabase> {
  let release = () => {};
  if (dataDir) {
    mkdirSync(dirname(dataDir), { recursive: true });
    release = acquireLock(dataDir);
  }
  try {
    const db = await PGlite.create(dataDir ?? undefined);
    await migrate(db);
    return {
      db,
      dataDir,
      async close() {
        try {
          if (!db.closed) await db.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** The store of the local function: each call runs as feedback_writer, the least-privilege role Supabase's runs as. */
export function feedbackStore(db: PGlite): FeedbackStore {
  return sqlStore((text, params) =>
    db.transaction(async (tx) => {
      await tx.exec(SET_WRITER_ROLE);
      return (await tx.query<Record<string, unknown>>(text, params)).rows;
    }),
  );
}

/**
 * The salt of the rate limit's address hashes when FEEDBACK_RATE_LIMIT_SALT is unset: made once and kept beside the
 * data (dataDir.salt, readable by this user only), so that a restart does not start every visitor's count again.
 */
export function localRateLimitSalt(dataDir: string): string {
  const file = `${dataDir}.salt`;
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(kept)) return kept;
  } catch {
    // not made yet
  }
  const salt = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  // Written whole or not at all: a crash half-way never leaves a short salt behind.
  writeFileSync(`${file}.${process.pid}`, salt, { mode: 0o600 });
  renameSync(`${file}.${process.pid}`, file);
  return salt;
}

export interface StoredFeedback {
  id: number;
  createdAt: string;
  feedbackType: string;
  name: string;
  email: string;
  phone: string;
  message: string;
}

/** Every stored submission, oldest first (by id as a number: the output column below is text). */
export async function listFeedback(db: PGlite): Promise<StoredFeedback[]> {
  const { rows } = await db.query<{ id: string; created_at: Date; feedback_type: string; name: string; email: string; phone: string; message: string }>(
    'select f.id::text as id, f.created_at, f.feedback_type::text as feedback_type, f.name, f.email, f.phone, f.message from public.feedback f order by f.id',
  );
  return rows.map((row) => ({
    id: Number(row.id),
    createdAt: new Date(row.created_at).toISOString(),
    feedbackType: row.feedback_type,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
  }));
}

export function hasFeedbackData(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}
