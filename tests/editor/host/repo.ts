import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A git command run directly, as the tests' witness of what a host did. */
export function gitIn(cwd: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C', ...env } });
}

/** A file's bytes at a commit, read by git itself. */
export const bytesAt = (cwd: string, commit: string, path: string) =>
  new Uint8Array(execFileSync('git', ['cat-file', 'blob', `${commit}:${path}`], { cwd }));

export const SEED_FILES: Record<string, string> = {
  'site.yaml': 'practice:\n  name: Small Practice\n',
  'public/a.txt': 'a picture stands here\n',
  'documents/b.md': '# Leaflet\n',
};

const seedIdentity = {
  GIT_AUTHOR_NAME: 'Seed Person', GIT_AUTHOR_EMAIL: 'seed@practice.example', GIT_AUTHOR_DATE: '2024-03-01T09:30:00Z',
  GIT_COMMITTER_NAME: 'Seed Person', GIT_COMMITTER_EMAIL: 'seed@practice.example', GIT_COMMITTER_DATE: '2024-03-01T09:30:00Z',
};

export interface TempRepo {
  dir: string;
  /** The website's repository, bare, with the seed commit on main. */
  bare: string;
  seed: string;
  /** Someone else publishing: a commit on main made in a clone of its own and pushed. Returns the new head. */
  publishElsewhere(path: string, text: string, author?: string): string;
  cleanup(): void;
}

function writeFiles(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** A temporary bare repository holding a small site (site.yaml, public/a.txt, documents/b.md) on main. */
export function tempRepo(): TempRepo {
  const dir = mkdtempSync(join(tmpdir(), 'editor-host-'));
  const bare = join(dir, 'website.git');
  gitIn(dir, ['init', '--quiet', '--bare', '--initial-branch=main', bare]);
  const seedWork = join(dir, 'seed');
  gitIn(dir, ['init', '--quiet', '--initial-branch=main', seedWork]);
  writeFiles(seedWork, SEED_FILES);
  gitIn(seedWork, ['add', '-A']);
  gitIn(seedWork, ['commit', '--quiet', '-m', 'The practice as published'], seedIdentity);
  gitIn(seedWork, ['push', '--quiet', bare, 'main:main']);
  let others = 0;
  return {
    dir, bare, seed: gitIn(bare, ['rev-parse', 'refs/heads/main']).trim(),
    publishElsewhere(path, text, author = 'Other Person') {
      const clone = join(dir, `elsewhere-${others++}`);
      gitIn(dir, ['clone', '--quiet', bare, clone]);
      writeFiles(clone, { [path]: text });
      gitIn(clone, ['add', '-A']);
      const who = { ...seedIdentity, GIT_AUTHOR_NAME: author, GIT_COMMITTER_NAME: author, GIT_AUTHOR_DATE: '2024-03-02T10:00:00Z', GIT_COMMITTER_DATE: '2024-03-02T10:00:00Z' };
      gitIn(clone, ['commit', '--quiet', '-m', `${author} published`], who);
      gitIn(clone, ['push', '--quiet', 'origin', 'main']);
      return gitIn(bare, ['rev-parse', 'refs/heads/main']).trim();
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A picture's worth of bytes: every byte value, NUL and those above 127 included. */
export const BINARY = new Uint8Array([0, 137, 80, 78, 71, 13, 10, 26, 10, 0, 255, 128, 127, ...Array.from({ length: 256 }, (_, i) => i)]);

export const CHANGED_SITE = 'practice:\n  name: Small Practice\n  phone: 01234 567890\n';
