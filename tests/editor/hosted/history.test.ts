// History through the hosted editor's function, over its real parts: PGlite with every migration, GitHub's API
// answered by a local server over a real bare repository, sign-ins signed as Supabase signs them.
import { expect, it } from 'vitest';
import type { Claims } from '../../../server/editor/claims.ts';
import { editorCatalogue } from '../../../src/content/errors.ts';
import { valueOfText } from '../../../src/editor/yaml/patch.ts';
import { gitIn } from '../host/repo.ts';
import { opsFor } from '../ops.ts';
import { askAs, chloe, hostedEditorFor, karen } from './hostedEditor.ts';
import { limit } from '../../../bench/machineSpeed.ts';

const editor = hostedEditorFor([['karen@practice.example', 'Karen Mills', true], ['chloe@practice.example', 'Chloe Anderson', false]]);

const head = () => gitIn(editor().bare, ['rev-parse', 'main']).trim();
const siteAt = (commit: string) => gitIn(editor().bare, ['show', `${commit}:site.yaml`]);

const ask = (as: Claims, action: string, body?: unknown) => askAs(editor(), as, action, body);

async function publishClosing(to: string) {
  const doc = await ask(karen, 'document');
  const value = valueOfText(String(doc.body.text)) as { hours: { regular: { closes: string }[] } };
  const next = structuredClone(value);
  next.hours.regular[0].closes = to;
  expect((await ask(karen, 'ops', { ops: opsFor(value, next), hash: doc.body.hash })).status).toBe(200);
  expect((await ask(karen, 'publish', { message: `Closing at ${to}` })).status).toBe(200);
}

it('through GitHub: the versions in words by their authors, undo of one as a new version, refused to one who needs approval', async () => {
  const start = head();
  await publishClosing('18:10');
  await publishClosing('18:20');
  const listed = (await ask(karen, 'history')).body.versions as { commit: string; by: string; description: string; changes: string[] }[];
  expect(listed.slice(0, 2).map((v) => [v.by, v.description])).toEqual([['Karen Mills', 'Closing at 18:20'], ['Karen Mills', 'Closing at 18:10']]);
  expect(listed[0].changes).toEqual([expect.stringMatching(/Closing time: 18:10 -> 18:20$/)]);

  const before = head();
  expect(await ask(chloe, 'history/return', { commit: listed[2].commit })).toEqual({ status: 403, body: { error: editorCatalogue.HistoryOnlyPublishers() } });
  expect(head()).toBe(before);

  const asked = await ask(karen, 'history/return-asks', { commit: listed[2].commit });
  expect(asked).toMatchObject({ status: 200, body: { head: before, changes: [expect.stringMatching(/Closing time: 18:20 -> /)] } });
  const back = await ask(karen, 'history/return', { commit: listed[2].commit, seen: before });
  expect(back.status).toBe(200);
  expect(head()).toBe(back.body.commit);
  expect(siteAt(head())).toBe(siteAt(start));
  expect(gitIn(editor().bare, ['log', '-1', '--format=%an%x09%P', head()]).trim()).toBe(`Karen Mills\t${before}`);

  // Undoing the 18:10 change would bring back what the website has now: nothing to send.
  expect(await ask(karen, 'history/undo', { commit: listed[1].commit })).toMatchObject({ status: 409, body: { error: editorCatalogue.HistoryNothingNew() } });
  // Undoing the 18:20 change would bring back 18:10, but the return changed that field since: both values, nothing sent.
  const clash = await ask(karen, 'history/undo', { commit: listed[0].commit });
  expect(clash.status).toBe(409);
  expect(clash.body.error).toBe(editorCatalogue.HistoryClash(1));
  expect(clash.body.conflicts).toEqual([expect.objectContaining({ mine: '18:10', by: 'Karen Mills' })]);
  expect(head()).toBe(back.body.commit);
  // Chosen: 18:10 comes back, one more version.
  const key = (clash.body.conflicts as { key: string }[])[0].key;
  const undone = await ask(karen, 'history/undo', { commit: listed[0].commit, choices: { [key]: 'mine' } });
  expect(undone.status).toBe(200);
  expect(siteAt(head())).toBe(siteAt(listed[1].commit));
  // Three publishes, an undo and their reads through the GitHub stand-in: about 12 s on a quiet machine, over 30 s
  // beside the browser suites on two cores.
}, limit(120_000));
