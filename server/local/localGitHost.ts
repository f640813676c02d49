import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Author, CommitResult, FileChange, GitHost, LastChange, Version } from '../editor/gitHost.ts';
import { git, gitBytes } from './git.ts';

/** A git step that failed, in words for staff: a publish that meets one says so instead of failing unexplained. */
export class GitProblem extends Error {}

export const SAVED_NOT_PUBLISHED = 'Your changes are saved on this computer; nothing is lost.';

/** Turns what `git push` printed into what staff can act on. */
export function explainPushFailure(stderr: string, remote: string): string {
  if (/\[rejected\]|non-fast-forward|fetch first|\[remote rejected\]/i.test(stderr)) {
    return `Someone else published to the website's copy (${remote}) at the same moment, so yours were not sent. ` +
      `${SAVED_NOT_PUBLISHED} Press Publish again: the editor brings their changes in first.`;
  }
  if (/could not resolve host|unable to access|could not read from remote|connection (refused|timed out)|network is unreachable|does not appear to be a git repository/i.test(stderr)) {
    return `The website's copy (${remote}) could not be reached: check the internet connection, then press Publish again. ${SAVED_NOT_PUBLISHED}`;
  }
  if (/authentication|permission denied|403|401/i.test(stderr)) {
    return `The website's copy (${remote}) refused this computer's sign-in. ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to check this computer's access.`;
  }
  const first = stderr.split('\n').map((l) => l.trim()).find(Boolean) ?? 'no reason given';
  return `Sending the changes to ${remote} failed (git said: ${first}). ${SAVED_NOT_PUBLISHED} Tell the person who looks after the website.`;
}

/** The website's copy as it is fetched: what staff read when this computer does not know it. */
export const unknownRemote = (remote: string, branch: string) =>
  `This computer does not know what the website's copy (${remote}, branch ${branch}) holds yet, so nothing was sent; your work is kept. ` +
  `Ask the person who looks after the website to run git fetch ${remote} here, then try again.`;

/** A git step that failed in words for staff, with git's own first line for whoever helps. */
export const gitFailed = (said: string) =>
  `git could not read or record the website's files on this computer (git said: ${said.trim().split('\n')[0] || 'no reason given'}). ` +
  'Nothing was published; your work is kept. Tell the person who looks after the website.';

/** git refuses a commit when it knows no name or e-mail for whoever makes it. */
const NO_IDENTITY = /user\.email|user\.name|tell me who you are|empty ident|auto-detect|no email was given/i;

export interface LocalGitHostOptions {
  /** A git checkout of the website's repository. */
  root: string;
  /** The remote that stands for the website (origin, say). */
  remote: string;
  branch: string;
  /** The checkout's branch that follows what is published, when its name is not the website's branch's. */
  checkout?: string;
  /** How long, in ms, what was fetched stands for the website's copy (default FRESH_FOR_MS); 0 fetches every time. */
  freshFor?: number;
  /** The clock, in ms (a test sets it). */
  now?: () => number;
}

/**
 * A fetch costs seconds over the internet and every screen of the editor asks for the head, so one fetch serves all
 * requests for this long. Nothing is lost by a head a little old: a commit made on it is refused as "moved", which
 * fetches at once and merges.
 */
export const FRESH_FOR_MS = 15_000;

/**
 * The website's repository as a remote of a checkout on this computer: read with git, published with a push that is
 * never forced. Commits are made beside the checkout (their own index), so whatever is staged or edited there stays
 * out of them.
 */
export class LocalGitHost implements GitHost {
  readonly root: string;
  readonly remote: string;
  readonly branch: string;
  readonly checkout: string;

  private readonly freshFor: number;
  private readonly now: () => number;
  /** When the last fetch began, and the fetch under way, which every request that comes meanwhile waits for. */
  private fetchedAt = -Infinity;
  private fetching: Promise<unknown> | undefined;

  constructor(options: LocalGitHostOptions) {
    ({ root: this.root, remote: this.remote, branch: this.branch } = options);
    this.checkout = options.checkout ?? options.branch;
    this.freshFor = options.freshFor ?? FRESH_FOR_MS;
    this.now = options.now ?? Date.now;
  }

  private get remoteRef() { return `refs/remotes/${this.remote}/${this.branch}`; }

  /** Runs a git step that must succeed; its failure becomes words for staff. */
  private async step(args: string[], extra: { input?: string; env?: Record<string, string> } = {}): Promise<string> {
    const result = await git(this.root, args, 60_000, extra);
    if (result.code !== 0) throw new GitProblem(gitFailed(`${result.stderr}\n${result.stdout}`));
    return result.stdout;
  }

