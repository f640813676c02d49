// The hosted editor's tables on a real Postgres (PGlite, in memory) that ran supabase/migrations with Supabase's roles
// and default grants: what the public key (anon), a signed-in person who is not an editor, and an editor can do.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../server/local/feedbackStore.ts';
import { pgliteAsPerson } from '../../../server/local/editorDb.ts';
import type { Claims } from '../../../server/editor/claims.ts';
import type { EditorDb } from '../../../server/editor/editorDb.ts';
import { sqlEditorDb, type AsPerson } from '../../../server/editor/sqlEditorDb.ts';
import { limit } from '../../../bench/machineSpeed.ts';

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
}, limit(60_000));
afterAll(async () => { await db?.close(); });
beforeEach(async () => {
  await db.exec(`
    reset role;
    truncate public.editors, public.editor_drafts, public.editor_draft_files;
    insert into public.editors (email, name) values ('ann@example.com', 'Ann Reception'), ('bob@example.com', 'Dr Bob');
  `);
  await editors.saveDraft(ann, draftOf('ann'), 0);
  await editors.addFile(ann, { path: 'public/images/ann-a1b2c3.png', content: bytes('ann picture') });
  await editors.saveDraft(bob, draftOf('bob'), 0);
  await editors.addFile(bob, { path: 'public/downloads/bob-d4e5f6.pdf', content: bytes('bob document') });
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
  files: [`${ann.sub} public/images/ann-a1b2c3.png`, `${bob.sub} public/downloads/bob-d4e5f6.pdf`],
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
    await expect(editors.addFile(eve, { path: 'public/images/eve-000000.png', content: bytes('x') })).rejects.toThrow(/row-level security/);
    expect(await outcome(eve, `insert into public.editors (email, name) values ('eve@example.com', 'Eve')`)).toMatch(/^refused: new row violates row-level security policy/);
    expect(await outcome(eve, `update public.editor_drafts set text = 'eve was here' returning 1`)).toBe('ok, 0 rows');
    expect(await outcome(eve, 'delete from public.editor_draft_files returning 1')).toBe('ok, 0 rows');
    expect(await stored()).toEqual(BEFORE);
  });
});

