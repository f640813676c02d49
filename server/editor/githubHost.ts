import { apiPath, gitHubApi, GitHubRefusal, type Ask, type Created, type GitBlob, type GitCommit, type GitRef, type GitTree, type ListedCommit } from './githubApi.ts';
import type { Author, CommitResult, FileChange, GitHost, LastChange, Version } from './gitHost.ts';

/**
 * The content on GitHub, read and written through the REST API with the website's key, asked with fetch
 * (githubApi.ts). Runs in Node and in Deno (Supabase Edge Functions), so nothing here may import from node: or use
 * Buffer.
 */

const AFTERWARDS = 'Nothing was published; your work is kept as a draft.';

/** Everything staff read when GitHub fails, in one place (the tests assert these word for word). */
export const GITHUB_WORDS = {
  keyRefused: `GitHub refused the website's key (it may have expired or lack permission to write). ${AFTERWARDS} Tell the person who looks after the website.`,
  unreachable: `GitHub could not be reached (the internet connection or GitHub itself may be down). ${AFTERWARDS} Try again in a few minutes.`,
  busy: `GitHub asked the website to slow down (too many requests in a short time). ${AFTERWARDS} Try again in a few minutes.`,
  notFound: `GitHub does not show the website's repository or branch to the website's key (it may have been renamed, or the key may not cover it). ${AFTERWARDS} Tell the person who looks after the website.`,
  branchRefused: `GitHub would not move the website's branch forward (a rule on the branch, such as a protection, may forbid it). ${AFTERWARDS} Tell the person who looks after the website.`,
  tooManyFiles: `The website's repository holds too many files for GitHub to list at once, so the editor cannot read it. ${AFTERWARDS} Tell the person who looks after the website.`,
} as const;

/**
 * When the website's key expires, from the header GitHub sends with every answer to a key that does (a fine-grained
 * token): '2027-10-12 09:00:00 UTC' becomes '2027-10-12T09:00:00Z'. Undefined for anything else.
 */
export function expiryOf(header: unknown): string | undefined {
  const found = typeof header === 'string' ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/.exec(header.trim()) : null;
  return found ? `${found[1]}T${found[2]}Z` : undefined;
}

/** A failure GitHub explained that none of the words above covers: its status and what it said, for whoever helps. */
export const githubFailed = (status: number, said: string) =>
  `GitHub answered with an error (${status}: ${said}). ${AFTERWARDS} Try again in a few minutes; if it happens again, tell the person who looks after the website.`;

export interface GitHubHostOptions {
  owner: string;
  repo: string;
  branch: string;
  /** A token allowed to read and write the repository's contents. */
  token: string;
  /** Another API address (GitHub Enterprise, or a test server); api.github.com when absent. */
  baseUrl?: string;
  request?: { fetch?: typeof fetch };
}

/** An error from a request to GitHub in words for staff. */
export function explainGitHubError(error: unknown): Error {
  // Not from a request (a mistake in this program, say): shown as it is, not dressed up as GitHub's.
  if (!(error instanceof GitHubRefusal)) return error instanceof Error ? error : new Error(String(error));
  // No answer: fetch itself failed (DNS, connection refused, offline).
  if (!error.answer) return new Error(GITHUB_WORDS.unreachable, { cause: error });
  const headers = error.answer.headers;
  if (error.status === 429 || (error.status === 403 && (headers.get('x-ratelimit-remaining') === '0' || headers.has('retry-after')))) {
    return new Error(GITHUB_WORDS.busy, { cause: error });
  }
  if (error.status === 401 || error.status === 403) return new Error(GITHUB_WORDS.keyRefused, { cause: error });
  if (error.status === 404) return new Error(GITHUB_WORDS.notFound, { cause: error });
  if (error.status >= 500) return new Error(GITHUB_WORDS.unreachable, { cause: error });
  return new Error(githubFailed(error.status, error.message), { cause: error });
}

