// What an open editor learns every few seconds, through the hosted editor's function over its real parts (PGlite with
// every migration, GitHub's API answered by a local server over a real bare repository).
import { expect, it } from 'vitest';
import { NOT_AN_EDITOR } from '../../../server/editor/auth.ts';
import type { Claims } from '../../../server/editor/claims.ts';
import { gitIn } from '../host/repo.ts';
import { askAs, chloe, hostedEditorFor, karen } from './hostedEditor.ts';
import { limit } from '../../../bench/machineSpeed.ts';

const editor = hostedEditorFor([['karen@practice.example', 'Karen Mills', true], ['chloe@practice.example', 'Chloe Anderson', false]]);

const ask = (as: Claims, action: string, body?: unknown) => askAs(editor(), as, action, body);
const head = () => gitIn(editor().bare, ['rev-parse', 'main']).trim();
const news = async (as: Claims, since?: string) => {
  const answer = await ask(as, `news${since ? `?since=${since}` : ''}`);
  expect(answer.status).toBe(200);
  return answer.body;
};

it('requests waiting, a request sent back and approved, a colleague\'s publish, and being taken off', async () => {
  const start = head();
  expect(await news(karen)).toEqual({ head: start, draft: 0, waiting: 0 });
  // One who needs approval has no count of requests.
  expect(await news(chloe)).toEqual({ head: start, draft: 0 });

  const doc = await ask(chloe, 'document');
  const fax = { op: 'set', path: ['contact', 'fax'], value: '8377 1399', was: '8377 1299' };
  expect((await ask(chloe, 'ops', { ops: [fax], hash: doc.body.hash })).status).toBe(200);
  expect((await ask(chloe, 'approval/ask', { message: 'New fax number' })).status).toBe(200);
  expect(await news(karen, start)).toEqual({ head: start, draft: 0, waiting: 1 });
  expect(await news(chloe, start)).toEqual({ head: start, draft: 1, asked: { at: expect.any(String), message: 'New fax number' } });

  const [request] = (await ask(karen, 'approvals')).body.requests as { author: string; version: string }[];
  expect((await ask(karen, 'approvals/return', { author: request.author, note: 'Only the phone changes.' })).status).toBe(200);
  expect(await news(chloe, start)).toEqual({ head: start, draft: 1, returned: { note: 'Only the phone changes.', by: 'Karen Mills' } });
  expect((await news(karen, start)).waiting).toBe(0);

  expect((await ask(chloe, 'approval/ask', { message: 'New fax number' })).status).toBe(200);
  const [again] = (await ask(karen, 'approvals')).body.requests as { author: string; version: string }[];
  expect((await ask(karen, 'approvals/approve', { author: again.author, version: again.version })).status).toBe(200);
  // The version the screen knew is not the website's: who made the new one comes with it, and the draft is gone.
  expect(head()).not.toBe(start);
  expect(await news(chloe, start)).toEqual({ head: head(), draft: 0, published: { by: 'Chloe Anderson', at: expect.any(String) } });
  expect(await news(karen, head())).toEqual({ head: head(), draft: 0, waiting: 0 });

  // The website's key, as GitHub says with every answer: only the person who manages people is told.
  editor().github.tokenExpires = '2027-01-10 09:00:00 UTC';
  await editor().db.exec("reset role; update public.editors set manages_people = true where email = 'karen@practice.example';");
  expect((await news(karen, head())).keyExpires).toBe('2027-01-10T09:00:00Z');
  expect((await news(chloe, head())).keyExpires).toBeUndefined();
  editor().github.tokenExpires = undefined;

  await editor().db.exec("reset role; delete from public.editors where email = 'chloe@practice.example';");
  expect(await ask(chloe, 'news')).toEqual({ status: 403, body: { error: NOT_AN_EDITOR('chloe@practice.example'), signIn: false } });
}, limit(120_000));
