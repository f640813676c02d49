// The editor's requests on the real server (server/local/serve.ts): who may send one is checked from its headers
// before any of its body is read, and a body is read only up to its action's limit. Each request below declares a
// large body and sends none: a server that read the body first would never answer.
import { connect } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteEditorHandler } from '../../server/editor/hostedHandler.ts';
import { bodyLimitOf } from '../../server/editor/request.ts';
import { pgliteAsPerson } from '../../server/local/editorDb.ts';
import { migrate } from '../../server/local/feedbackStore.ts';
import { registerFunction } from '../../server/local/functions.ts';
import { signJwt } from '../../server/editor/auth.ts';
import { GitHubHost } from '../../server/editor/githubHost.ts';
import { sqlEditorDb } from '../../server/editor/sqlEditorDb.ts';
import { FIXTURE, karen, SECRET, stranger } from '../editor/hosted/hostedEditor.ts';
import { serveFakeSite, type FakeSite } from './fakeDist.ts';
import { limit } from '../../bench/machineSpeed.ts';

let site: FakeSite;
let db: PGlite;
/** The requests the editor's handler was given (after their bodies were read). */
const handled: string[] = [];
const FN = '/functions/v1/site-editor/';

beforeAll(async () => {
  db = new PGlite();
  await migrate(db);
  await db.exec(`insert into public.editors (email, name) values ('karen@practice.example', 'Karen Mills')`);
  site = await serveFakeSite('editor-body-', {});
  const editor = createSiteEditorHandler({
    secret: SECRET, db: sqlEditorDb(pgliteAsPerson(db)), siteFile: `${FIXTURE}/site.yaml`, allowedOrigins: [`http://127.0.0.1:${site.port}`], log: () => undefined,
    // Never reached: no request here gets past reading its body to an action that publishes.
    host: new GitHubHost({ owner: 'practice', repo: 'site', branch: 'main', token: 'unused', baseUrl: 'http://127.0.0.1:9' }),
  });
  registerFunction('site-editor', () => Promise.resolve(async (request) => {
    handled.push(`${new URL(request.url).pathname} ${(await request.arrayBuffer()).byteLength}`);
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  }), { maxBody: bodyLimitOf, actions: true, admit: editor.admit });
}, limit(120_000));

afterAll(async () => {
  await site?.stop();
  await db?.close();
});

/** The status of the answer to a request that declares `declared` bytes of body and sends `sent` of them (0 if none in 5 s). */
function answerTo(head: string, sent = Buffer.alloc(0)): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(site.port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => { text += chunk.toString('latin1'); if (/^HTTP\/1\.1 \d{3}/.test(text)) socket.destroy(); });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.setTimeout(5_000, () => socket.destroy());
    socket.write(head.replaceAll('{port}', String(site.port)));
    if (sent.length) socket.write(sent);
  });
}

const post = (action: string, headers: string, declared: number) =>
  `POST ${FN}${action} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${declared}\r\n${headers}\r\n`;

describe("the editor's requests, before their bodies", () => {
  it('another website is refused at once, whatever it declares, and nothing reaches the editor', async () => {
    expect(await answerTo(post('upload', 'Origin: https://evil.example\r\n', 20 * 1024 * 1024))).toBe(403);
    expect(handled).toEqual([]);
  });

  it('no sign-in, a forged one, or a person not on the list: refused at once', async () => {
    expect(await answerTo(post('upload', '', 20 * 1024 * 1024))).toBe(401);
    expect(await answerTo(post('upload', `Authorization: Bearer ${await signJwt(karen, 'another-secret-as-long-as-supabase-gives-0123456789')}\r\n`, 20 * 1024 * 1024))).toBe(401);
    expect(await answerTo(post('upload', `Authorization: Bearer ${await signJwt(stranger, SECRET)}\r\n`, 20 * 1024 * 1024))).toBe(403);
    expect(handled).toEqual([]);
  });

  it('a person on the list: the body is read, up to its action\'s limit and no further', async () => {
    const signed = `Authorization: Bearer ${await signJwt(karen, SECRET)}\r\n`;
    // Admitted: the server waits for the body it was promised (here it never comes).
    expect(await answerTo(post('upload', signed, 20 * 1024 * 1024))).toBe(0);
    // A change's JSON is never megabytes: not one byte of it is read (the editor refuses it by its declared length).
    expect(await answerTo(post('save-text', signed, 2 * 1024 * 1024))).toBe(200);
    // Sent whole within its limit, it reaches the editor.
    const file = Buffer.alloc(3 * 1024 * 1024, 1);
    expect(await answerTo(post('upload', signed, file.length), file)).toBe(200);
    expect(handled).toEqual([`${FN}save-text 0`, `${FN}upload ${file.length}`]);
  });
});