/** Base64 of bytes, the way the blob API takes them (btoa works on one character per byte). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a whole picture's bytes as arguments would overflow the stack. The bytes are
  // handed over as they are (apply), not spread: spreading walks them one by one, some 10 ms of CPU for a practice's
  // site file in a function just started, where apply takes 3.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += Reflect.apply(String.fromCharCode, null, bytes.subarray(at, at + 0x8000)) as string;
  return btoa(binary);
}

/** Bytes from base64; GitHub breaks its base64 into lines, which atob does not accept. */
export function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let at = 0; at < binary.length; at++) bytes[at] = binary.charCodeAt(at);
  return bytes;
}

interface Entry { mode: string; type: string; sha: string }
interface Tree { sha: string; entries: Map<string, Entry> }

type BlobMode = '100644' | '100755' | '120000';
/** A changed file keeps its executable or link mode; a new one is an ordinary file. */
const modeFor = (entry: Entry | undefined): BlobMode =>
  entry?.mode === '100755' || entry?.mode === '120000' ? entry.mode : '100644';

/** A commit's tree never changes, so a few recent ones are kept rather than asked for again on every read. */
const TREES_KEPT = 8;

/**
 * A blob never changes either. Opening the editor, each save and the publish read the site file at the branch's head,
 * most often the same version: its last few are kept, so that each is fetched and decoded once (about 190 KB of
 * base64 for a practice's file, some milliseconds of a function's CPU each time). Files past this size (pictures,
 * PDFs) are read when asked, as before.
 */
const BLOBS_KEPT = 4;
const BLOB_BYTES_KEPT = 1_000_000;

export class GitHubHost implements GitHost {
  private readonly api: Ask;
  /** The repository's part of every path: /repos/{owner}/{repo}. */
  private readonly repo: string;
  private readonly branch: string;
  private readonly trees = new Map<string, Promise<Tree>>();
  private readonly blobs = new Map<string, Uint8Array>();
  /** When the key expires, as GitHub's last answer said. */
  private expires: string | undefined;

  constructor(options: GitHubHostOptions) {
    this.api = gitHubApi({
      token: options.token, baseUrl: options.baseUrl, fetch: options.request?.fetch,
      heard: (headers) => { this.expires = expiryOf(headers.get('github-authentication-token-expiration')) ?? this.expires; },
    });
    this.repo = apiPath`/repos/${options.owner}/${options.repo}`;
    this.branch = options.branch;
  }

  keyExpires(): string | undefined {
    return this.expires;
  }

