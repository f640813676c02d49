/**
 * Where the published content lives, as the hosted editor needs it: read a branch, commit files onto it, move it
 * forward. GitHub is one class (githubHost.ts); this computer's repository and its remote another
 * (server/local/localGitHost.ts); GitLab or Gitea would be one more.
 */

/** A file the commit adds or changes: its path in the repository and its bytes. */
export interface FileChange { path: string; content: Uint8Array }

/** The staff member a commit is by. */
export interface Author { name: string; email: string }

/** Who last changed a file on the branch, and when (ISO 8601), for the "changed by" line of a conflict. */
export interface LastChange { by?: string; at?: string }

/** One published version of a file: the commit, its first parent (none for the first commit), who wrote it, when, and its message. */
export interface Version { commit: string; parent?: string; author: Author; at: string; message: string }

/** How many versions a history shows at once: a page of it. */
export const HISTORY_LIMIT = 30;
/** The furthest page of a history that may be asked for (GitHub lists at most 100 a page; this is 30,000 versions back). */
export const HISTORY_PAGES = 1000;

export type CommitResult =
  | { ok: true; commit: string }
  /** The branch moved on meanwhile (someone published first): nothing was changed; merge onto the new head and try again. */
  | { ok: false; moved: true };

export interface GitHost {
  /** The commit the branch points at now. */
  /**
   * The branch's newest commit. A host may answer reads from what it learnt a moment ago; `fresh` asks it to look
   * again, as whatever is about to be changed on that answer must.
   */
  head(fresh?: boolean): Promise<string>;
  /** A file's bytes at a commit, or undefined when the commit has no such file. */
  read(commit: string, path: string): Promise<Uint8Array | undefined>;
  /**
   * When the host's key stops working (ISO 8601), as the host said with its last answer; undefined for a key that
   * does not expire, or a host that needs none.
   */
  keyExpires?(): string | undefined;
  /** The paths of every file under `folder` (e.g. 'public/') at a commit, relative to the repository's root. */
  list(commit: string, folder: string): Promise<string[]>;
  /** The latest commit on the branch up to `commit` that changed `path`: its author and date. */
  lastChange(commit: string, path: string): Promise<LastChange>;
  /**
   * The commits up to `commit` that changed `path`, newest first, at most `limit` of them: the `page`th run of
   * `limit` (0, the default: the newest), as GitHub pages its list of commits.
   */
  history(commit: string, path: string, limit: number, page?: number): Promise<Version[]>;
  /**
   * One commit whose parent is `parent` and whose tree is the parent's with `files` written, then the branch moved to
   * it only when it still points at `parent` (a fast-forward, never forced).
   */
  commit(change: { parent: string; files: FileChange[]; message: string; author: Author }): Promise<CommitResult>;
}
