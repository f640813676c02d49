import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { editorCatalogue } from '../../src/content/errors.ts';
import { call, saveValue, editorPerTest, type Doc } from './request.ts';
import type { Sandbox } from './sandbox.ts';

// History through the editor's API, as `npm run edit` serves it: real git, a bare repository as the website's copy.
const open = editorPerTest();
const remoteHead = (box: Sandbox) => box.git(['rev-parse', 'main'], box.remote).trim();
const siteAt = (box: Sandbox, commit: string) => box.git(['show', `${commit}:site.yaml`], box.remote);
interface Listed { commit: string; by: string; description: string; changes: string[]; parts: string[]; first: boolean }

function closing(doc: Doc, closes: string) {
  const value = structuredClone(doc.value);
  value.hours.regular[0].closes = closes;
  return value;
}

async function publishClosing(one: Awaited<ReturnType<typeof open>>, closes: string, author: string) {
  const doc = (await call(one.editor, 'GET', '/api/document')).body as unknown as Doc;
  await saveValue(one, closing(doc, closes));
  const sent = await call(one.editor, 'POST', '/api/publish', { message: `Closing at ${closes}`, author });
  expect(sent.status).toBe(200);
}

it('lists the published versions in words, returns to one and undoes one, each a new version on the website', async () => {
  const one = await open('minimal');
  const { box, editor } = one;
  await publishClosing(one, '18:00', 'Jo Reception');
  await publishClosing(one, '18:30', 'Sam Manager');
  const listed = (await call(editor, 'GET', '/api/history')).body.versions as Listed[];
  expect(listed.slice(0, 2).map((v) => [v.by, v.description])).toEqual([['Sam Manager', 'Closing at 18:30'], ['Jo Reception', 'Closing at 18:00']]);
  expect(listed[1].changes).toEqual(['Opening hours > Monday to Thursday > Closing time: 17:00 -> 18:00']);
  expect(listed[0].changes).toEqual(['Opening hours > Monday to Thursday > Closing time: 18:00 -> 18:30']);
  expect(listed[listed.length - 1].first).toBe(true);

  // Return to the version before both: one new commit, the site file byte for byte that version's.
  const oldest = listed[2].commit;
  const head = remoteHead(box);
  // Asked first: what the return takes back, in Review's words, on the website as it is now.
  const asked = await call(editor, 'POST', '/api/history/return-asks', { commit: oldest });
  expect(asked).toMatchObject({ status: 200, body: { head, changes: ['Opening hours > Monday to Thursday > Closing time: 18:30 -> 17:00'] } });
  // Not asked, nothing is done.
  expect(await call(editor, 'POST', '/api/history/return', { commit: oldest, author: 'Jo Reception' }))
    .toMatchObject({ status: 400, body: { error: editorCatalogue.HistoryNotAsked() } });
  expect(remoteHead(box)).toBe(head);
  const back = await call(editor, 'POST', '/api/history/return', { commit: oldest, author: 'Jo Reception', seen: head });
  expect(back.status).toBe(200);
  expect(remoteHead(box)).toBe(back.body.commit);
  expect(box.git(['rev-parse', `${String(back.body.commit)}^`], box.remote).trim()).toBe(head);
  expect(siteAt(box, String(back.body.commit))).toBe(siteAt(box, oldest));
  // This computer's copy follows it.
  expect(readFileSync(box.siteFile, 'utf8')).toBe(siteAt(box, oldest));

  // Undo the return: the 18:30 closing comes back.
  const undone = await call(editor, 'POST', '/api/history/undo', { commit: String(back.body.commit), author: 'Jo Reception' });
  expect(undone.status).toBe(200);
  expect(siteAt(box, remoteHead(box))).toBe(siteAt(box, head));
  const after = (await call(editor, 'GET', '/api/history')).body.versions as Listed[];
  expect(after.length).toBe(listed.length + 2);
});

it('an undo that clashes with a later change of the same field answers with both values and sends nothing', async () => {
  const one = await open('minimal');
  await publishClosing(one, '18:00', 'Jo Reception');
  await publishClosing(one, '18:30', 'Sam Manager');
  const listed = (await call(one.editor, 'GET', '/api/history')).body.versions as Listed[];
  const head = remoteHead(one.box);
  const refused = await call(one.editor, 'POST', '/api/history/undo', { commit: listed[1].commit });
  expect(refused.status).toBe(409);
  expect(refused.body.error).toBe(editorCatalogue.HistoryClash(1));
  expect(refused.body.conflicts).toEqual([expect.objectContaining({ theirs: '18:30', by: 'Sam Manager' })]);
  expect(remoteHead(one.box)).toBe(head);
  const unknown = await call(one.editor, 'POST', '/api/history/return', { commit: 'not a version' });
  expect(unknown.status).toBe(400);
});

it('names the parts of the site each version changed as the navigator does, and lists older versions by page', async () => {
  const one = await open('minimal');
  await publishClosing(one, '18:00', 'Jo Reception');
  const newest = await call(one.editor, 'GET', '/api/history');
  const listed = newest.body.versions as Listed[];
  expect(listed[0].parts).toEqual(['Opening hours']);
  // Fewer than a page: there is nothing older, and the next page is empty.
  expect(newest.body.more).toBe(false);
  // With the newest page, every part of today's website to search by, in the navigator's order.
  expect(newest.body.parts).toEqual(expect.arrayContaining(['Opening hours', 'Doctors', 'Page "/"']));
  expect(await call(one.editor, 'GET', '/api/history?page=0')).toMatchObject({ status: 200, body: { versions: listed, more: false } });
  expect(await call(one.editor, 'GET', '/api/history?page=1')).toMatchObject({ status: 200, body: { versions: [], more: false } });
  for (const page of ['-1', 'one', '1.5', '1000']) expect((await call(one.editor, 'GET', `/api/history?page=${page}`)).status, page).toBe(400);
  // A version asked about with the page it was listed on.
  const asked = await call(one.editor, 'POST', '/api/history/return-asks', { commit: listed[1].commit, page: 0 });
  expect(asked).toMatchObject({ status: 200, body: { changes: ['Opening hours > Monday to Thursday > Closing time: 18:00 -> 17:00'] } });
  expect((await call(one.editor, 'POST', '/api/history/return-asks', { commit: listed[1].commit, page: 'x' })).status).toBe(400);
});