  /** Runs requests, turning any failure into words for staff. */
  private async ask<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw explainGitHubError(error);
    }
  }

  async head(): Promise<string> {
    const { data } = await this.ask(() => this.api<GitRef>('GET', this.repo + apiPath`/git/ref/${`heads/${this.branch}`}`));
    return data.object.sha;
  }

  private tree(commit: string): Promise<Tree> {
    const known = this.trees.get(commit);
    if (known) return known;
    const loading = this.ask(async () => {
      const { data: made } = await this.api<GitCommit>('GET', this.repo + apiPath`/git/commits/${commit}`);
      const { data } = await this.api<GitTree>('GET', this.repo + apiPath`/git/trees/${made.tree.sha}`, { query: { recursive: 'true' } });
      return data;
    }).then((data): Tree => {
      if (data.truncated) throw new Error(GITHUB_WORDS.tooManyFiles);
      const entries = new Map<string, Entry>();
      for (const item of data.tree) {
        if (item.path && item.sha && item.mode && item.type) entries.set(item.path, { mode: item.mode, type: item.type, sha: item.sha });
      }
      return { sha: data.sha, entries };
    });
    // A failure is not kept: the next read asks again.
    loading.catch(() => this.trees.delete(commit));
    this.trees.set(commit, loading);
    if (this.trees.size > TREES_KEPT) this.trees.delete(this.trees.keys().next().value ?? commit);
    return loading;
  }

  async read(commit: string, path: string): Promise<Uint8Array | undefined> {
    const entry = (await this.tree(commit)).entries.get(path);
    if (!entry || entry.type !== 'blob') return undefined;
    // A copy each time: what a caller does with its bytes leaves the kept ones as GitHub sent them.
    const kept = this.blobs.get(entry.sha);
    if (kept) return kept.slice();
    const { data } = await this.ask(() => this.api<GitBlob>('GET', this.repo + apiPath`/git/blobs/${entry.sha}`));
    const bytes = data.encoding === 'base64' ? fromBase64(data.content) : new TextEncoder().encode(data.content);
    if (bytes.length <= BLOB_BYTES_KEPT) {
      this.blobs.set(entry.sha, bytes.slice());
      if (this.blobs.size > BLOBS_KEPT) this.blobs.delete(this.blobs.keys().next().value ?? entry.sha);
    }
    return bytes;
  }

  async list(commit: string, folder: string): Promise<string[]> {
    const { entries } = await this.tree(commit);
    return [...entries].filter(([path, entry]) => entry.type === 'blob' && path.startsWith(folder)).map(([path]) => path);
  }

  async lastChange(commit: string, path: string): Promise<LastChange> {
    const { data } = await this.ask(() => this.api<ListedCommit[]>('GET', `${this.repo}/commits`, { query: { sha: commit, path, per_page: 1 } }));
    const author = data[0]?.commit.author;
    return { by: author?.name || undefined, at: author?.date || undefined };
  }

  async history(commit: string, path: string, limit: number, page = 0): Promise<Version[]> {
    // GitHub counts its pages from 1.
    const { data } = await this.ask(() => this.api<ListedCommit[]>('GET', `${this.repo}/commits`, { query: { sha: commit, path, per_page: limit, page: page + 1 } }));
    return data.map((item) => ({
      commit: item.sha, parent: item.parents[0]?.sha,
      author: { name: item.commit.author?.name ?? '', email: item.commit.author?.email ?? '' },
      at: item.commit.author?.date ?? '', message: item.commit.message,
    }));
  }

  async commit(change: { parent: string; files: FileChange[]; message: string; author: Author }): Promise<CommitResult> {
    const base = await this.tree(change.parent);
    const tree: { path: string; mode: BlobMode; type: 'blob'; sha: string }[] = [];
    // One at a time: GitHub limits how fast content is created, and a commit has few files.
    for (const file of change.files) {
      const { data } = await this.ask(() => this.api<Created>('POST', `${this.repo}/git/blobs`, { body: { content: toBase64(file.content), encoding: 'base64' } }));
      tree.push({ path: file.path, mode: modeFor(base.entries.get(file.path)), type: 'blob', sha: data.sha });
    }
    const { data: made } = await this.ask(() => this.api<GitTree>('POST', `${this.repo}/git/trees`, { body: { base_tree: base.sha, tree } }));
    // GitHub takes the date without fractions of a second.
    const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const { data: commit } = await this.ask(() => this.api<GitCommit>('POST', `${this.repo}/git/commits`, {
      body: { message: change.message, tree: made.sha, parents: [change.parent], author: { ...change.author, date } },
    }));
    try {
      await this.api<GitRef>('PATCH', this.repo + apiPath`/git/refs/${`heads/${this.branch}`}`, { body: { sha: commit.sha, force: false } });
    } catch (error) {
      if (await this.movedOn(error, change.parent)) return { ok: false, moved: true };
      throw explainGitHubError(error);
    }
    return { ok: true, commit: commit.sha };
  }

  /**
   * Whether a refused update means someone published first. GitHub says "not a fast forward" then; other refusals
   * (a protected branch) leave the branch where it was, and a branch that did move means the same as a fast-forward
   * refusal whatever the words.
   */
  private async movedOn(error: unknown, parent: string): Promise<boolean> {
    if (!(error instanceof GitHubRefusal) || !error.answer || (error.status !== 422 && error.status !== 409)) return false;
    if (/fast[ -]forward/i.test(error.message)) return true;
    if ((await this.head()) !== parent) return true;
    throw new Error(GITHUB_WORDS.branchRefused, { cause: error });
  }
}
