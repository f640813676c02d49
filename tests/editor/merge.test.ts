import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { keyOfOp, rebase } from '../../server/editor/merge.ts';
import { bundleSchema } from '../../server/editor/schemaBundle.ts';
import { applyOp } from '../../src/editor/ops/apply.ts';
import { withOps } from '../../src/editor/ops/draft.ts';
import { listChanges } from '../../src/editor/review/changes.ts';
import type { JsonObject } from '../../src/editor/yaml/json.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { changedLines } from './lineDiff.ts';
import { writeValue } from './ops.ts';

// Two people's drafts made on the same version of this practice's file (the frozen copy): the second is done again
// on the first by path and entry id, as Publish does when a colleague published first.
const BASE = readFileSync(SALTBUSH_SITE_FILE, 'utf8');

type Site = JsonObject & {
  hours: JsonObject & { regular: JsonObject[] };
  entities: { doctors: JsonObject[]; news: JsonObject[] };
};
const read = (text: string) => parse(text) as Site;
/** A version of the base file with `change` made to its value, written as the editor writes it. */
function version(change: (site: Site) => void): string {
  const next = read(BASE);
  change(next);
  return writeValue(BASE, next);
}
const doctor = (site: Site, slug: string) => site.entities.doctors.find((d) => d.slug === slug) as JsonObject;
const karen = { by: 'Karen', at: '2026-11-25T10:42:00+10:00' };
const bundle = bundleSchema();

describe('a draft done again on a colleague\'s newer version, by path and id', () => {
  it('different fields: both land, and nobody is asked anything', () => {
    const theirs = version((site) => { doctor(site, 'dr-priya-raman').summary = 'Women\'s health and antenatal care.'; });
    const mine = version((site) => { site.hours.regular[0].closes = '18:00'; });
    const merged = rebase(BASE, mine, theirs, {}, karen);
    expect(merged.ok).toBe(true);
    if (!merged.ok) return;
    const value = read(merged.text);
    expect(value.hours.regular[0].closes).toBe('18:00');
    expect(doctor(value, 'dr-priya-raman').summary).toBe('Women\'s health and antenatal care.');
    // Theirs is kept byte for byte: mine adds one changed line to it.
    expect(changedLines(theirs, merged.text).added).toHaveLength(1);
  });

  it('entries added to the same list by both: both land', () => {
    const item = (id: string, title: string) => ({ id, date: '2026-11-20', title, summary: `${title}.` });
    const theirs = version((site) => { site.entities.news.unshift(item('flu-clinic-2026', 'Flu clinic')); });
    const mine = version((site) => { site.entities.news.unshift(item('new-nurse-2026', 'A new nurse')); });
    const merged = rebase(BASE, mine, theirs, {}, karen);
    expect(merged.ok).toBe(true);
    if (!merged.ok) return;
    const ids = read(merged.text).entities.news.map((n) => n.id);
    expect(ids).toContain('flu-clinic-2026');
    expect(ids).toContain('new-nurse-2026');
    expect(ids.length).toBe(read(BASE).entities.news.length + 2);
  });

  it('a list reordered by one and an entry of it edited by the other: both land, either way round', () => {
    const reorder = version((site) => { site.entities.doctors.reverse(); });
    const edit = version((site) => { doctor(site, 'dr-james-whitfield').name = 'Dr James Whitfield-Moore'; });
    for (const [mine, theirs] of [[reorder, edit], [edit, reorder]]) {
      const merged = rebase(BASE, mine, theirs, {}, karen);
      expect(merged.ok).toBe(true);
      if (!merged.ok) continue;
      const value = read(merged.text);
      expect(value.entities.doctors.map((d) => d.slug)).toEqual(read(BASE).entities.doctors.map((d) => d.slug).reverse());
      expect(doctor(value, 'dr-james-whitfield').name).toBe('Dr James Whitfield-Moore');
    }
  });

  it('a conflict of long texts gives both whole: the person reads them to choose', () => {
    const start = 'Our nurses run the vaccination clinic on Tuesdays and Thursdays, and look after wound care;';
    const theirs = version((site) => { site.hours.note = `${start} no appointment is needed.`; });
    const mine = version((site) => { site.hours.note = `${start} please book ahead on the phone.`; });
    const merged = rebase(BASE, mine, theirs, {}, karen, [], bundle);
    if (merged.ok) throw new Error('both changed the note: a conflict was expected');
    expect(merged.conflicts[0]).toMatchObject({ mine: `${start} please book ahead on the phone.`, theirs: `${start} no appointment is needed.` });
  });

  it('the same field changed by both: a conflict with both values and who made theirs; the person chooses', () => {
    const theirs = version((site) => { site.hours.regular[0].closes = '19:00'; });
    const mine = version((site) => { site.hours.regular[0].closes = '18:00'; site.hours.note = 'Closed on public holidays.'; });
    const merged = rebase(BASE, mine, theirs, {}, karen, [], bundle);
    expect(merged.ok).toBe(false);
    if (merged.ok) return;
    expect(merged.conflicts).toHaveLength(1);
    const [conflict] = merged.conflicts;
    expect(conflict).toMatchObject({ where: 'Opening hours > Monday to Friday > Closing time', mine: '18:00', theirs: '19:00', by: 'Karen', at: karen.at });
    const keepMine = rebase(BASE, mine, theirs, { [conflict.key]: 'mine' }, karen);
    const keepTheirs = rebase(BASE, mine, theirs, { [conflict.key]: 'theirs' }, karen);
    if (!keepMine.ok || !keepTheirs.ok) throw new Error('a choice made should settle the conflict');
    expect(read(keepMine.text).hours.regular[0].closes).toBe('18:00');
    expect(read(keepTheirs.text).hours.regular[0].closes).toBe('19:00');
    // The other change of the draft lands either way.
    expect(read(keepTheirs.text).hours.note).toBe('Closed on public holidays.');
  });

  it('an entry removed by one and edited by the other: a conflict, from either side', () => {
    const removed = version((site) => { site.entities.doctors = site.entities.doctors.filter((d) => d.slug !== 'dr-priya-raman'); });
    const edited = version((site) => { doctor(site, 'dr-priya-raman').summary = 'Now also skin checks.'; });
    const editedOnRemoved = rebase(BASE, edited, removed, {}, karen);
    expect(editedOnRemoved.ok).toBe(false);
    if (!editedOnRemoved.ok) expect(editedOnRemoved.conflicts[0]).toMatchObject({ mine: 'Now also skin checks.', theirs: 'removed', by: 'Karen' });
    const removedOnEdited = rebase(BASE, removed, edited, {}, karen);
    expect(removedOnEdited.ok).toBe(false);
    if (removedOnEdited.ok) return;
    expect(removedOnEdited.conflicts[0]).toMatchObject({ mine: 'removed', theirs: '"Dr Priya Raman"' });
    // Keeping the edit brings the entry back, edited; keeping the removal removes it.
    const back = rebase(BASE, edited, removed, { [editedOnRemoved.ok ? '' : editedOnRemoved.conflicts[0].key]: 'mine' }, karen);
    if (!back.ok) throw new Error('the choice should settle it');
    expect(doctor(read(back.text), 'dr-priya-raman').summary).toBe('Now also skin checks.');
    const gone = rebase(BASE, removed, edited, { [removedOnEdited.conflicts[0].key]: 'mine' }, karen);
    if (!gone.ok) throw new Error('the choice should settle it');
    expect(read(gone.text).entities.doctors.some((d) => d.slug === 'dr-priya-raman')).toBe(false);
  });
});

