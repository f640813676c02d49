import type { Bundle } from './model.ts';
import type { Op } from './ops/op.ts';
import type { TextChange } from './review/textChange.ts';
import type { Json } from './yaml/json.ts';

/** The editor server's answers, as the browser app uses them. */

/** What a colleague may do besides editing: publish at once (else they ask for approval), and manage people. */
export interface Rights { mayPublish: boolean; managesPeople: boolean }
/** A colleague on the People list; `invitedBy`: the address of whoever invited them. */
export interface Colleague extends Rights { email: string; name: string; invitedBy?: string; added: string }
/** The signed-in person, with their draft's request for approval or the note it was sent back with. */
export interface Me extends Partial<Rights> { name: string; email: string; asked?: { at: string; message: string }; returned?: { note: string; by: string } }
/**
 * A colleague's request for approval: who, when, their description, the changes in Review's words and the files they
 * uploaded with it ('/images/x.png'); `version` names exactly this, and approving sends it back, so that only what was
 * read can be published.
 */
export interface ApprovalRequest {
  author: string; name: string; email: string; askedAt: string; message: string; version: string; files: string[];
  changes: { id: string; words: string }[];
}
/** What an open editor learns every few seconds (server/editor/newsApi.ts). */
export interface News {
  head: string; published?: { by?: string; at?: string }; draft: number;
  asked?: { at: string; message: string }; returned?: { note: string; by: string }; waiting?: number; keyExpires?: string;
}
/** The People list, and after an invitation whether its e-mail went ('has an account': they sign in as they do elsewhere). */
export interface PeopleList { people: Colleague[]; invited?: { email: string; name: string; sent: 'sent' | 'has an account' } }

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
export interface ReviewState { base: 'published' | 'none'; changes: { id: string; kind: string; words: string; text?: TextChange }[]; diff: string }

/**
 * One published version as History shows it: the description, who, when, and its changes in words; `parts`, the parts
 * of the site they are in ('Fees', 'Page "/fees"').
 */
export interface HistoryVersion { commit: string; at: string; by: string; email?: string; approvedBy?: string; approverEmail?: string; description: string; changes: string[]; parts: string[]; first: boolean }

export class ApiError extends Error {
  /** `settled`: the draft was done with on the server (everything in it is published already); the form reads it again. */
  constructor(message: string, readonly status: number, readonly conflict: boolean, readonly conflicts: PublishConflict[] = [], readonly settled = false) { super(message); }
}

/**
 * Where the editor's backend answers: this computer's `npm run edit` (/api/<action>), or the site-editor function
 * of the hosted editor (/functions/v1/site-editor/<action>, with the person's sign-in).
 */
export interface Backend {
  base: string;
  /** The sign-in to send, when the backend needs one. */
  token?(): Promise<string | undefined>;
  /** Told when the backend refuses the sign-in (expired): the editor asks the person to sign in again. */
  signedOut?(message: string): void;
  notAnswering: string;
}

let backend: Backend = {
  base: '/api/',
  notAnswering: 'The editor is not answering. Is `npm run edit` still running? Start it again; your saved work is kept.',
};

export function setBackend(chosen: Backend) {
  backend = chosen;
}

