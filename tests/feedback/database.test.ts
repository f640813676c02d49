import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feedbackStore, listFeedback, migrate, openFeedbackDatabase, StoreBusyError, type FeedbackDatabase } from '../../server/local/feedbackStore.ts';
import { emptyTables, valid } from './helpers.ts';
import { limit } from '../../bench/machineSpeed.ts';

let database: FeedbackDatabase;
beforeAll(async () => { database = await openFeedbackDatabase(null); }, limit(60_000));
afterAll(async () => { await database?.close(); });
beforeEach(async () => {
  await emptyTables(database.db);
  await feedbackStore(database.db).submit({ ...valid, feedbackType: 'complaint' }, null);
});

/** Runs SQL as another role and always returns to the superuser. */
async function as<T>(role: string, run: () => Promise<T>): Promise<T> {
  await database.db.exec(`set role ${role}`);
  try {
    return await run();
  } finally {
    await database.db.exec('reset role');
  }
}

async function outcome(sql: string, params: unknown[] = []): Promise<string> {
  try {
    const result = await database.db.query(sql, params);
    return `ok, ${result.rows.length} rows, ${result.affectedRows ?? 0} affected`;
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

describe('the public (anon) and signed-in (authenticated) roles', () => {
  for (const role of ['anon', 'authenticated']) {
    it(`${role} cannot select, update, delete, insert or call submit_feedback`, async () => {
      const results = await as(role, async () => ({
        select: await outcome('select * from public.feedback'),
        update: await outcome(`update public.feedback set message = 'changed'`),
        delete: await outcome('delete from public.feedback'),
        insert: await outcome(`insert into public.feedback (message) values ('sneaky')`),
        rateSelect: await outcome('select * from public.feedback_rate_limit'),
        rateDelete: await outcome('delete from public.feedback_rate_limit'),
        submit: await outcome(`select public.submit_feedback('general', '', '', '', 'via rpc', null, null, 0, 3600)`),
        // The identity sequence behind feedback.id: a setval here would make every later submission fail.
        nextval: await outcome(`select nextval('public.feedback_id_seq')`),
        setval: await outcome(`select setval('public.feedback_id_seq', 1)`),
        sequenceRead: await outcome('select last_value from public.feedback_id_seq'),
      }));
      for (const [action, result] of Object.entries(results)) {
        expect(result, action).toMatch(/^refused: permission denied/);
      }
      const rows = await listFeedback(database.db);
      expect(rows).toHaveLength(1);
      expect(rows[0].message).toBe(valid.message);
    });
  }

  it('row level security hides every row from anon even if someone grants it the table by mistake', async () => {
    await database.db.exec('grant select, update, delete on public.feedback to anon');
    try {
      const results = await as('anon', async () => ({
        select: await outcome('select * from public.feedback'),
        update: await outcome(`update public.feedback set message = 'changed' returning id`),
        delete: await outcome('delete from public.feedback returning id'),
      }));
      expect(results).toEqual({ select: 'ok, 0 rows, 0 affected', update: 'ok, 0 rows, 0 affected', delete: 'ok, 0 rows, 0 affected' });
      expect((await listFeedback(database.db))[0].message).toBe(valid.message);
    } finally {
      await database.db.exec('revoke all on public.feedback from anon');
    }
  });

  it('service_role (the server side) can store through submit_feedback and read', async () => {
    const result = await as('service_role', async () => outcome(`select public.submit_feedback('general', '', '', '', 'from the server', null, null, 0, 3600)`));
    expect(result).toMatch(/^ok/);
    expect((await listFeedback(database.db)).map((r) => r.message)).toContain('from the server');
  });
});

describe("Supabase's default privileges", () => {
  // The roles and grants a Supabase project has were recreated before the migrations ran (feedbackStore.ts), so what
  // the migrations leave open here is what they would leave open there.
  it('are in force: a table made after the migrations is granted to anon', async () => {
    await database.db.exec('create table public.probe (x int)');
    try {
      const { rows } = await database.db.query<{ granted: boolean }>(`select has_table_privilege('anon', 'public.probe', 'SELECT') as granted`);
      expect(rows[0].granted).toBe(true);
    } finally {
      await database.db.exec('drop table public.probe');
    }
  });

  it('leave no table, sequence or function of the migrations open to public, anon or authenticated', async () => {
    // Each privilege a role holds, by name: an exception is allowed for exactly the privileges listed below, not for
    // a whole table.
    const { rows } = await database.db.query<{ kind: string; name: string; role: string; held: string[] }>(`
      with roles(role) as (values ('anon'), ('authenticated'), ('public')),
      objects as (
        select case c.relkind when 'S' then 'sequence' else 'table' end as kind, c.oid, c.oid::regclass::text as name, c.relacl as acl
          from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')
        union all
        select 'function', p.oid, p.oid::regprocedure::text, p.proacl from pg_proc p where p.pronamespace = 'public'::regnamespace
      ),
      privileges(kind, privilege, n) as (
        values ('table', 'SELECT', 1), ('table', 'INSERT', 2), ('table', 'UPDATE', 3), ('table', 'DELETE', 4), ('table', 'TRUNCATE', 5),
          ('table', 'REFERENCES', 6), ('table', 'TRIGGER', 7), ('sequence', 'USAGE', 1), ('sequence', 'SELECT', 2), ('sequence', 'UPDATE', 3),
          ('function', 'EXECUTE', 1)
      )
      select o.kind, o.name, r.role, array_agg(p.privilege order by p.n) filter (where
        case
          -- No ACL means the defaults: PUBLIC may execute a function, and nothing on a table or sequence.
          when r.role = 'public' then case when o.acl is null then o.kind = 'function' else exists (select from aclexplode(o.acl) a where a.grantee = 0 and a.privilege_type = p.privilege) end
          when o.kind = 'sequence' then has_sequence_privilege(r.role, o.oid, p.privilege)
          when o.kind = 'function' then has_function_privilege(r.role, o.oid, p.privilege)
          else has_table_privilege(r.role, o.oid, p.privilege)
        end) as held
      from objects o cross join roles r join privileges p on p.kind = o.kind
      group by o.kind, o.name, r.role order by o.kind, o.name, r.role`);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['feedback', 'feedback_rate_limit', 'feedback_id_seq', 'editors', 'editor_drafts', 'editor_draft_files']));
    expect(rows.some((r) => r.kind === 'function' && r.name.startsWith('submit_feedback('))).toBe(true);
    // The staff editor's tables are the site-editor function's alone (its own role, tests/editor/hosted/database.test.ts):
    // a signed-in person reaches them only through its checks, never through the REST API.
    expect(rows.filter((r) => r.held !== null).map((r) => `${r.role} -> ${r.kind} ${r.name}: ${r.held.join(', ')}`)).toEqual([]);
  });
});