describe('a draft done again as staff made it', () => {
  it('a slug retyped by one and the same entry edited by the other: both land, as the draft\'s own operations say', () => {
    const theirs = version((site) => { doctor(site, 'dr-priya-raman').summary = 'Now also skin checks.'; });
    const mine = version((site) => { doctor(site, 'dr-priya-raman').slug = 'dr-priya-raman-gp'; });
    // Typed one key at a time: each key an operation on the entry by its id as it then was.
    const draft = withOps([], ['dr-priya-raman-', 'dr-priya-raman-g', 'dr-priya-raman-gp'].map((slug, n, all) => ({
      op: 'set' as const, path: ['entities', 'doctors', { id: n === 0 ? 'dr-priya-raman' : all[n - 1] }, 'slug'], value: slug, was: n === 0 ? 'dr-priya-raman' : all[n - 1],
    })));
    expect(draft).toHaveLength(3);
    const merged = rebase(BASE, mine, theirs, {}, karen, draft);
    if (!merged.ok) throw new Error(JSON.stringify(merged.conflicts));
    expect(doctor(read(merged.text), 'dr-priya-raman-gp').summary).toBe('Now also skin checks.');
    // Worked out from the two versions alone, the new slug is another entry, and the old one removed: a conflict.
    expect(rebase(BASE, mine, theirs, {}, karen).ok).toBe(false);
    // A draft that does not turn the published text into this file (a change made elsewhere) is not used.
    expect(rebase(BASE, mine, theirs, {}, karen, draft.slice(0, 1)).ok).toBe(false);
  });

  it('a field typed over and typed back, or changed and undone in Review, is not the person\'s change: a colleague\'s stands, nobody is asked', () => {
    const phone = ['contact', 'phone'];
    const note = ['hours', 'note'];
    const theirs = version((site) => { (site.contact as JsonObject).phone = '8377 1250'; });
    const mine = version((site) => { (site.hours as JsonObject).note = 'Closed for training on Friday afternoon.'; });
    const was = String((read(BASE).hours as JsonObject).note ?? '');
    // Typed back at once (one operation after withOps, set to what it was), and typed back after another field
    // (two operations, the second Review's Undo): both leave the phone as the draft found it.
    const typedBack = withOps([], [{ op: 'set', path: phone, value: '8377 12', was: '8377 1234' }, { op: 'set', path: phone, value: '8377 1234', was: '8377 12' }]);
    expect(typedBack).toEqual([{ op: 'set', path: phone, value: '8377 1234', was: '8377 1234' }]);
    const undoneLater = [{ op: 'set' as const, path: phone, value: '8377 1236', was: '8377 1234' }, { op: 'set' as const, path: note, value: 'Closed for training on Friday afternoon.', was }, { op: 'set' as const, path: phone, value: '8377 1234', was: '8377 1236' }];
    for (const draft of [[...typedBack, { op: 'set' as const, path: note, value: 'Closed for training on Friday afternoon.', was }], undoneLater]) {
      const merged = rebase(BASE, mine, theirs, {}, karen, draft);
      if (!merged.ok) throw new Error(JSON.stringify(merged.conflicts));
      const value = read(merged.text);
      expect((value.contact as JsonObject).phone).toBe('8377 1250');
      expect((value.hours as JsonObject).note).toBe('Closed for training on Friday afternoon.');
    }
    // A phone the person did change, twice over: one question, with the value they left.
    const changed = version((site) => { (site.contact as JsonObject).phone = '8377 1299'; });
    const twice = [{ op: 'set' as const, path: phone, value: '8377 1236', was: '8377 1234' }, { op: 'set' as const, path: note, value: 'x', was }, { op: 'set' as const, path: note, value: was, was: 'x' }, { op: 'set' as const, path: phone, value: '8377 1299', was: '8377 1236' }];
    const asked = rebase(BASE, changed, theirs, {}, karen, twice, bundle);
    expect(asked.ok).toBe(false);
    if (asked.ok) return;
    expect(asked.conflicts.map((c) => [c.where, c.mine, c.theirs])).toEqual([[expect.stringMatching(/Phone/), '8377 1299', '8377 1250']]);
  });

  it('typing into one field is one operation, keeping what was first seen there', () => {
    const path = ['hours', 'note'];
    expect(withOps([], [{ op: 'set', path, value: 'C', was: 'A' }, { op: 'set', path, value: 'Cl', was: 'C' }, { op: 'set', path: ['hours', 'heading'], value: 'H', was: 'h' }]))
      .toEqual([{ op: 'set', path, value: 'Cl', was: 'A' }, { op: 'set', path: ['hours', 'heading'], value: 'H', was: 'h' }]);
  });
});