describe('an editor', () => {
  it('reads their own editor row (the address compared in lower case) and no one else\'s', async () => {
    expect(await editors.editor(ann)).toEqual({ email: 'ann@example.com', name: 'Ann Reception', mayPublish: true, managesPeople: false });
    expect(await outcome(ann, 'select * from public.editors')).toBe('ok, 1 rows');
  });

  it('reads their own draft and files, not another editor\'s', async () => {
    expect(await editors.draft(ann)).toMatchObject({ base: BASE, text: 'ann', ops: draftOf('ann').ops, version: 1 });
    expect((await editors.draft(ann))?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(await editors.files(ann)).toEqual([{ path: 'public/images/ann-a1b2c3.png', content: bytes('ann picture') }]);
    expect(await outcome(ann, 'select * from public.editor_drafts')).toBe('ok, 1 rows');
    expect(await outcome(ann, 'select * from public.editor_draft_files')).toBe('ok, 1 rows');
    expect(await outcome(ann, 'select * from public.editor_drafts where user_id = $1', [bob.sub])).toBe('ok, 0 rows');
  });

  it('does not see a draft or file of another account with the same address (a user deleted and made again)', async () => {
    await db.query(`insert into public.editor_drafts (user_id, email, base, text, version) values ($1, 'ann@example.com', $2, 'old account', 1)`, [eve.sub, BASE]);
    await db.query(`insert into public.editor_draft_files (user_id, email, path, content) values ($1, 'ann@example.com', 'public/images/old-000000.png', '\\x00')`, [eve.sub]);
    expect(await outcome(ann, 'select text from public.editor_drafts')).toBe('ok, 1 rows');
    expect(await editors.draft(ann)).toMatchObject({ text: 'ann' });
    expect(await editors.files(ann)).toEqual([{ path: 'public/images/ann-a1b2c3.png', content: bytes('ann picture') }]);
  });

  it('cannot write a draft or file under another person\'s id or email, nor move their own onto another', async () => {
    const results = {
      otherId: await outcome(ann, `insert into public.editor_drafts (user_id, email, base, text, version) values ($1, 'ann@example.com', $2, 'x', 1)`, [eve.sub, BASE]),
      bobsEmail: await outcome(ann, `insert into public.editor_drafts (user_id, email, base, text, version) values ($1, 'bob@example.com', $2, 'x', 9)
        on conflict (user_id) do update set email = 'bob@example.com'`, [ann.sub, BASE]),
      moveDraft: await outcome(ann, 'update public.editor_drafts set user_id = $1', [eve.sub]),
      fileAsBob: await outcome(ann, `insert into public.editor_draft_files (user_id, email, path, content) values ($1, 'ann@example.com', 'public/images/x-000000.png', '\\x00')`, [bob.sub]),
      fileWithBobsEmail: await outcome(ann, `insert into public.editor_draft_files (user_id, email, path, content) values ($1, 'bob@example.com', 'public/images/x-000000.png', '\\x00')`, [ann.sub]),
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
    await editors.settleDraft(ann, 1, []);
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
    await editors.addFile(ann, { path: 'public/downloads/new-patient-2026-v2-0a1b2c.pdf', content: every });
    await editors.addFile(ann, { path: 'public/images/ann-a1b2c3.png', content: bytes('newer picture') });
    expect(await editors.files(ann)).toEqual([
      { path: 'public/downloads/new-patient-2026-v2-0a1b2c.pdf', content: every },
      { path: 'public/images/ann-a1b2c3.png', content: bytes('newer picture') },
    ]);
  });

  // Only an upload's shape: its folder, a name the editor made, a picture's or a PDF's extension.
  it.each([
    'public/sw.js', 'public/images/x.html', 'public/images/x.js', 'public/images/x-abcdef.html', 'public/images/x-abcdef.svg',
    'public/images/x-abcdef.png.js', 'public/images/a-abcdef.pdf', 'public/downloads/a-abcdef.png', 'documents/a-abcdef.pdf',
    'public/images/A-abcdef.png', 'public/images/-abcdef.png', 'public/images/a.png', 'public/images/sub/a-abcdef.png',
    'public/../x', '/etc/passwd', 'src/a.ts', 'public//a', 'public/', 'public/a\\b', 'public/ä.png', '.github/workflows/x.yml',
  ])(
    'refuses the path %s',
    async (path) => {
      await expect(editors.addFile(ann, { path, content: bytes('x') })).rejects.toThrow(/violates check constraint "editor_draft_files_path_upload"/);
    },
  );

  it('refuses a file over 20 MB', async () => {
    await expect(editors.addFile(ann, { path: 'public/downloads/big-000000.pdf', content: new Uint8Array(20 * 1024 * 1024 + 1) })).rejects.toThrow(/editor_draft_files_content_size/);
  }, limit(60_000));
});

describe('settleDraft (after a publish)', () => {
  it('removes the draft still at the version published, and the files the publish read; nobody else\'s', async () => {
    await editors.addFile(ann, { path: 'public/downloads/second-222222.pdf', content: bytes('2') });
    expect(await editors.settleDraft(ann, 1, ['public/images/ann-a1b2c3.png', 'public/downloads/second-222222.pdf'])).toBe(true);
    expect(await editors.draft(ann)).toBeUndefined();
    expect(await editors.files(ann)).toEqual([]);
    expect(await stored()).toEqual({ drafts: [`${bob.sub} bob v1`], files: [`${bob.sub} public/downloads/bob-d4e5f6.pdf`] });
  });

  it('keeps a draft saved while it was being published, and a file uploaded meanwhile', async () => {
    expect(await editors.saveDraft(ann, draftOf('saved during publish'), 1)).toBe(2);
    await editors.addFile(ann, { path: 'public/images/during-333333.png', content: bytes('3') });
    expect(await editors.settleDraft(ann, 1, ['public/images/ann-a1b2c3.png'])).toBe(false);
    expect(await editors.draft(ann)).toMatchObject({ text: 'saved during publish', version: 2 });
    expect((await editors.files(ann)).map((f) => f.path)).toEqual(['public/images/during-333333.png']);
  });
});

describe('the signed-in role, as Supabase\'s REST API uses it with an editor\'s own sign-in', () => {
  /** A statement run as role authenticated with the person's claims: what POST /rest/v1/<table> does. */
  const asSignedInRole = (who: Claims, sql: string, params: unknown[] = []) => db.transaction(async (tx) => {
    await tx.exec('set local role authenticated');
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(who)]);
    return (await tx.query(sql, params)).rows;
  }).then((rows) => `ok, ${rows.length} rows`, (error: Error) => `refused: ${error.message}`);

  it('can read, write or delete nothing of the editor tables: no file can be planted past the function', async () => {
    const results: Record<string, string> = {
      editors: await asSignedInRole(ann, 'select * from public.editors'),
      drafts: await asSignedInRole(ann, 'select * from public.editor_drafts'),
      files: await asSignedInRole(ann, 'select * from public.editor_draft_files'),
      updateDraft: await asSignedInRole(ann, `update public.editor_drafts set text = 'x'`),
      deleteFiles: await asSignedInRole(ann, 'delete from public.editor_draft_files'),
      makeEditor: await asSignedInRole(ann, `insert into public.editors (email, name) values ('mallory@example.com', 'Mallory')`),
    };
    for (const path of ['public/sw.js', 'public/images/x.html', 'public/images/x.js', 'public/images/fine-abcdef.png']) {
      results[path] = await asSignedInRole(ann, `insert into public.editor_draft_files (user_id, email, path, content) values ($1, 'ann@example.com', $2, '\\x3c')`, [ann.sub, path]);
    }
    for (const [action, result] of Object.entries(results)) expect(result, action).toMatch(/^refused: permission denied/);
    expect(await stored()).toEqual(BEFORE);
  });
});