describe('feedback_writer, the role the function acts as', () => {
  it('can log in nowhere and can only call submit_feedback', async () => {
    const { rows } = await database.db.query<{ rolcanlogin: boolean; rolsuper: boolean; rolbypassrls: boolean }>(
      `select rolcanlogin, rolsuper, rolbypassrls from pg_roles where rolname = 'feedback_writer'`,
    );
    expect(rows).toEqual([{ rolcanlogin: false, rolsuper: false, rolbypassrls: false }]);
    const results = await as('feedback_writer', async () => ({
      submit: await outcome(`select public.submit_feedback('general', '', '', '', 'as the writer', null, null, 0, 3600)`),
      select: await outcome('select * from public.feedback'),
      insert: await outcome(`insert into public.feedback (message) values ('direct')`),
      update: await outcome(`update public.feedback set message = 'changed'`),
      delete: await outcome('delete from public.feedback'),
      rateSelect: await outcome('select * from public.feedback_rate_limit'),
      nextval: await outcome(`select nextval('public.feedback_id_seq')`),
      setval: await outcome(`select setval('public.feedback_id_seq', 1)`),
    }));
    const { submit, ...others } = results;
    expect(submit).toMatch(/^ok, 1 rows/);
    for (const [action, result] of Object.entries(others)) expect(result, action).toMatch(/^refused: permission denied/);
    expect((await listFeedback(database.db)).map((r) => r.message)).toContain('as the writer');
  });

  it('is the role the local store acts as: without its right to call submit_feedback, nothing is stored', async () => {
    const signature = 'public.submit_feedback(public.feedback_type, text, text, text, text, uuid, text, integer, integer)';
    await database.db.exec(`revoke execute on function ${signature} from feedback_writer`);
    try {
      await expect(feedbackStore(database.db).submit({ ...valid, message: 'not as superuser' }, null)).rejects.toThrow(/permission denied/);
    } finally {
      await database.db.exec(`grant execute on function ${signature} to feedback_writer`);
    }
    expect((await feedbackStore(database.db).submit({ ...valid, message: 'as the writer again' }, null)).stored).toBe(true);
  });
});