describe('operations', () => {
  it('undo of one change is its inverse operation, and a removal plus an addition is exactly that', () => {
    const before = read(BASE);
    const after = read(BASE);
    const [first] = after.entities.doctors.splice(0, 1);
    after.entities.doctors.push({ ...first, slug: 'dr-new-doctor', name: 'Dr New Doctor' });
    const changes = listChanges(before, after, bundle);
    expect(changes.map((c) => c.kind)).toEqual(['removed', 'added']);
    expect(changes.map((c) => c.words)).toEqual([
      `Doctors: removed "${String(first.name)}"`,
      'Doctors: added "Dr New Doctor"',
    ]);
    for (const change of changes) {
      const undone = applyOp(after, change.undo);
      expect(undone.kind).toBe('done');
    }
    expect(keyOfOp(changes[0].op)).toBe('remove:["entities","doctors",{"id":"dr-amelia-hart"}]');
  });
});

describe('notes (comments) in a draft', () => {
  it('a draft that only adds a note keeps it when a colleague published another change meanwhile', () => {
    const theirs = version((site) => { site.hours.regular[0].closes = '18:00'; });
    const mine = BASE.replace(/^hours:/m, '# Winter hours from June: ask Karen\nhours:');
    expect(mine).not.toBe(BASE);
    const merged = rebase(BASE, mine, theirs, {}, karen);
    if (!merged.ok) throw new Error('not merged');
    expect(merged.text).toContain('# Winter hours from June: ask Karen\nhours:');
    expect(read(merged.text).hours.regular[0].closes).toBe('18:00');
    expect(changedLines(theirs, merged.text)).toEqual({ removed: [], added: ['# Winter hours from June: ask Karen'] });
  });

  it('a note beside a change of a value: both land, with a colleague\'s change elsewhere', () => {
    const theirs = version((site) => { doctor(site, 'dr-priya-raman').summary = 'Women\'s health and antenatal care.'; });
    const withNote = version((site) => { site.hours.regular[0].closes = '18:00'; }).replace(/^hours:/m, '# Checked with the owners\nhours:');
    const merged = rebase(BASE, withNote, theirs, {}, karen);
    if (!merged.ok) throw new Error('not merged');
    expect(merged.text).toContain('# Checked with the owners\nhours:');
    expect(read(merged.text).hours.regular[0].closes).toBe('18:00');
    expect(doctor(read(merged.text), 'dr-priya-raman').summary).toBe('Women\'s health and antenatal care.');
  });
});
