import type { Bundle } from './model.ts';
import type { Json } from './yaml/json.ts';

/** The editor server's answers, as the browser app uses them. */

export interface Problem { name: string; line: number; col: number; path: string; where: string; message: string }
export interface DocumentState { file: string; text: string; hash: string; value: Json | null; problems: Problem[] }
/** `preview`: the open preview page showed the change by itself, needs reloading (the routes changed), or had nothing new. */
export interface Saved { hash: string; text: string; problems: Problem[]; preview: 'updated' | 'reload' | 'unchanged' }
export interface ReviewState { base: 'published' | 'none'; changes: { id: string; kind: string; words: string }[]; diff: string }

export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly conflict: boolean) { super(message); }
}

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch {
    throw new ApiError('The editor is not answering. Is `npm run edit` still running? Start it again; your saved work is kept.', 0, false);
  }
  const body = (await res.json().catch(() => ({}))) as { error?: string; conflict?: boolean };
  if (!res.ok) throw new ApiError(body.error ?? `The editor answered ${res.status}.`, res.status, Boolean(body.conflict));
  return body as T;
}

const post = <T>(path: string, body: unknown) =>
  request<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const api = {
  document: () => request<DocumentState>('/api/document'),
  schema: () => request<Bundle>('/api/schema'),
  files: () => request<{ files: string[] }>('/api/files'),
  save: (value: Json, hash: string) => post<Saved>('/api/save', { value, hash }),
  saveText: (text: string, hash: string) => post<Saved>('/api/save-text', { text, hash }),
  review: () => request<ReviewState>('/api/review'),
  undo: (id: string, hash: string) => post<Saved>('/api/undo', { id, hash }),
  publish: (message: string) => post<{ ok: true; message: string; commit: string }>('/api/publish', { message }),
  markdown: (text: string) => post<{ html: string }>('/api/markdown', { text }).then((r) => r.html),
  upload: (file: File) => request<{ href: string; width?: number; height?: number; kind: string }>(
    `/api/upload?name=${encodeURIComponent(file.name)}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: file }),
};