describe('the table enforces the same bounds as the form and the function', () => {
  const refused: [string, string, unknown[]][] = [
    ['an unknown type', `insert into public.feedback (feedback_type, message) values ('spam', 'x')`, []],
    ['a message over 5000 characters', 'insert into public.feedback (message) values ($1)', ['x'.repeat(5001)]],
    ['a blank message', 'insert into public.feedback (message) values ($1)', [' \n\t ']],
    ['no message', 'insert into public.feedback (name) values ($1)', ['A']],
    ['a name over 200 characters', `insert into public.feedback (name, message) values ($1, 'x')`, ['n'.repeat(201)]],
    ['an email over 320 characters', `insert into public.feedback (email, message) values ($1, 'x')`, [`${'e'.repeat(320)}@x.au`]],
    ['a phone over 40 characters', `insert into public.feedback (phone, message) values ($1, 'x')`, ['1'.repeat(41)]],
    ['an email without @', `insert into public.feedback (email, message) values ($1, 'x')`, ['nobody']],
    ['a control character in the name', `insert into public.feedback (name, message) values ($1, 'x')`, ['a\u0007b']],
    ['a control character in the message', 'insert into public.feedback (message) values ($1)', ['a\u001bb']],
    ['a rate-limit row with a raw address', `insert into public.feedback_rate_limit (client_hash) values ('203.0.113.7')`, []],
  ];
  it.each(refused)('refuses %s', async (_name, sql, params) => {
    expect(await outcome(sql, params)).toMatch(/^refused: /);
    expect(await listFeedback(database.db)).toHaveLength(1);
  });

  it('counts characters, not bytes: 5000 emoji fit', async () => {
    expect(await outcome('insert into public.feedback (message) values ($1)', ['🙂'.repeat(5000)])).toMatch(/^ok/);
  });
});

describe('migrations', () => {
  it('are recorded and not applied twice', async () => {
    expect(await migrate(database.db)).toEqual([]);
    const { rows } = await database.db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });
});

describe('the local data folder', () => {
  let dir: string;
  beforeAll(() => { dir = mkdtempSync(join(tmpdir(), 'feedback-db-')); });
  afterAll(() => { rmSync(dir, { recursive: true, force: true }); });

  it('keeps submissions across restarts and lets one process at a time open it', async () => {
    const dataDir = join(dir, 'feedback');
    const first = await openFeedbackDatabase(dataDir);
    await feedbackStore(first.db).submit({ ...valid, message: 'kept across restarts' }, null);
    // The lock names this (live) process: a second opener is told what to do instead of corrupting the data.
    await expect(openFeedbackDatabase(dataDir)).rejects.toThrow(StoreBusyError);
    await expect(openFeedbackDatabase(dataDir)).rejects.toThrow(/Stop that program/);
    await first.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);

    // A lock left by a program that died is taken over.
    writeFileSync(`${dataDir}.lock`, '999999999');
    const second = await openFeedbackDatabase(dataDir);
    expect((await listFeedback(second.db)).map((r) => r.message)).toEqual(['kept across restarts']);
    await second.close();
  }, limit(120_000));
});
