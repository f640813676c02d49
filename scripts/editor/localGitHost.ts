import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Author, CommitResult, FileChange, GitHost, LastChange } from '../../supabase/functions/_shared/editor/gitHost.ts';
import { git } from './git.ts';
import { explainPushFailure } from './store.ts';

/**
 * A git command whose input or output is a file's bytes (a picture, say), which git() would mangle as text. Never
 * throws, like git().
 */
export function gitBytes(cwd: string, args: string[], input?: Uint8Array): Promise<{ code: number; stdout: Uint8Array; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
    const child = execFile('git', args, { cwd, env, encoding: 'buffer', timeout: 60_000, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout: new Uint8Array(stdout), stderr: stderr.toString('utf8') });
    });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(input);
  });
}

/** The website's copy as it is fetched: what staff read when this computer does not know it. */
export const unknownRemote = (remote: string, branch: string) =>
  `This computer does not know what the website's copy (${remote}, branch ${branch}) holds yet. ` +
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
}

/**
 * The website's repository as a remote of a checkout on this computer: read with git, published with a push that is
 * never forced. Commits are made beside the checkout (their own index), so whatever is staged or edited there stays
 * out of them.
 */
export class LocalGitHost implements GitHost {
  readonly root: string;
  readonly remote: string;
  readonly branch: string;

  constructor(options: LocalGitHostOptions) {
    ({ root: this.root, remote: this.remote, branch: this.branch } = options);
  }

  private get remoteRef() { return `refs/remotes/${this.remote}/${this.branch}`; }

  /** Runs a git step that must succeed; its failure becomes words for staff. */
  private async step(args: string[], extra: { input?: string; env?: Record<string, string> } = {}): Promise<string> {
    const result = await git(this.root, args, 60_000, extra);
    if (result.code !== 0) throw new Error(gitFailed(`${result.stderr}\n${result.stdout}`));
    return result.stdout;
  }

  async head(): Promise<string> {
    // Offline, what this computer last saw is the best answer: a push from it still refuses to overwrite newer work.
    await git(this.root, ['fetch', '--quiet', this.remote, `+refs/heads/${this.branch}:${this.remoteRef}`], 120_000);
    const known = await git(this.root, ['rev-parse', '--verify', '--quiet', `${this.remoteRef}^{commit}`]);
    if (known.code !== 0) throw new Error(unknownRemote(this.remote, this.branch));
    return known.stdout.trim();
  }

  async read(commit: string, path: string): Promise<Uint8Array | undefined> {
    // ls-tree first: "no such file" must not be confused with a commit git cannot read.
    const entry = await this.step(['--literal-pathspecs', 'ls-tree', '-z', '--full-tree', commit, '--', path]);
    const [info] = entry.split('\t');
    if (!entry || info.split(' ')[1] !== 'blob') return undefined;
    const shown = await gitBytes(this.root, ['cat-file', 'blob', info.split(' ')[2]]);
    if (shown.code !== 0) throw new Error(gitFailed(shown.stderr));
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
      if (/(^|\s)\[rejected\]/m.test(said) && /non-fast-forward|fetch first/i.test(said)) return { ok: false, moved: true };
      if (/\[remote rejected\].*\((failed to update ref|cannot lock ref|incorrect old value)/i.test(said)) return { ok: false, moved: true };
      throw new Error(explainPushFailure(said, this.remote));
    }
    await git(this.root, ['update-ref', this.remoteRef, commit]);
    await this.follow(change.parent, commit, change.files.map((file) => file.path));
    return { ok: true, commit };
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
        if (written.code !== 0) throw new Error(gitFailed(written.stderr));
        const mode = modes.get(file.path);
        lines.push(`${mode === '100755' || mode === '120000' ? mode : '100644'} ${new TextDecoder().decode(written.stdout).trim()}\t${file.path}\0`);
      }
      await this.step(['update-index', '-z', '--index-info'], { env, input: lines.join('') });
      const tree = (await this.step(['write-tree'], { env })).trim();
      const authored = { GIT_AUTHOR_NAME: change.author.name, GIT_AUTHOR_EMAIL: change.author.email };
      const args = ['commit-tree', tree, '-p', change.parent, '-F', '-'];
      const made = await git(this.root, args, 60_000, { env: authored, input: change.message });
      if (made.code === 0) return made.stdout.trim();
      if (!NO_IDENTITY.test(made.stderr)) throw new Error(gitFailed(made.stderr));
      // This computer has no git identity of its own: the author commits too.
      return (await this.step(args, { input: change.message, env: { ...authored, GIT_COMMITTER_NAME: change.author.name, GIT_COMMITTER_EMAIL: change.author.email } })).trim();
    } finally {
      await rm(index, { force: true });
    }
  }

  /**
   * The checkout shows what was published when it was on the branch at the parent and nothing of the published
   * files is changed in it; anything else there is someone's work in progress and is left alone.
   */
  private async follow(parent: string, commit: string, paths: string[]) {
    const current = await git(this.root, ['symbolic-ref', '--quiet', 'HEAD']);
    if (current.stdout.trim() !== `refs/heads/${this.branch}`) return;
    if ((await git(this.root, ['rev-parse', '--verify', '--quiet', `refs/heads/${this.branch}`])).stdout.trim() !== parent) return;
    const status = await git(this.root, ['--literal-pathspecs', 'status', '--porcelain', '-z', '--untracked-files=all', '--', ...paths]);
    if (status.code !== 0 || status.stdout) return;
    if ((await git(this.root, ['read-tree', '-m', '-u', parent, commit])).code !== 0) return;
    await git(this.root, ['update-ref', `refs/heads/${this.branch}`, commit, parent]);
  }
}
