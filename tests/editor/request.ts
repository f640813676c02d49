import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { afterEach } from 'vitest';
import { startEditor, type RunningEditor } from '../../server/local/editServer.ts';
import { hashOf } from '../../server/editor/contentStore.ts';
import { valueOfText } from '../../src/editor/yaml/patch.ts';
import { opsFor } from './ops.ts';
import { sandbox, type Sandbox } from './sandbox.ts';

export interface Reply { status: number; body: Record<string, unknown> }

/** One request to the editor with the headers a browser on its page would send (or others, to test refusals). */
export function call(editor: RunningEditor, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const raw = body instanceof Uint8Array ? Buffer.from(body) : body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = httpRequest({
      host: '127.0.0.1', port: editor.port, method, path,
      headers: {
        host: `127.0.0.1:${editor.port}`,
        ...(raw ? { 'content-type': body instanceof Uint8Array ? 'application/octet-stream' : 'application/json', 'content-length': String(raw.length) } : {}),
        ...(method === 'POST' ? { origin: `http://127.0.0.1:${editor.port}` } : {}),
        ...headers,
      },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: Record<string, unknown>;
        try { parsed = JSON.parse(text) as Record<string, unknown>; } catch { parsed = { text }; }
        resolve({ status: res.statusCode ?? 0, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(raw);
  });
}

export type Doc = { value: Record<string, unknown> & { hours: Record<string, unknown> & { regular: Record<string, unknown>[] } }; hash: string; text: string; problems: unknown[] };

export interface Opened { box: Sandbox; editor: RunningEditor; doc: Doc }

/**
 * Opens the editor's API (no browser app, no preview) on a sandbox of its own; every editor a test opened is closed
 * and its sandbox removed after that test.
 */
export function editorPerTest(): (kind: 'minimal' | 'real', options?: { git?: boolean; remote?: boolean }) => Promise<Opened> {
  const opened: Opened[] = [];
  afterEach(async () => {
    for (const { editor, box } of opened.splice(0)) {
      await editor.close();
      box.cleanup();
    }
  });
  return async (kind, options = {}) => {
    const box = sandbox(kind, options);
    const editor = await startEditor({ siteFile: box.siteFile, port: 0, ui: false });
    const doc = (await call(editor, 'GET', '/api/document')).body as unknown as Doc;
    const one = { box, editor, doc };
    opened.push(one);
    return one;
  };
}

/**
 * Saves `value` as the forms would: the operations that turn the file's value into it, made on the version `hash`
 * names (by default the file as it is now).
 */
export async function saveValue(one: { editor: RunningEditor; box: Sandbox }, value: unknown, hash?: string): Promise<Reply> {
  const text = readFileSync(one.box.siteFile, 'utf8');
  return call(one.editor, 'POST', '/api/ops', { ops: opsFor(valueOfText(text), value), hash: hash ?? await hashOf(text) });
}
