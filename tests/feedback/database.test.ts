import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feedbackStore, listFeedback, migrate, openFeedbackDatabase, StoreBusyError, type FeedbackDatabase } from '../../scripts/server/feedbackStore.ts';
import { emptyTables, valid } from './helpers.ts';

let database: FeedbackDatabase;
beforeAll(async () => { database = await openFeedbackDatabase(null); }, 60_000);
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
        submit: await outcome(`select public.submit_feedback('general', '', '', '', 'via rpc', null, 0, 3600)`),
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
    const result = await as('service_role', async () => outcome(`select public.submit_feedback('general', '', '', '', 'from the server', null, 0, 3600)`));
    expect(result).toMatch(/^ok/);
    expect((await listFeedback(database.db)).map((r) => r.message)).toContain('from the server');
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
  }, 120_000);
});
