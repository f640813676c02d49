// Colleagues on a real Postgres (PGlite) that ran supabase/migrations: who may see, add, change and take off whom, as
// row level security decides it for the function's role with each person's claims.
import { describe, expect, it } from 'vitest';
import type { Claims } from '../../../server/editor/claims.ts';
import { editorsDatabase } from './editorsDatabase.ts';

const person = (sub: string, email: string): Claims => ({ sub, email, role: 'authenticated', aud: 'authenticated', exp: 4_102_444_800 });
const karen = person('11111111-1111-4111-8111-111111111111', 'Karen@Practice.example');
const sam = person('22222222-2222-4222-8222-222222222222', 'sam@practice.example');
const eve = person('33333333-3333-4333-8333-333333333333', 'eve@practice.example');

const made = editorsDatabase('email, name, manages_people', "('karen@practice.example', 'Karen Mills', true), ('sam@practice.example', 'Sam Ortiz', false)");

/** Every editor row, read as the superuser (past row level security). */
const rows = async () => (await made.db.query<{ row: string }>(`select email || ' ' || name || case when manages_people then ' (manages people)' else '' end || coalesce(' invited by ' || invited_by, '') as row from public.editors order by 1`)).rows.map((r) => r.row);
const BEFORE = ['karen@practice.example Karen Mills (manages people)', 'sam@practice.example Sam Ortiz'];

describe('a person who manages people', () => {
  it('sees every colleague, with their rights', async () => {
    expect((await made.editors.people(karen)).map(({ email, name, managesPeople }) => ({ email, name, managesPeople }))).toEqual([
      { email: 'karen@practice.example', name: 'Karen Mills', managesPeople: true },
      { email: 'sam@practice.example', name: 'Sam Ortiz', managesPeople: false },
    ]);
    expect(await made.editors.editor(karen)).toEqual({ email: 'karen@practice.example', name: 'Karen Mills', mayPublish: true, managesPeople: true });
  });

  it('adds a colleague, recorded as invited by them; an address on the list already changes nothing', async () => {
    expect(await made.editors.addPerson(karen, { email: 'mei@practice.example', name: 'Mei Lin', mayPublish: true, managesPeople: false })).toBe(true);
    expect(await made.editors.addPerson(karen, { email: 'sam@practice.example', name: 'Someone Else', mayPublish: true, managesPeople: true })).toBe(false);
    expect(await rows()).toEqual([BEFORE[0], 'mei@practice.example Mei Lin invited by karen@practice.example', BEFORE[1]]);
  });

  it('changes a colleague\'s right to manage people, and takes a colleague off; their draft is kept, shown to nobody', async () => {
    await made.editors.saveDraft(sam, { base: 'a'.repeat(40), text: 'sam', ops: [] }, 0);
    expect(await made.editors.changePerson(karen, 'sam@practice.example', { mayPublish: true, managesPeople: true })).toBe(true);
    expect(await made.editors.removePerson(karen, 'sam@practice.example')).toBe(true);
    expect(await rows()).toEqual([BEFORE[0]]);
    expect(await made.editors.draft(sam)).toBeUndefined();
    expect((await made.db.query('select text from public.editor_drafts')).rows).toEqual([{ text: 'sam' }]);
  });

  it('cannot change or take off themself (the last person who manages people cannot lock everyone out)', async () => {
    expect(await made.editors.changePerson(karen, 'karen@practice.example', { mayPublish: true, managesPeople: false })).toBe(false);
    expect(await made.editors.removePerson(karen, 'karen@practice.example')).toBe(false);
    expect(await rows()).toEqual(BEFORE);
  });
});

describe('a colleague who does not manage people', () => {
  it('sees only themself, and can add, change or take off nobody, themself included', async () => {
    expect((await made.editors.people(sam)).map((p) => p.email)).toEqual(['sam@practice.example']);
    await expect(made.editors.addPerson(sam, { email: 'eve@practice.example', name: 'Eve', mayPublish: true, managesPeople: true })).rejects.toThrow(/row-level security/);
    expect(await made.editors.changePerson(sam, 'sam@practice.example', { mayPublish: true, managesPeople: true })).toBe(false);
    expect(await made.editors.changePerson(sam, 'karen@practice.example', { mayPublish: true, managesPeople: false })).toBe(false);
    expect(await made.editors.removePerson(sam, 'karen@practice.example')).toBe(false);
    expect(await rows()).toEqual(BEFORE);
  });
});

describe('the first person of a new site', () => {
  it('is admitted with every right while the list is empty, and only then', async () => {
    await made.db.exec('truncate public.editors');
    expect(await made.editors.admitFirst(karen, 'Karen Mills')).toBe(true);
    expect(await made.editors.admitFirst(eve, 'Eve')).toBe(false);
    expect(await rows()).toEqual([BEFORE[0]]);
  });

  it('is not made by someone signing in to a site that has editors already', async () => {
    expect(await made.editors.admitFirst(eve, 'Eve')).toBe(false);
    expect(await made.editors.people(eve)).toEqual([]);
    expect(await rows()).toEqual(BEFORE);
  });
});
