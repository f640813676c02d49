import type { Bundle } from './model.ts';
import type { Op } from './ops/op.ts';
import type { Json } from './yaml/json.ts';

/** The editor server's answers, as the browser app uses them. */

export interface Problem { name: string; line: number; col: number; path: string; where: string; message: string }
/** `warnings`: what is probably a mistake (old news on a page, an entry no page shows); it never stops a publish. */
export interface DocumentState { file: string; text: string; hash: string; value: Json | null; problems: Problem[]; warnings: Problem[] }
/** `preview`: the open preview page showed the change by itself, needs reloading (the routes changed), or had nothing new. */
export interface Saved { hash: string; problems: Problem[]; warnings: Problem[]; preview: 'updated' | 'reload' | 'unchanged' }
/** A change the file had meanwhile at the same place as one sent: that operation was not done. */
export interface FileConflict { key: string; where: string; theirs: string; op: Op; current: Json }
/**
 * `value`: the file's value when it had changed since the browser last saw it (the operations were merged into it);
 * `conflicts`: operations not done because the file had changed the same place.
 */
export interface OpsSaved extends Saved { value?: Json | null; conflicts: FileConflict[] }
/** A place a colleague's newer published version changed too, with both values. */
export interface PublishConflict { key: string; where: string; mine: string; theirs: string; by?: string; at?: string }
export interface ReviewState { base: 'published' | 'none'; changes: { id: string; kind: string; words: string }[]; diff: string }

export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly conflict: boolean, readonly conflicts: PublishConflict[] = []) { super(message); }
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError('The editor is not answering. Is `npm run edit` still running? Start it again; your saved work is kept.', 0, false);
  }
  const body = (await res.json().catch(() => ({}))) as { error?: string; conflict?: boolean; conflicts?: PublishConflict[] };
  if (!res.ok) throw new ApiError(body.error ?? `The editor answered ${res.status}.`, res.status, Boolean(body.conflict), body.conflicts ?? []);
  return body as T;
}

const post = <T>(path: string, body: unknown) =>
  request<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const api = {
  document: () => request<DocumentState>('/api/document'),
  schema: () => request<Bundle>('/api/schema'),
  files: () => request<{ files: string[] }>('/api/files'),
  ops: (ops: Op[], hash: string) => post<OpsSaved>('/api/ops', { ops, hash }),
  saveText: (text: string, hash: string) => post<Saved>('/api/save-text', { text, hash }),
  review: () => request<ReviewState>('/api/review'),
  undo: (id: string) => post<OpsSaved>('/api/undo', { id }),
  publish: (message: string, choices: Record<string, 'mine' | 'theirs'> = {}, author = '') =>
    post<{ ok: true; message: string; commit: string; merged?: boolean }>('/api/publish', { message, choices, author }),
  markdown: (text: string) => post<{ html: string }>('/api/markdown', { text }).then((r) => r.html),
  upload: (file: File) => request<{ href: string; width?: number; height?: number; kind: string }>(
    `/api/upload?name=${encodeURIComponent(file.name)}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: file }),
};
