// The hosted editor's tables on a real Postgres (PGlite, in memory) that ran supabase/migrations with Supabase's roles
// and default grants: what the public key (anon), a signed-in person who is not an editor, and an editor can do.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../scripts/server/feedbackStore.ts';
import { pgliteAsPerson } from '../../../scripts/server/editorDb.ts';
import type { Claims } from '../../../supabase/functions/_shared/editor/claims.ts';
import type { EditorDb } from '../../../supabase/functions/_shared/editor/editorDb.ts';
import { sqlEditorDb, type AsPerson } from '../../../supabase/functions/_shared/editor/sqlEditorDb.ts';

const person = (sub: string, email: string): Claims => ({ sub, email, role: 'authenticated', aud: 'authenticated', exp: 4_102_444_800 });
const ann = person('11111111-1111-4111-8111-111111111111', 'Ann@Example.com');
const bob = person('22222222-2222-4222-8222-222222222222', 'bob@example.com');
const eve = person('33333333-3333-4333-8333-333333333333', 'eve@example.com');
const BASE = 'a'.repeat(40);
const draftOf = (text: string) => ({ base: BASE, text, ops: [{ op: 'set', path: ['name'], value: text }] });
const bytes = (text: string) => new TextEncoder().encode(text);

let db: PGlite;
let asPerson: AsPerson;
let editors: EditorDb;
beforeAll(async () => {
  db = new PGlite();
  await migrate(db);
  asPerson = pgliteAsPerson(db);
  editors = sqlEditorDb(asPerson);
}, 60_000);
afterAll(async () => { await db?.close(); });
beforeEach(async () => {
  await db.exec(`
    reset role;
    truncate public.editors, public.editor_drafts, public.editor_draft_files;
    insert into public.editors (email, name) values ('ann@example.com', 'Ann Reception'), ('bob@example.com', 'Dr Bob');
  `);
  await editors.saveDraft(ann, draftOf('ann'), 0);
  await editors.addFile(ann, { path: 'public/images/ann.png', content: bytes('ann picture') });
  await editors.saveDraft(bob, draftOf('bob'), 0);
  await editors.addFile(bob, { path: 'documents/bob.pdf', content: bytes('bob document') });
});