  /** Fetches the branch unless a fetch began within freshFor, or is under way (then waits for that one). */
  private fetchIfStale(): Promise<unknown> {
    if (this.fetching) return this.fetching;
    const began = this.now();
    if (began - this.fetchedAt < this.freshFor) return Promise.resolve();
    // Offline too, one try serves its while: each request would otherwise wait for the network to fail again.
    this.fetchedAt = began;
    this.fetching = git(this.root, ['fetch', '--quiet', this.remote, `+refs/heads/${this.branch}:${this.remoteRef}`], 120_000)
      .finally(() => { this.fetching = undefined; });
    return this.fetching;
  }

  async head(fresh = false): Promise<string> {
    if (fresh && !this.fetching) this.fetchedAt = -Infinity;
    // Offline, what this computer last saw is the best answer: a push from it still refuses to overwrite newer work.
    await this.fetchIfStale();
    const known = await git(this.root, ['rev-parse', '--verify', '--quiet', `${this.remoteRef}^{commit}`]);
    if (known.code !== 0) throw new GitProblem(unknownRemote(this.remote, this.branch));
    return known.stdout.trim();
  }

  async read(commit: string, path: string): Promise<Uint8Array | undefined> {
    // ls-tree first: "no such file" must not be confused with a commit git cannot read.
    const entry = await this.step(['--literal-pathspecs', 'ls-tree', '-z', '--full-tree', commit, '--', path]);
    const [info] = entry.split('\t');
    if (!entry || info.split(' ')[1] !== 'blob') return undefined;
    const shown = await gitBytes(this.root, ['cat-file', 'blob', info.split(' ')[2]]);
    if (shown.code !== 0) throw new GitProblem(gitFailed(shown.stderr));
    return shown.stdout;
  }

  async list(commit: string, folder: string): Promise<string[]> {
    const listed = await this.step(['ls-tree', '-r', '-z', '--full-tree', '--name-only', commit]);
    return listed.split('\0').filter((path) => path && path.startsWith(folder));
  }

  async lastChange(commit: string, path: string): Promise<LastChange> {
    const logged = await this.step(['--literal-pathspecs', 'log', '-1', '--format=%an%x09%aI', commit, '--', path]);
    const [by, at] = logged.trim().split('\t');
    return { by: by || undefined, at: at || undefined };
  }

  async history(commit: string, path: string, limit: number, page = 0): Promise<Version[]> {
    // Records end in a byte no message holds; %P is the commit's own parents (no --parents, so none are rewritten).
    const logged = await this.step(['--literal-pathspecs', 'log', `-${limit}`, `--skip=${page * limit}`, '--format=%H%x00%P%x00%an%x00%ae%x00%aI%x00%B%x1e', commit, '--', path]);
    return logged.split('\x1e').map((record) => record.replace(/^\n/, '')).filter(Boolean).map((record) => {
      const [sha, parents, name, email, at, message] = record.split('\0');
      return { commit: sha, parent: parents.split(' ')[0] || undefined, author: { name, email }, at, message: message.replace(/\n+$/, '') };
    });
  }

  /** One commit at a time from this computer: two pushes racing for the branch's lock would fail, not merge. */
  private queue: Promise<unknown> = Promise.resolve();

