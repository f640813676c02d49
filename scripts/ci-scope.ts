/**
 * What CI must run for a change: `content` when every changed file is the practice's content (site.yaml, public/,
 * documents/), which the engine's suites cannot see (they run on a frozen copy), so the check, the build and the
 * live invariants decide; `all` for anything else, or when the changed files cannot be known (a first push, a
 * base that is not in the clone). Usage: `tsx scripts/ci-scope.ts BASE HEAD`; prints `scope=content` or `scope=all`
 * (a line for $GITHUB_OUTPUT) and why, on standard error.
 */
import { execFileSync } from 'node:child_process';

/** The content staff edit, as paths from the repository's top. */
export const CONTENT_PATHS = ['site.yaml', 'public/', 'documents/'];

export type Scope = 'content' | 'all';

export function scopeOf(changed: string[]): Scope {
  if (changed.length === 0) return 'all';
  return changed.every((path) => CONTENT_PATHS.some((c) => (c.endsWith('/') ? path.startsWith(c) : path === c))) ? 'content' : 'all';
}

/** The files changed between two commits (renames count as both names), or undefined when git cannot say. */
export function changedFiles(base: string, head: string, cwd = process.cwd()): string[] | undefined {
  // GitHub says 0000000 for "no commit before" (a new branch); a leading dash would be read as an option.
  if (!base || /^0+$/.test(base) || base.startsWith('-') || head.startsWith('-')) return undefined;
  try {
    const out = execFileSync('git', ['diff', '--name-status', '-z', '--no-renames', `${base}...${head}`], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.split('\0').filter((_, i) => i % 2 === 1);
  } catch {
    return undefined;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = '', head = 'HEAD'] = process.argv.slice(2);
  const changed = changedFiles(base, head);
  const scope = changed ? scopeOf(changed) : 'all';
  console.log(`scope=${scope}`);
  console.error(changed
    ? `${changed.length} changed file(s); ${scope === 'content' ? 'content only: check, build and the live invariants' : 'not only content: every test'}.`
    : `The changed files are not known (base "${base}"): every test.`);
}