/** What a statement did, or the start of why it was refused; run as `claims` (or as anon) in its own transaction. */
async function outcome(who: Claims | 'anon', sql: string, params: unknown[] = []): Promise<string> {
  try {
    const rows = who === 'anon'
      ? await db.transaction(async (tx) => {
        await tx.exec('set local role anon');
        return (await tx.query(sql, params)).rows;
      })
      : await asPerson(who, (query) => query(sql, params));
    return `ok, ${rows.length} rows`;
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

/** What is stored, read as the superuser (past row level security). */
async function stored(): Promise<{ drafts: string[]; files: string[] }> {
  const drafts = await db.query<{ row: string }>(`select user_id || ' ' || text || ' v' || version as row from public.editor_drafts order by 1`);
  const files = await db.query<{ row: string }>(`select user_id || ' ' || path as row from public.editor_draft_files order by 1`);
  return { drafts: drafts.rows.map((r) => r.row), files: files.rows.map((r) => r.row) };
}
const BEFORE = {
  drafts: [`${ann.sub} ann v1`, `${bob.sub} bob v1`],
  files: [`${ann.sub} public/images/ann.png`, `${bob.sub} documents/bob.pdf`],
};

describe('anon (the website\'s public key)', () => {
  it('can read, write or delete no editor row, no draft and no file', async () => {
    const results = {
      editors: await outcome('anon', 'select * from public.editors'),
      addEditor: await outcome('anon', `insert into public.editors (email, name) values ('anon@example.com', 'Anon')`),
      drafts: await outcome('anon', 'select * from public.editor_drafts'),
      insertDraft: await outcome('anon', `insert into public.editor_drafts (user_id, email, base, text, version) values ($1, 'x@example.com', $2, 'x', 1)`, [eve.sub, BASE]),
      updateDrafts: await outcome('anon', `update public.editor_drafts set text = 'changed'`),
      deleteDrafts: await outcome('anon', 'delete from public.editor_drafts'),
      files: await outcome('anon', 'select * from public.editor_draft_files'),
      insertFile: await outcome('anon', `insert into public.editor_draft_files (user_id, path, content) values ($1, 'public/x', '\\x00')`, [eve.sub]),
      deleteFiles: await outcome('anon', 'delete from public.editor_draft_files'),
    };
    for (const [action, result] of Object.entries(results)) expect(result, action).toMatch(/^refused: permission denied/);
    expect(await stored()).toEqual(BEFORE);
  });
});

describe('a signed-in person who is not an editor', () => {
  it('reads no editor row and nobody\'s draft or files', async () => {
    expect(await editors.editor(eve)).toBeUndefined();
    expect(await outcome(eve, 'select * from public.editors')).toBe('ok, 0 rows');
    expect(await outcome(eve, 'select * from public.editor_drafts')).toBe('ok, 0 rows');
    expect(await outcome(eve, 'select * from public.editor_draft_files')).toBe('ok, 0 rows');
    expect(await editors.draft(eve)).toBeUndefined();
    expect(await editors.files(eve)).toEqual([]);
  });

  it('cannot make a draft, add a file, make themselves an editor or change anyone\'s draft', async () => {
    await expect(editors.saveDraft(eve, draftOf('eve'), 0)).rejects.toThrow(/row-level security/);
    await expect(editors.addFile(eve, { path: 'public/eve.png', content: bytes('x') })).rejects.toThrow(/row-level security/);
    expect(await outcome(eve, `insert into public.editors (email, name) values ('eve@example.com', 'Eve')`)).toMatch(/^refused: permission denied/);
    expect(await outcome(eve, `update public.editor_drafts set text = 'eve was here' returning 1`)).toBe('ok, 0 rows');
    expect(await outcome(eve, 'delete from public.editor_draft_files returning 1')).toBe('ok, 0 rows');
    expect(await stored()).toEqual(BEFORE);
  });
});

describe('an editor', () => {
  it('reads their own editor row (the address compared in lower case) and no one else\'s', async () => {
    expect(await editors.editor(ann)).toEqual({ email: 'ann@example.com', name: 'Ann Reception' });
    expect(await outcome(ann, 'select * from public.editors')).toBe('ok, 1 rows');
  });

  it('reads their own draft and files, not another editor\'s', async () => {
    expect(await editors.draft(ann)).toMatchObject({ base: BASE, text: 'ann', ops: draftOf('ann').ops, version: 1 });
    expect((await editors.draft(ann))?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await editors.files(ann)).toEqual([{ path: 'public/images/ann.png', content: bytes('ann picture') }]);
    expect(await outcome(ann, 'select * from public.editor_drafts')).toBe('ok, 1 rows');
    expect(await outcome(ann, 'select * from public.editor_draft_files')).toBe('ok, 1 rows');
    expect(await outcome(ann, 'select * from public.editor_drafts where user_id = $1', [bob.sub])).toBe('ok, 0 rows');
  });

  it('does not see a draft or file of another account with the same address (a user deleted and made again)', async () => {
    await db.query(`insert into public.editor_drafts (user_id, email, base, text, version) values ($1, 'ann@example.com', $2, 'old account', 1)`, [eve.sub, BASE]);
    await db.query(`insert into public.editor_draft_files (user_id, path, content) values ($1, 'public/old.png', '\\x00')`, [eve.sub]);
    expect(await outcome(ann, 'select text from public.editor_drafts')).toBe('ok, 1 rows');
    expect(await editors.draft(ann)).toMatchObject({ text: 'ann' });
    expect(await editors.files(ann)).toEqual([{ path: 'public/images/ann.png', content: bytes('ann picture') }]);
  });

  it('cannot write a draft or file under another person\'s id or email, nor move their own onto another', async () => {
    const results = {
      otherId: await outcome(ann, `insert into public.editor_drafts (user_id, email, base, text, version) values ($1, 'ann@example.com', $2, 'x', 1)`, [eve.sub, BASE]),
      bobsEmail: await outcome(ann, `insert into public.editor_drafts (user_id, email, base, text, version) values ($1, 'bob@example.com', $2, 'x', 9)
        on conflict (user_id) do update set email = 'bob@example.com'`, [ann.sub, BASE]),
      moveDraft: await outcome(ann, 'update public.editor_drafts set user_id = $1', [eve.sub]),
      fileAsBob: await outcome(ann, `insert into public.editor_draft_files (user_id, path, content) values ($1, 'public/x.png', '\\x00')`, [bob.sub]),
      moveFile: await outcome(ann, 'update public.editor_draft_files set user_id = $1', [eve.sub]),
    };
    for (const [action, result] of Object.entries(results)) expect(result, action).toMatch(/^refused: new row violates row-level security policy/);
    expect(await outcome(ann, `update public.editor_drafts set text = 'ann was here' where user_id = $1 returning 1`, [bob.sub])).toBe('ok, 0 rows');
    expect(await outcome(ann, 'delete from public.editor_draft_files where user_id = $1 returning 1', [bob.sub])).toBe('ok, 0 rows');
    expect(await stored()).toEqual(BEFORE);
  });

  it('loses their draft (kept, not shown) the moment their editor row is removed', async () => {
    await db.exec(`delete from public.editors where email = 'ann@example.com'`);
    expect(await editors.editor(ann)).toBeUndefined();
    expect(await editors.draft(ann)).toBeUndefined();
    expect(await editors.files(ann)).toEqual([]);
    expect(await stored()).toEqual(BEFORE);
  });
});

describe('saveDraft', () => {
  it('writes only over the version it started from: of two saves from the same version, the second writes nothing', async () => {
    expect(await editors.saveDraft(ann, draftOf('first'), 1)).toBe(2);
    expect(await editors.saveDraft(ann, draftOf('second'), 1)).toBeUndefined();
    expect(await editors.draft(ann)).toMatchObject({ text: 'first', version: 2 });
    expect(await editors.saveDraft(ann, draftOf('third'), 2)).toBe(3);
  });

  it('with expected 0 writes only when there is no draft yet', async () => {
    expect(await editors.saveDraft(ann, draftOf('over the top'), 0)).toBeUndefined();
    expect(await editors.draft(ann)).toMatchObject({ text: 'ann', version: 1 });
  });

  it('after the draft was dropped (published elsewhere), a save from the old version writes nothing', async () => {
    await editors.dropDraft(ann);
    expect(await editors.saveDraft(ann, draftOf('stale tab'), 1)).toBeUndefined();
    expect(await editors.draft(ann)).toBeUndefined();
  });

  it('two saves at the same moment from the same version: exactly one is written', async () => {
    const results = await Promise.all([editors.saveDraft(ann, draftOf('tab one'), 1), editors.saveDraft(ann, draftOf('tab two'), 1)]);
    expect(results.filter((r) => r === 2)).toHaveLength(1);
    expect(results.filter((r) => r === undefined)).toHaveLength(1);
    expect((await editors.draft(ann))?.text).toBe(results[0] === 2 ? 'tab one' : 'tab two');
  });
});

describe('files', () => {
  it('are kept as bytes, and a file added again under the same path replaces the first', async () => {
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    await editors.addFile(ann, { path: 'documents/forms/new-patient_2026.v2.pdf', content: every });
    await editors.addFile(ann, { path: 'public/images/ann.png', content: bytes('newer picture') });
    expect(await editors.files(ann)).toEqual([
      { path: 'documents/forms/new-patient_2026.v2.pdf', content: every },
      { path: 'public/images/ann.png', content: bytes('newer picture') },
    ]);
  });

  it.each(['public/../x', '/etc/passwd', 'src/a.ts', 'public//a', 'public/', 'public/.', 'public/./a', 'documents/a b.pdf', 'public/a\\b', 'public/ä.png', 'Public/a.png', '.github/workflows/x.yml'])(
    'refuses the path %s',
    async (path) => {
      await expect(editors.addFile(ann, { path, content: bytes('x') })).rejects.toThrow(/violates check constraint "editor_draft_files_path_/);
    },
  );

  it('refuses a file over 20 MB', async () => {
    await expect(editors.addFile(ann, { path: 'public/big.bin', content: new Uint8Array(20 * 1024 * 1024 + 1) })).rejects.toThrow(/editor_draft_files_content_size/);
  }, 60_000);
});

describe('dropDraft', () => {
  it('removes the person\'s draft and files and nobody else\'s', async () => {
    await editors.addFile(ann, { path: 'documents/second.pdf', content: bytes('2') });
    await editors.dropDraft(ann);
    expect(await editors.draft(ann)).toBeUndefined();
    expect(await editors.files(ann)).toEqual([]);
    expect(await stored()).toEqual({ drafts: [`${bob.sub} bob v1`], files: [`${bob.sub} documents/bob.pdf`] });
  });
});

describe('the tables refuse what the editor never writes', () => {
  const refused: [string, string, unknown[]][] = [
    ['an editor address in capitals', `insert into public.editors (email, name) values ('Carol@example.com', 'Carol')`, []],
    ['an editor address that is not one', `insert into public.editors (email, name) values ('carol', 'Carol')`, []],
    ['an editor without a name', `insert into public.editors (email, name) values ('carol@example.com', ' ')`, []],
    ['an editor name of two lines', `insert into public.editors (email, name) values ('carol@example.com', E'Carol\\nAdmin')`, []],
    ['an editor name over 100 characters', `insert into public.editors (email, name) values ('carol@example.com', $1)`, ['c'.repeat(101)]],
    ['a draft on a base that is not a commit', `insert into public.editor_drafts (user_id, email, base, text, version) values ($1, 'eve@example.com', 'main', 'x', 1)`, [eve.sub]],
    ['a draft over 2 MB', `insert into public.editor_drafts (user_id, email, base, text, version) values ($1, 'eve@example.com', $2, $3, 1)`, [eve.sub, BASE, 'x'.repeat(2 * 1024 * 1024 + 1)]],
    ['a draft whose ops are not a list', `insert into public.editor_drafts (user_id, email, base, text, ops, version) values ($1, 'eve@example.com', $2, 'x', '{}', 1)`, [eve.sub, BASE]],
    ['a draft at version 0', `insert into public.editor_drafts (user_id, email, base, text, version) values ($1, 'eve@example.com', $2, 'x', 0)`, [eve.sub, BASE]],
  ];
  it.each(refused)('refuses %s, even from the owner', async (_name, sql, params) => {
    await expect(db.query(sql, params)).rejects.toThrow(/violates check constraint/);
  });
});

describe('privileges', () => {
  it('are exactly: authenticated may read editors and read and write drafts and files; nobody else may do anything', async () => {
    const { rows } = await db.query<{ grant: string }>(`
      select r.role || ' ' || t.name || ': ' || string_agg(p.privilege, ', ' order by p.n) as grant
        from (values ('public'), ('anon'), ('authenticated'), ('service_role')) r(role)
        cross join (values ('editors'), ('editor_drafts'), ('editor_draft_files')) t(name)
        cross join (values (1, 'SELECT'), (2, 'INSERT'), (3, 'UPDATE'), (4, 'DELETE'), (5, 'TRUNCATE'), (6, 'REFERENCES'), (7, 'TRIGGER')) p(n, privilege)
       where has_table_privilege(r.role, 'public.' || t.name, p.privilege)
       group by r.role, t.name order by 1`);
    expect(rows.map((r) => r.grant)).toEqual([
      'authenticated editor_draft_files: SELECT, INSERT, UPDATE, DELETE',
      'authenticated editor_drafts: SELECT, INSERT, UPDATE, DELETE',
      'authenticated editors: SELECT',
    ]);
  });
});