  commit(change: { parent: string; files: FileChange[]; message: string; author: Author }): Promise<CommitResult> {
    const run = this.queue.then(() => this.commitNow(change));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async commitNow(change: { parent: string; files: FileChange[]; message: string; author: Author }): Promise<CommitResult> {
    const commit = await this.record(change);
    const pushed = await git(this.root, ['push', '--porcelain', this.remote, `${commit}:refs/heads/${this.branch}`], 120_000);
    if (pushed.code !== 0) {
      const said = `${pushed.stdout}\n${pushed.stderr}`;
      // "[rejected]" alone: "[remote rejected]" is the website refusing (a hook, a protected branch), not newer work,
      // unless it lost the race for the branch's lock to another push (from another program on this computer).
      // Either way the website's copy moved on, so the next head() fetches whatever its age.
      if (/(^|\s)\[rejected\]/m.test(said) && /non-fast-forward|fetch first/i.test(said)) return this.movedOn();
      if (/\[remote rejected\].*\((failed to update ref|cannot lock ref|incorrect old value)/i.test(said)) return this.movedOn();
      throw new GitProblem(explainPushFailure(said, this.remote));
    }
    await git(this.root, ['update-ref', this.remoteRef, commit]);
    await this.follow(change.parent, commit);
    return { ok: true, commit };
  }

  private movedOn(): CommitResult {
    this.fetchedAt = -Infinity;
    return { ok: false, moved: true };
  }

  /** Makes the commit (not yet sent): the parent's tree with the files written, through an index of its own. */
  private async record(change: { parent: string; files: FileChange[]; message: string; author: Author }): Promise<string> {
    const gitDir = (await this.step(['rev-parse', '--absolute-git-dir'])).trim();
    const index = join(gitDir, `editor-host-${randomBytes(6).toString('hex')}.index`);
    const env = { GIT_INDEX_FILE: index };
    try {
      await this.step(['read-tree', change.parent], { env });
      const modes = new Map<string, string>();
      for (const line of (await this.step(['ls-files', '-z', '--stage'], { env })).split('\0')) {
        const [info, path] = line.split('\t');
        if (path) modes.set(path, info.split(' ')[0]);
      }
      const lines: string[] = [];
      for (const file of change.files) {
        // --no-filters: the bytes as given, whatever line-ending rules the checkout has (GitHub stores them so too).
        const written = await gitBytes(this.root, ['hash-object', '-w', '--no-filters', '--stdin'], file.content);
        if (written.code !== 0) throw new GitProblem(gitFailed(written.stderr));
        const mode = modes.get(file.path);
        lines.push(`${mode === '100755' || mode === '120000' ? mode : '100644'} ${new TextDecoder().decode(written.stdout).trim()}\t${file.path}\0`);
      }
      await this.step(['update-index', '-z', '--index-info'], { env, input: lines.join('') });
      const tree = (await this.step(['write-tree'], { env })).trim();
      const authored = { GIT_AUTHOR_NAME: change.author.name, GIT_AUTHOR_EMAIL: change.author.email };
      const args = ['commit-tree', tree, '-p', change.parent, '-F', '-'];
      const made = await git(this.root, args, 60_000, { env: authored, input: change.message });
      if (made.code === 0) return made.stdout.trim();
      if (!NO_IDENTITY.test(made.stderr)) throw new GitProblem(gitFailed(made.stderr));
      // This computer has no git identity of its own: the author commits too.
      return (await this.step(args, { input: change.message, env: { ...authored, GIT_COMMITTER_NAME: change.author.name, GIT_COMMITTER_EMAIL: change.author.email } })).trim();
    } finally {
      await rm(index, { force: true });
    }
  }

  /**
   * The checkout moves from `from` to `to` (its branch, index and files) when it is on the branch at `from` and each
   * file that differs is there as one of the two commits has it. A file that already holds what was published (the
   * site file the editor wrote, a new picture) is nobody's unsaved work; any other change is, and then the checkout
   * is left alone. Says whether it moved.
   */
  async follow(from: string, to: string): Promise<boolean> {
    const ref = `refs/heads/${this.checkout}`;
    if ((await git(this.root, ['symbolic-ref', '--quiet', 'HEAD'])).stdout.trim() !== ref) return false;
    if ((await git(this.root, ['rev-parse', '--verify', '--quiet', ref])).stdout.trim() !== from) return false;
    const paths = (await git(this.root, ['diff', '--name-only', '-z', '--no-renames', from, to])).stdout.split('\0').filter(Boolean);
    if (paths.length) {
      const status = await git(this.root, ['--literal-pathspecs', 'status', '--porcelain', '-z', '--no-renames', '--untracked-files=all', '--', ...paths]);
      if (status.code !== 0) return false;
      const changed = status.stdout.split('\0').filter(Boolean).map((entry) => entry.slice(3));
      for (const path of changed) if (!(await this.holds(path, to))) return false;
      // Staged as they are, they count as the published version's, so that read-tree neither refuses nor rewrites them.
      if (changed.length && (await git(this.root, ['update-index', '--add', '--remove', '--', ...changed])).code !== 0) return false;
      if ((await git(this.root, ['read-tree', '-m', '-u', from, to])).code !== 0) return false;
    }
    return (await git(this.root, ['update-ref', ref, to, from])).code === 0;
  }

  /** Whether the checkout's file at `path` has the bytes `commit` has there (or both have none). */
  private async holds(path: string, commit: string): Promise<boolean> {
    const entry = (await git(this.root, ['--literal-pathspecs', 'ls-tree', '-z', '--full-tree', commit, '--', path])).stdout;
    const blob = entry ? entry.split('\t')[0].split(' ')[2] : undefined;
    if (!existsSync(join(this.root, path))) return blob === undefined;
    const hashed = await git(this.root, ['hash-object', '--no-filters', '--', path]);
    return hashed.code === 0 && hashed.stdout.trim() === blob;
  }
}
