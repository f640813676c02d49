// A draft started before others published, a return and an undo of History among them: published through the hosted
// editor's function over its real parts (PGlite with every migration, GitHub's API answered by a local server over a
// real bare repository). A question comes only for a place the person changed, and names who changed it there.
import { expect, it } from 'vitest';
import type { Claims } from '../../../server/editor/claims.ts';
import { valueOfText } from '../../../src/editor/yaml/patch.ts';
import type { Op } from '../../../src/editor/ops/op.ts';
import { gitIn } from '../host/repo.ts';
import { askAs, hostedEditorFor, karen, person } from './hostedEditor.ts';
import { limit } from '../../../bench/machineSpeed.ts';

const manager = person('44444444-4444-4444-8444-444444444444', 'manager@practice.example');
const sam = person('55555555-5555-4555-8555-555555555555', 'sam@practice.example');

const editor = hostedEditorFor([['karen@practice.example', 'Karen Mills', true], ['sam@practice.example', 'Sam Nguyen', true], ['manager@practice.example', 'Margaret Lee', true]]);

const head = () => gitIn(editor().bare, ['rev-parse', 'main']).trim();
const phoneAt = (commit: string) => (valueOfText(gitIn(editor().bare, ['show', `${commit}:site.yaml`])) as { contact: { phone: string } }).contact.phone;

const ask = (as: Claims, action: string, body?: unknown) => askAs(editor(), as, action, body);

/** Operations as the form sends them, on the person's document as they have it open. */
async function save(as: Claims, ops: Op[]) {
  const doc = await ask(as, 'document');
  expect((await ask(as, 'ops', { ops, hash: doc.body.hash })).status).toBe(200);
}

async function publish(as: Claims, message: string, choices?: Record<string, string>) {
  return ask(as, 'publish', { message, ...(choices ? { choices } : {}) });
}

const phone = ['contact', 'phone'];
const note = ['hours', 'note'];
const qualifications = ['entities', 'doctors', { id: 'dr-amelia-hart' }, 'qualifications'];

it('a phone typed over and back, after a colleague changed it, a return and an undo: published with the colleague\'s number, nobody asked', async () => {
  const start = head();
  const was = phoneAt(start);
  // The manager starts a draft: the phone typed over, then a note, then the phone typed back.
  await save(manager, [{ op: 'set', path: phone, value: '8377 1236', was }]);
  await save(manager, [{ op: 'set', path: note, value: 'Closed Friday afternoon for training.', was: 'Closed weekends and public holidays.' }]);
  await save(manager, [{ op: 'set', path: phone, value: was, was: '8377 1236' }]);
  expect((await ask(manager, 'review')).body.changes).toEqual([expect.objectContaining({ words: expect.stringMatching(/Closed Friday afternoon/) })]);

  // Karen changes the phone; someone returns the site to the start, and that return is undone.
  await save(karen, [{ op: 'set', path: phone, value: '8377 1250', was }]);
  expect((await publish(karen, 'New phone number')).status).toBe(200);
  const karens = head();
  const asked = await ask(sam, 'history/return-asks', { commit: start });
  expect((await ask(sam, 'history/return', { commit: start, seen: asked.body.head })).status).toBe(200);
  expect(phoneAt(head())).toBe(was);
  const returned = head();
  expect((await ask(sam, 'history/undo', { commit: returned })).status).toBe(200);
  expect(phoneAt(head())).toBe('8377 1250');

  const sent = await publish(manager, 'Training on Friday');
  expect(sent).toMatchObject({ status: 200 });
  expect(phoneAt(head())).toBe('8377 1250');
  expect(gitIn(editor().bare, ['show', `${head()}:site.yaml`])).toContain('Closed Friday afternoon for training.');
  expect(head()).not.toBe(karens);
}, limit(120_000));

it('a phone the person did change: one question, naming who changed the phone, not who published last', async () => {
  const before = phoneAt(head());
  await save(manager, [{ op: 'set', path: phone, value: '8377 1299', was: before }]);
  await save(karen, [{ op: 'set', path: phone, value: '8377 1260', was: before }]);
  expect((await publish(karen, 'Phone again')).status).toBe(200);
  // Sam publishes last, and only a doctor's qualifications.
  await save(sam, [{ op: 'set', path: qualifications, value: 'MBBS, FRACGP, DRANZCOG, FARGP', was: 'MBBS, FRACGP, DRANZCOG' }]);
  expect((await publish(sam, 'Qualifications')).status).toBe(200);

  const clash = await publish(manager, 'Phone');
  expect(clash.status).toBe(409);
  expect(clash.body.conflicts).toEqual([{
    key: expect.any(String), where: expect.stringMatching(/Phone/), mine: '8377 1299', theirs: '8377 1260', by: 'Karen Mills', at: expect.any(String),
  }]);
  // Kept: the manager's number, as chosen.
  const key = (clash.body.conflicts as { key: string }[])[0].key;
  expect((await publish(manager, 'Phone', { [key]: 'mine' })).status).toBe(200);
  expect(phoneAt(head())).toBe('8377 1299');
}, limit(120_000));
