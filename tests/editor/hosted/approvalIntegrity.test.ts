// What an approver approves is what goes on the website, and only the editor names an approver: through the hosted
// editor's function over its real parts (PGlite with every migration, GitHub's API answered by a local server over a
// real bare repository, sign-ins signed as Supabase signs them). `npm start` runs the same function and tables.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { editorCatalogue } from '../../../src/content/errors.ts';
import { signJwt } from '../../../server/editor/auth.ts';
import type { Claims } from '../../../server/editor/claims.ts';
import { valueOfText } from '../../../src/editor/yaml/patch.ts';
import { gitIn } from '../host/repo.ts';
import { opsFor } from '../ops.ts';
import { chloe, FN, karen, ORIGIN, SECRET, startHostedEditor, type HostedEditor } from './hostedEditor.ts';
import { limit } from '../../../bench/machineSpeed.ts';

let hosted: HostedEditor;
beforeAll(async () => { hosted = await startHostedEditor(); }, limit(120_000));
afterAll(async () => { await hosted?.close(); });

let seed: string;
beforeEach(async () => {
  await hosted.db.exec(`
    reset role;
    truncate public.editors, public.editor_drafts, public.editor_draft_files;
    insert into public.editors (email, name, may_publish) values ('karen@practice.example', 'Karen Mills', true), ('chloe@practice.example', 'Chloe Anderson', false);
  `);
  seed ??= head();
  gitIn(hosted.bare, ['update-ref', 'refs/heads/main', seed]);
});

const head = () => gitIn(hosted.bare, ['rev-parse', 'main']).trim();
const site = () => gitIn(hosted.bare, ['show', 'main:site.yaml']);
const lastCommit = () => gitIn(hosted.bare, ['log', '-1', '--format=%an|%B', 'main']).trim();

async function call(as: Claims, action: string, body?: unknown, bytes?: Uint8Array) {
  const headers: Record<string, string> = { origin: ORIGIN, authorization: `Bearer ${await signJwt(as, SECRET)}` };
  if (bytes) headers['content-type'] = 'application/octet-stream';
  else if (body !== undefined) headers['content-type'] = 'application/json';
  const sent = bytes ? new Blob([new Uint8Array(bytes)]) : body === undefined ? undefined : JSON.stringify(body);
  const res = await hosted.handler(new Request(FN + action, { method: sent ? 'POST' : 'GET', headers, body: sent }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function changeFax(as: Claims, to: string) {
  const doc = await call(as, 'document');
  const value = valueOfText(String(doc.body.text)) as { contact: { fax: string } };
  const next = structuredClone(value);
  next.contact.fax = to;
  expect((await call(as, 'ops', { ops: opsFor(value, next), hash: doc.body.hash })).status).toBe(200);
}

interface Listed { author: string; version: string; message: string; files: string[]; changes: { words: string }[] }
const requests = async () => (await call(karen, 'approvals')).body.requests as Listed[];
const ask = async (message: string) => expect(await call(chloe, 'approval/ask', { message })).toEqual({ status: 200, body: { asked: true } });
const pngOf = async () => new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } }).png().toBuffer());

describe('approval is of the version the approver read', () => {
  it('the text changed and asked again in the same words: the old version is refused, nothing published; the new one publishes', async () => {
    await changeFax(chloe, '08 8377 1300');
    await ask('New fax number');
    const [read] = await requests();
    expect(read.changes.map((c) => c.words)).toEqual(['Contact > Fax number: 8377 1299 -> 08 8377 1300']);
    // After Karen read it, Chloe puts another number in and asks again with the same words.
    await changeFax(chloe, '08 8377 1301');
    await ask('New fax number');

    const refused = await call(karen, 'approvals/approve', { author: read.author, version: read.version });
    expect(refused).toEqual({ status: 409, body: { error: 'Chloe Anderson changed this request after you opened it: read it again.' } });
    expect(refused.body.error).toBe(editorCatalogue.ApprovalChanged('Chloe Anderson'));
    // Without a version, as an older page would send, it is refused the same way.
    expect(await call(karen, 'approvals/approve', { author: read.author })).toEqual(refused);
    expect(head()).toBe(seed);

    const [again] = await requests();
    expect(again.version).not.toBe(read.version);
    expect(again.changes.map((c) => c.words)).toEqual(['Contact > Fax number: 8377 1299 -> 08 8377 1301']);
    expect((await call(karen, 'approvals/approve', { author: again.author, version: again.version })).status).toBe(200);
    expect(site()).toContain('fax: "08 8377 1301"');
    expect(lastCommit()).toBe('Chloe Anderson|New fax number\n\nApproved-by: Karen Mills <karen@practice.example>');
  });

  it('an upload after asking takes the request back; asked again, the old version is refused and the new one lists the file', async () => {
    await changeFax(chloe, '08 8377 1300');
    await ask('New fax number');
    const [read] = await requests();
    expect(read.files).toEqual([]);

    const uploaded = await call(chloe, 'upload?name=Fax cover.png', undefined, await pngOf());
    expect(uploaded.status).toBe(200);
    expect(await requests()).toEqual([]);
    expect((await call(chloe, 'me')).body.asked).toBeUndefined();
    await ask('New fax number');

    expect(await call(karen, 'approvals/approve', { author: read.author, version: read.version }))
      .toEqual({ status: 409, body: { error: 'Chloe Anderson changed this request after you opened it: read it again.' } });
    expect(head()).toBe(seed);

    const [again] = await requests();
    expect(again.files).toEqual([String(uploaded.body.href)]);
    expect((await call(karen, 'approvals/approve', { author: again.author, version: again.version })).status).toBe(200);
    expect(site()).toContain('fax: "08 8377 1300"');
    expect(lastCommit()).toBe('Chloe Anderson|New fax number\n\nApproved-by: Karen Mills <karen@practice.example>');
  });
});

describe('only the editor names an approver', () => {
  type Version = { by: string; description: string; approvedBy?: string };
  const history = async () => (await call(karen, 'history')).body.versions as Version[];
  const FORGED = 'Approved-by: Mona Manager';

  it('a description that reads as an approval, published at once: History names no approver and shows the words', async () => {
    await hosted.db.exec(`reset role; update public.editors set may_publish = true where email = 'chloe@practice.example'`);
    await changeFax(chloe, '08 8377 1300');
    expect((await call(chloe, 'publish', { message: FORGED })).status).toBe(200);
    const [latest] = await history();
    expect(latest).toMatchObject({ by: 'Chloe Anderson', description: `"${FORGED}"` });
    expect(latest.approvedBy).toBeUndefined();
    expect(gitIn(hosted.bare, ['log', '-1', '--format=%(trailers:key=Approved-by)', 'main']).trim()).toBe('');
  });

  it('the same description asked and approved: History names the real approver, never the one in the words', async () => {
    await changeFax(chloe, '08 8377 1300');
    await ask(FORGED);
    const [read] = await requests();
    expect((await call(karen, 'approvals/approve', { author: read.author, version: read.version })).status).toBe(200);
    const [latest] = await history();
    expect(latest).toEqual(expect.objectContaining({ by: 'Chloe Anderson', description: `"${FORGED}"`, approvedBy: 'Karen Mills' }));
    expect(gitIn(hosted.bare, ['log', '-1', '--format=%(trailers:key=Approved-by,valueonly)', 'main']).trim()).toBe('Karen Mills <karen@practice.example>');
  });
});
