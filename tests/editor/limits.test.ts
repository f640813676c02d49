import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEditor, type RunningEditor } from '../../server/local/editServer.ts';
import { call, editorPerTest } from './request.ts';
import { sandbox, type Sandbox } from './sandbox.ts';
import { limit } from '../../bench/machineSpeed.ts';

const open = editorPerTest();
const MB = 1024 * 1024;

/**
 * Streams `megabytes` of bytes to the editor in 1 MB pieces (with or without a declared length), as a browser sends a
 * large file, and resolves with the answer: its status and JSON, or the error the connection ended with.
 */
function stream(editor: RunningEditor, path: string, type: string, megabytes: number, declared: boolean): Promise<{ status: number; body: Record<string, unknown> } | { error: string }> {
  return new Promise((resolve) => {
    const req = httpRequest({
      host: '127.0.0.1', port: editor.port, method: 'POST', path,
      headers: { host: `127.0.0.1:${editor.port}`, origin: `http://127.0.0.1:${editor.port}`, 'content-type': type, ...(declared ? { 'content-length': String(megabytes * MB) } : {}) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }));
      res.on('error', (e) => resolve({ error: e.message }));
    });
    req.on('error', (e) => resolve({ error: e.message }));
    const piece = Buffer.alloc(MB, 0x61);
    let sent = 0;
    const next = () => {
      while (sent < megabytes) {
        sent++;
        if (!req.write(piece)) { req.once('drain', next); return; }
      }
      req.end();
    };
    next();
  });
}

describe('the editor\'s limits', () => {
  it('answers a file over 25 MB with 413 and the limit in words, streamed with or without its length, and goes on answering', async () => {
    const { editor } = await open('minimal');
    const words = 'The file is larger than 25 MB, too large to send to the editor. A picture may be at most 10 MB and a PDF 20 MB: make it smaller, then choose it again.';
    for (const declared of [true, false]) {
      const answer = await stream(editor, '/api/upload?name=big.jpg', 'application/octet-stream', 30, declared);
      expect(answer).toEqual({ status: 413, body: { error: words } });
    }
    const json = await stream(editor, '/api/save-text', 'application/json', 5, true);
    expect(json).toEqual({ status: 413, body: { error: 'That change is larger than 1 MB, the most the editor takes at once. Reload the page; if this happens again, tell the person who looks after the website.' } });
    expect((await call(editor, 'GET', '/api/document')).status).toBe(200);
  }, limit(60_000));
});

describe('the temporary file of a save', () => {
  let box: Sandbox | undefined;
  let editor: RunningEditor | undefined;
  afterEach(async () => {
    await editor?.close();
    box?.cleanup();
  });

  it('left behind by an editor stopped in the middle of a save is removed when the editor starts, and git ignores such files', async () => {
    box = sandbox('minimal');
    const leftover = join(box.work, '.0a1b2c3d4e5f.editing.tmp');
    writeFileSync(leftover, 'site:\n  name: half wri');
    const notes = join(box.work, 'notes.editing.txt');
    writeFileSync(notes, 'not the editor\'s');
    const text = readFileSync(box.siteFile, 'utf8');
    editor = await startEditor({ siteFile: box.siteFile, port: 0, ui: false });
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(notes)).toBe(true);
    expect(readFileSync(box.siteFile, 'utf8')).toBe(text);
    // Ignored in this copy (which has no .gitignore of its own), so it never goes into a commit by mistake.
    writeFileSync(leftover, 'again');
    expect(box.git(['check-ignore', '.0a1b2c3d4e5f.editing.tmp']).trim()).toBe('.0a1b2c3d4e5f.editing.tmp');
    expect(box.git(['status', '--porcelain']).trim()).toBe('?? notes.editing.txt');
  });
});

describe('the markdown preview', () => {
  it('refuses a text longer than a field may hold, in words', async () => {
    const { editor } = await open('minimal');
    const answer = await call(editor, 'POST', '/api/markdown', { text: 'a\n\n'.repeat(7000) });
    expect(answer).toEqual({ status: 400, body: { error: 'That text is longer than 20,000 characters, the most a field may hold. Shorten it, then look again.' } });
    expect(await call(editor, 'POST', '/api/markdown', { text: 'a\n\n'.repeat(6000) })).toMatchObject({ status: 200 });
  });
});
