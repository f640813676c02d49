// Requests for approval on a real Postgres (PGlite) that ran supabase/migrations: who sees a draft that asks, who may
// publish or send it back, and that nobody can change the text of someone else's draft.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Claims } from '../../../server/editor/claims.ts';
import { editorsDatabase } from './editorsDatabase.ts';

const person = (sub: string, email: string): Claims => ({ sub, email, role: 'authenticated', aud: 'authenticated', exp: 4_102_444_800 });
const karen = person('11111111-1111-4111-8111-111111111111', 'karen@practice.example');
const sam = person('22222222-2222-4222-8222-222222222222', 'sam@practice.example');
const mei = person('33333333-3333-4333-8333-333333333333', 'mei@practice.example');
const BASE = 'a'.repeat(40);

const made = editorsDatabase('email, name, may_publish', "('karen@practice.example', 'Karen Mills', true), ('sam@practice.example', 'Sam Ortiz', false), ('mei@practice.example', 'Mei Lin', false)");
beforeEach(async () => {
  await made.editors.saveDraft(sam, { base: BASE, text: 'sam v1', ops: [] }, 0);
  await made.editors.addFile(sam, { path: 'public/images/sam-a1b2c3.png', content: new TextEncoder().encode('png') });
  await made.editors.saveDraft(mei, { base: BASE, text: 'mei v1', ops: [] }, 0);
});
const askedBy = async (who: Claims) => (await made.editors.asked(who)).map((a) => `${a.name}: ${a.draft.asked.message} (${a.draft.text})`);

describe('asking for approval', () => {
  it('shows the draft to each person who may publish, not to a colleague who may not', async () => {
    expect(await made.editors.ask(sam, 'New fax number', 'Sam Ortiz')).toBe(true);
    expect(await askedBy(karen)).toEqual(['Sam Ortiz: New fax number (sam v1)']);
    expect(await askedBy(mei)).toEqual([]);
    expect((await made.editors.askedDraft(sam.sub).files(karen)).map((f) => f.path)).toEqual(['public/images/sam-a1b2c3.png']);
    expect(await made.editors.askedDraft(sam.sub).files(mei)).toEqual([]);
  });

  it('is taken back by the next save: the approver publishes exactly what was asked', async () => {
    await made.editors.ask(sam, 'New fax number', 'Sam Ortiz');
    await made.editors.saveDraft(sam, { base: BASE, text: 'sam v2', ops: [] }, 1);
    expect(await askedBy(karen)).toEqual([]);
    expect((await made.editors.draft(sam))?.asked).toBeUndefined();
  });

  it('is taken back by an upload too: what the approver read is no longer what would be published', async () => {
    await made.editors.ask(sam, 'New fax number', 'Sam Ortiz');
    await made.editors.addFile(sam, { path: 'public/images/sam-d4e5f6.png', content: new TextEncoder().encode('png 2') });
    expect(await askedBy(karen)).toEqual([]);
    expect((await made.editors.draft(sam))?.asked).toBeUndefined();
  });

  it('is refused when there is no draft to ask about', async () => {
    expect(await made.editors.ask(karen, 'Nothing', 'Karen Mills')).toBe(false);
  });
});

describe('a person who may publish', () => {
  it('sends a request back with a note, which the author sees beside the draft', async () => {
    await made.editors.ask(sam, 'New fax number', 'Sam Ortiz');
    expect(await made.editors.sendBack(karen, sam.sub, 'The fax number is missing a digit.')).toBe(true);
    expect(await askedBy(karen)).toEqual([]);
    const draft = await made.editors.draft(sam);
    expect({ text: draft?.text, asked: draft?.asked, returned: draft?.returned }).toEqual({ text: 'sam v1', asked: undefined, returned: { note: 'The fax number is missing a digit.', by: 'Karen Mills' } });
  });

  it('settles an asked draft once it is published, its files with it; not a draft that does not ask', async () => {
    expect(await made.editors.askedDraft(mei.sub).settleDraft(karen, 1, [])).toBe(false);
    await made.editors.ask(sam, 'New fax number', 'Sam Ortiz');
    expect(await made.editors.askedDraft(sam.sub).settleDraft(karen, 1, ['public/images/sam-a1b2c3.png'])).toBe(true);
    expect((await made.db.query('select text from public.editor_drafts order by text')).rows).toEqual([{ text: 'mei v1' }]);
    expect((await made.db.query('select count(*)::int as n from public.editor_draft_files')).rows).toEqual([{ n: 0 }]);
  });

  it('cannot change the text of someone else\'s draft, asked or not', async () => {
    await made.editors.ask(sam, 'New fax number', 'Sam Ortiz');
    const changed = await made.asPerson(karen, (query) => query(`update public.editor_drafts set text = 'karen was here' returning 1`, []));
    expect(changed).toEqual([]);
    expect((await made.db.query('select text from public.editor_drafts order by text')).rows).toEqual([{ text: 'mei v1' }, { text: 'sam v1' }]);
  });
});

describe('a colleague who may not publish', () => {
  it('can neither send back nor settle another\'s request', async () => {
    await made.editors.ask(sam, 'New fax number', 'Sam Ortiz');
    expect(await made.editors.sendBack(mei, sam.sub, 'no')).toBe(false);
    expect(await made.editors.askedDraft(sam.sub).settleDraft(mei, 1, ['public/images/sam-a1b2c3.png'])).toBe(false);
    expect(await askedBy(karen)).toEqual(['Sam Ortiz: New fax number (sam v1)']);
  });
});
