import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Sandbox {
  dir: string;
  /** The practice's folder inside the working copy (site.yaml, public/). */
  work: string;
  siteFile: string;
  /** A bare repository standing in for the website's remote. */
  remote: string;
  git(args: string[], cwd?: string): string;
  cleanup(): void;
}

/**
 * A practice in a temporary git repository of its own, with a bare repository as its remote: the editor's writes
 * and publishes are tested with real git, never in this project's own repository.
 */
export function sandbox(kind: 'minimal' | 'real', options: { git?: boolean; remote?: boolean; in?: string } = {}): Sandbox {
  const dir = mkdtempSync(join(options.in ?? tmpdir(), 'editor-sandbox-'));
  const work = join(dir, 'work');
  const remote = join(dir, 'remote.git');
  mkdirSync(work);
  // 'real': this practice's whole content, frozen, so that a staff edit of the live file changes no editor test.
  const from = join(ROOT, 'tests', 'fixtures', kind === 'minimal' ? 'minimal-site' : 'saltbush');
  cpSync(join(from, 'site.yaml'), join(work, 'site.yaml'));
  cpSync(join(from, 'public'), join(work, 'public'), { recursive: true });
  if (existsSync(join(from, 'documents'))) cpSync(join(from, 'documents'), join(work, 'documents'), { recursive: true });
  const run = (args: string[], cwd = work) => execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
  if (options.git !== false) {
    run(['init', '--quiet', '--initial-branch=main']);
    run(['config', 'user.name', 'Reception Desk']);
    run(['config', 'user.email', 'reception@practice.example']);
    run(['add', '-A']);
    run(['commit', '--quiet', '-m', 'The practice as published']);
    if (options.remote !== false) {
      run(['init', '--quiet', '--bare', '--initial-branch=main', remote], dir);
      run(['remote', 'add', 'origin', remote]);
      run(['push', '--quiet', '-u', 'origin', 'main']);
    }
  }
  return { dir, work, siteFile: join(work, 'site.yaml'), remote, git: run, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
