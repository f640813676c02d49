import { execFile } from 'node:child_process';

/** What a git command said: its exit code and output. Never throws; the caller turns failures into plain words. */
export interface GitResult { code: number; stdout: string; stderr: string }

/** What a command reads on its standard input, and variables added to its environment (a separate index, say). */
export interface GitExtra { input?: string; env?: Record<string, string> }

export function git(cwd: string, args: string[], timeoutMs = 60_000, extra: GitExtra = {}): Promise<GitResult> {
  return new Promise((resolve) => {
    // GIT_TERMINAL_PROMPT=0: a push that needs a password fails with a message instead of waiting for a terminal.
    const env = { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...extra.env };
    const child = execFile('git', args, { cwd, env, timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
    // A command that reads nothing may exit before the input is written; that is no failure of the command.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(extra.input);
  });
}

/** The top folder of the git repository holding `dir`, or undefined when there is none (or git is missing). */
export async function repositoryRoot(dir: string): Promise<string | undefined> {
  const result = await git(dir, ['rev-parse', '--show-toplevel']);
  return result.code === 0 ? result.stdout.trim() : undefined;
}

/** The remote and branch Publish pushes to: the branch's upstream, else the only remote (or origin). */
export async function pushTarget(root: string): Promise<{ remote: string; branch: string; upstream: boolean } | undefined> {
  const branch = (await git(root, ['symbolic-ref', '--quiet', '--short', 'HEAD'])).stdout.trim();
  if (!branch) return undefined;
  const upstreamRemote = (await git(root, ['config', '--get', `branch.${branch}.remote`])).stdout.trim();
  const upstreamMerge = (await git(root, ['config', '--get', `branch.${branch}.merge`])).stdout.trim().replace(/^refs\/heads\//, '');
  if (upstreamRemote && upstreamMerge) return { remote: upstreamRemote, branch: upstreamMerge, upstream: true };
  const remotes = (await git(root, ['remote'])).stdout.split('\n').map((r) => r.trim()).filter(Boolean);
  const remote = remotes.includes('origin') ? 'origin' : remotes.length === 1 ? remotes[0] : undefined;
  return remote ? { remote, branch, upstream: false } : undefined;
}
