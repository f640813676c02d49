import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** What a git command said: its exit code and output. Never throws; the caller turns failures into plain words. */
export interface GitResult { code: number; stdout: string; stderr: string }

/** What a command reads on its standard input, and variables added to its environment (a separate index, say). */
export interface GitExtra { input?: string | Uint8Array; env?: Record<string, string> }

function run(cwd: string, args: string[], timeout: number, extra: GitExtra): Promise<{ code: number; stdout: Uint8Array; stderr: string }> {
  return new Promise((done) => {
    // GIT_TERMINAL_PROMPT=0: a push that needs a password fails with a message instead of waiting for a terminal.
    const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...extra.env };
    const child = execFile('git', args, { cwd, env, encoding: 'buffer', timeout, maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, stdout: new Uint8Array(stdout), stderr: stderr.toString('utf8') });
    });
    // A command that reads nothing may exit before the input is written; that is no failure of the command.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(extra.input);
  });
}

export async function git(cwd: string, args: string[], timeoutMs = 60_000, extra: GitExtra = {}): Promise<GitResult> {
  const result = await run(cwd, args, timeoutMs, extra);
  return { ...result, stdout: new TextDecoder().decode(result.stdout) };
}

/** A git command whose input or output is a file's bytes (a picture, say), which decoding as text would mangle. */
export function gitBytes(cwd: string, args: string[], input?: Uint8Array) {
  return run(cwd, args, 60_000, { input });
}

/** The top folder of the git repository holding `dir`, or undefined when there is none (or git is missing). */
export async function repositoryRoot(dir: string): Promise<string | undefined> {
  const result = await git(dir, ['rev-parse', '--show-toplevel']);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

/**
 * The remote and branch Publish pushes to: the branch's upstream, else the only remote (or origin). `local`: the
 * checkout's own branch, which follows what is published.
 */
export async function pushTarget(root: string): Promise<{ remote: string; branch: string; local: string; upstream: boolean } | undefined> {
  const local = (await git(root, ['symbolic-ref', '--quiet', '--short', 'HEAD'])).stdout.trim();
  if (!local) return undefined;
  const upstreamRemote = (await git(root, ['config', '--get', `branch.${local}.remote`])).stdout.trim();
  const upstreamMerge = (await git(root, ['config', '--get', `branch.${local}.merge`])).stdout.trim().replace(/^refs\/heads\//, '');
  if (upstreamRemote && upstreamMerge) return { remote: upstreamRemote, branch: upstreamMerge, local, upstream: true };
  const remotes = (await git(root, ['remote'])).stdout.split('\n').map((r) => r.trim()).filter(Boolean);
  const remote = remotes.includes('origin') ? 'origin' : remotes.length === 1 ? remotes[0] : undefined;
  return remote ? { remote, branch: local, local, upstream: false } : undefined;
}

/** The commit a ref names, or undefined when there is none (a branch with no commit yet, a remote never fetched). */
export async function commitOf(root: string, ref: string): Promise<string | undefined> {
  const result = await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

/** A file's text at a commit, or undefined when it has none. */
export async function textAt(root: string, ref: string, path: string): Promise<string | undefined> {
  const shown = await git(root, ['show', `${ref}:${path}`]);
  return shown.code === 0 ? shown.stdout : undefined;
}

/** The newest commit both have, or undefined when their histories never meet. */
export async function mergeBase(root: string, a: string, b: string): Promise<string | undefined> {
  const result = await git(root, ['merge-base', a, b]);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

/** The paths a range of commits changes ('a...b': what b changed since it left a). */
export async function changedPaths(root: string, range: string): Promise<string[]> {
  return (await git(root, ['diff', '--name-only', '-z', '--no-renames', range])).stdout.split('\0').filter(Boolean);
}

/** Files under `folder` (from the top of the repository) that git does not know yet and does not ignore. */
export async function untrackedFiles(root: string, folder: string): Promise<string[]> {
  return (await git(root, ['ls-files', '--others', '--exclude-standard', '-z', '--', folder])).stdout.split('\0').filter(Boolean);
}

/** Whom this copy's git commits as, or undefined when it knows no name or e-mail (it would refuse to commit). */
export async function identity(root: string): Promise<{ name: string; email: string } | undefined> {
  const ident = /^(.*) <(.*)> \d+ [+-]\d{4}$/.exec((await git(root, ['var', 'GIT_COMMITTER_IDENT'])).stdout.trim());
  return ident ? { name: ident[1], email: ident[2] } : undefined;
}

/**
 * Makes git ignore files like `probe` (by `pattern`) in this copy only, in its own exclude list, which is never
 * committed, whatever the project's .gitignore says.
 */
export async function ignoreHere(root: string, probe: string, pattern: string, why: string): Promise<void> {
  if ((await git(root, ['check-ignore', '--quiet', '--no-index', '--', probe])).code === 0) return;
  const exclude = (await git(root, ['rev-parse', '--git-path', 'info/exclude'])).stdout.trim();
  if (!exclude) return;
  const path = resolve(root, exclude);
  await mkdir(dirname(path), { recursive: true });
  const before = existsSync(path) ? await readFile(path, 'utf8') : '';
  const separator = before && !before.endsWith('\n') ? '\n' : '';
  await writeFile(path, `${before}${separator}# ${why}\n${pattern}\n`);
}
