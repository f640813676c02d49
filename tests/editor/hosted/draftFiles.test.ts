// A draft's upload read back through the site-editor function (GET files/<address>), as the form's thumbnail and the
// preview read it before it is published: by its owner only, and exactly the bytes uploaded. Over the function's real
// parts: the editor's tables on PGlite after every migration, GitHub's API answered by a stand-in over a bare repository.
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_IN_DRAFT } from '../../../server/editor/draftFiles.ts';
import { NOT_AN_EDITOR, NOT_SIGNED_IN, signJwt } from '../../../server/editor/auth.ts';
import type { Claims } from '../../../server/editor/claims.ts';
import { valueOfText } from '../../../src/editor/yaml/patch.ts';
import { opsFor } from '../ops.ts';
import { chloe, FN, karen, ORIGIN, SECRET, startHostedEditor, stranger, type HostedEditor } from './hostedEditor.ts';
import { limit } from '../../../bench/machineSpeed.ts';

let hosted: HostedEditor;
beforeAll(async () => { hosted = await startHostedEditor(); }, limit(120_000));
afterAll(async () => { await hosted?.close(); });

beforeEach(async () => {
  await hosted.db.exec(`
    reset role;
    truncate public.editors, public.editor_drafts, public.editor_draft_files;
    insert into public.editors (email, name) values ('karen@practice.example', 'Karen Mills'), ('chloe@practice.example', 'Chloe Anderson');
  `);
});

async function call(action: string, options: { as?: Claims; bytes?: Uint8Array; json?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN };
  if (options.as) headers.authorization = `Bearer ${await signJwt(options.as, SECRET)}`;
  let body: BodyInit | undefined;
  if (options.bytes) { headers['content-type'] = 'application/octet-stream'; body = new Blob([new Uint8Array(options.bytes)]); }
  if (options.json !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(options.json); }
  return hosted.handler(new Request(FN + action, { method: body ? 'POST' : 'GET', headers, body }));
}
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

/** Karen's upload of a real JPEG; its address and bytes. */
async function upload(): Promise<{ href: string; jpeg: Uint8Array }> {
  const jpeg = new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c8a078' } }).jpeg().toBuffer());
  const uploaded = await json(await call('upload?name=Mei Lin.jpg', { as: karen, bytes: jpeg }));
  expect(uploaded.status).toBe(200);
  return { href: String(uploaded.body.href), jpeg };
}

/** Karen's upload of a PDF form; its address and bytes. */
async function uploadPdf(): Promise<{ href: string; pdf: Uint8Array }> {
  const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const uploaded = await json(await call('upload?name=Consent Form (new).pdf', { as: karen, bytes: pdf }));
  expect(uploaded.status).toBe(200);
  return { href: String(uploaded.body.href), pdf };
}

describe('a draft\'s upload, read back before it is published', () => {
  it('gives its owner exactly the bytes uploaded, as a picture no cache keeps and nothing sniffs, and lists it among her uploads', async () => {
    const { href, jpeg } = await upload();
    expect(href).toMatch(/^\/images\/mei-lin-[0-9a-f]{6}\.jpg$/);
    const res = await call(`files${href}`, { as: karen });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(jpeg);
    expect(Object.fromEntries(['content-type', 'cache-control', 'x-content-type-options', 'content-disposition', 'access-control-allow-origin'].map((h) => [h, res.headers.get(h)]))).toEqual({
      'content-type': 'image/jpeg', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff', 'content-disposition': 'attachment', 'access-control-allow-origin': ORIGIN,
    });
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect((await json(await call('files', { as: karen }))).body.uploads).toEqual([href]);
  });

  it('is nobody else\'s: another editor is told it is not in her draft (404), a person not on the list 403, no sign-in 401', async () => {
    const { href } = await upload();
    expect(await json(await call(`files${href}`, { as: chloe }))).toEqual({ status: 404, body: { error: NOT_IN_DRAFT } });
    expect((await json(await call('files', { as: chloe }))).body.uploads).toEqual([]);
    expect(await json(await call(`files${href}`, { as: stranger }))).toEqual({ status: 403, body: { error: NOT_AN_EDITOR(stranger.email), signIn: false } });
    expect(await json(await call(`files${href}`))).toEqual({ status: 401, body: { error: NOT_SIGNED_IN, signIn: true } });
  });

  it('reads only an upload\'s path: the site file, a page, a path out of public/ are not there (404)', async () => {
    await upload();
    for (const address of ['/site.yaml', '/../site.yaml', '/images/x-abc123.html', '/index.html', '/images/%2e%2e/site.yaml']) {
      expect((await json(await call(`files${address}`, { as: karen }))).status, address).toBe(404);
    }
  });

  it('is gone from the draft once published: the website has it then, and the editor says so in words', async () => {
    const { href } = await upload();
    const doc = await json(await call('document', { as: karen }));
    const value = valueOfText(String(doc.body.text)) as { entities: { doctors: { image?: unknown }[] } };
    const next = structuredClone(value);
    next.entities.doctors[0].image = { src: href, alt: 'Dr Amelia Hart', width: 64, height: 48 };
    expect((await call('ops', { as: karen, json: { ops: opsFor(value, next), hash: doc.body.hash } })).status).toBe(200);
    expect((await call('publish', { as: karen, json: { message: 'A photo for Dr Hart' } })).status).toBe(200);
    expect(await json(await call(`files${href}`, { as: karen }))).toEqual({ status: 404, body: { error: NOT_IN_DRAFT } });
    expect((await json(await call('files', { as: karen }))).body.uploads).toEqual([]);
  });

  it('gives its owner an uploaded PDF as a PDF to read in a tab (inline, its own name), nothing sniffs or keeps; nobody else, and no other path', async () => {
    const { href, pdf } = await uploadPdf();
    expect(href).toMatch(/^\/downloads\/consent-form-new-[0-9a-f]{6}\.pdf$/);
    const res = await call(`files${href}`, { as: karen });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
    expect(Object.fromEntries(['content-type', 'cache-control', 'x-content-type-options', 'content-disposition'].map((h) => [h, res.headers.get(h)]))).toEqual({
      'content-type': 'application/pdf', 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff', 'content-disposition': `inline; filename="${href.slice('/downloads/'.length)}"`,
    });
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(await json(await call(`files${href}`, { as: chloe }))).toEqual({ status: 404, body: { error: NOT_IN_DRAFT } });
    expect(await json(await call(`files${href}`, { as: stranger }))).toEqual({ status: 403, body: { error: NOT_AN_EDITOR(stranger.email), signIn: false } });
    expect(await json(await call(`files${href}`))).toEqual({ status: 401, body: { error: NOT_SIGNED_IN, signIn: true } });
    for (const address of [`${href}.html`, href.replace('.pdf', '.html'), href.replace('/downloads/', '/downloads/../'), href.replace('/downloads/', '/'), `/downloads/%2e%2e/${href.slice(11)}`, href.toUpperCase()]) {
      expect((await json(await call(`files${address}`, { as: karen }))).status, address).toBe(404);
    }
  });
});