/** The backend's answer when it is a success; a refusal becomes an ApiError with its words. */
async function answer(action: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  const token = await backend.token?.();
  try {
    res = await fetch(`${backend.base}${action}`, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  } catch {
    throw new ApiError(backend.notAnswering, 0, false);
  }
  if (res.ok) return res;
  const body = (await res.json().catch(() => ({}))) as { error?: string; conflict?: boolean; conflicts?: PublishConflict[]; signIn?: boolean; settled?: boolean };
  if (res.status === 401 && body.signIn) backend.signedOut?.(body.error ?? '');
  throw new ApiError(body.error ?? `The editor answered ${res.status}.`, res.status, Boolean(body.conflict), body.conflicts ?? [], body.settled === true);
}

const request = async <T>(action: string, init: RequestInit = {}): Promise<T> => (await (await answer(action, init)).json().catch(() => ({}))) as T;

const post = <T>(path: string, body: unknown) =>
  request<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const api = {
  document: () => request<DocumentState>('document'),
  schema: () => request<Bundle>('schema'),
  /** `uploads`: files of the person's draft that only the editor can show until they are published (hosted editor). */
  files: () => request<{ files: string[]; uploads?: string[] }>('files'),
  /** The bytes of one of those uploads ('/images/x-abc123.jpg'), read with the person's sign-in. */
  draftFile: async (address: string) => (await answer(`files${address}`)).blob(),
  ops: (ops: Op[], hash: string) => post<OpsSaved>('ops', { ops, hash }),
  saveText: (text: string, hash: string) => post<Saved>('save-text', { text, hash }),
  review: () => request<ReviewState>('review'),
  undo: (id: string) => post<OpsSaved>('undo', { id }),
  publish: (message: string, choices: Record<string, 'mine' | 'theirs'> = {}, author = '') =>
    post<{ ok: true; message: string; commit: string; merged?: boolean; keptDraft?: boolean }>('publish', { message, choices, author }),
  /**
   * The `page`th run of the published versions (0: the newest); `more`: there may be older ones; `parts`, with the
   * newest: every part of today's website, to search the history by.
   */
  history: (page = 0) => request<{ versions: HistoryVersion[]; more: boolean; parts?: string[] }>(`history?page=${page}`),
  /** `how`: return to the version, or undo just its change; `choices` settles the places a later version changed too. */
  /**
   * What returning to `commit` takes back from today's website, and the version that was worked out on. `page`: the
   * page of the history `commit` was listed on, here and in goBack.
   */
  returnAsks: (commit: string, page = 0) => post<{ head: string; changes: string[] }>('history/return-asks', { commit, page }),
  /**
   * `how`: return to the version (made only while `seen`, the version returnAsks answered on, is the newest), or undo
   * just its change; `choices` settles the places a later version changed too.
   */
  goBack: (how: 'return' | 'undo', commit: string, choices: Record<string, 'mine' | 'theirs'>, author: string, seen?: string, page = 0) =>
    post<{ ok: true; message: string; commit: string }>(`history/${how}`, { commit, choices, author, page, ...(seen ? { seen } : {}) }),
  markdown: (text: string) => post<{ html: string }>('markdown', { text }).then((r) => r.html),
  upload: (file: File) => request<{ href: string; width?: number; height?: number; kind: string }>(
    `upload?name=${encodeURIComponent(file.name)}`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: file }),
  /** What colleagues did since the screen last asked (`since`: the website's version it knows); hosted editor only. */
  news: (since?: string) => request<News>(`news${since ? `?since=${encodeURIComponent(since)}` : ''}`),
  /** The signed-in person, as the editors list names them (hosted editor only). */
  me: () => request<Me>('me'),
  askApproval: (message: string) => post<{ asked: boolean }>('approval/ask', { message }),
  approvals: () => request<{ requests: ApprovalRequest[] }>('approvals'),
  approve: (request: Pick<ApprovalRequest, 'author' | 'version'>, choices: Record<string, 'mine' | 'theirs'> = {}) =>
    post<{ message: string }>('approvals/approve', { author: request.author, version: request.version, choices }),
  sendBack: (author: string, note: string) => post<{ returned: boolean }>('approvals/return', { author, note }),
  people: () => request<PeopleList>('people'),
  invite: (person: { name: string; email: string } & Rights) => post<PeopleList>('people/invite', person),
  changePerson: (email: string, rights: Rights) => post<PeopleList>('people/change', { email, ...rights }),
  removePerson: (email: string) => post<PeopleList>('people/remove', { email }),
  /** An address that signs a colleague in once, for the manager to give them when their e-mail does not arrive. */
  signInLink: (email: string) => post<{ link: string; name: string; email: string }>('people/link', { email }),
};
