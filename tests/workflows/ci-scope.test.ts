/** Which tests a push runs, decided from the files it changed, in a real git repository. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changedFiles, scopeOf } from '../../scripts/ci-scope.ts';

const repo = mkdtempSync(join(tmpdir(), 'ci-scope-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
git('init', '--quiet', '--initial-branch=main');
git('config', 'user.name', 'CI');
git('config', 'user.email', 'ci@example.com');

/** Writes files (null removes one), commits them, and returns the commit. */
function commit(files: Record<string, string | null>): string {
  for (const [path, text] of Object.entries(files)) {
    if (text === null) git('rm', '--quiet', path);
    else {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
      git('add', path);
    }
  }
  git('commit', '--quiet', '-m', 'change');
  return git('rev-parse', 'HEAD');
}

const start = commit({ 'site.yaml': 'a: 1\n', 'public/people/x.webp': 'x', 'documents/blue-book.md': '# Book\n', 'src/app.ts': 'x\n', 'tests/fixtures/saltbush/site.yaml': 'a: 1\n' });
const scopeBetween = (base: string, head: string) => { const files = changedFiles(base, head, repo); return files ? scopeOf(files) : 'all'; };

describe('the scope of a push', () => {
  it('content only (site.yaml, a new picture, a document): the check, the build and the live invariants', () => {
    const head = commit({ 'site.yaml': 'a: 2\n', 'public/people/y.webp': 'y', 'documents/blue-book.md': '# Blue Book\n' });
    expect(changedFiles(start, head, repo)?.sort()).toEqual(['documents/blue-book.md', 'public/people/y.webp', 'site.yaml']);
    expect(scopeBetween(start, head)).toBe('content');
  });

  it('a removed picture is content too', () => {
    const before = git('rev-parse', 'HEAD');
    expect(scopeBetween(before, commit({ 'public/people/x.webp': null }))).toBe('content');
  });

  it('any other file among them, a fixture of the tests included: everything', () => {
    let before = git('rev-parse', 'HEAD');
    expect(scopeBetween(before, commit({ 'site.yaml': 'a: 3\n', 'src/app.ts': 'y\n' }))).toBe('all');
    before = git('rev-parse', 'HEAD');
    expect(scopeBetween(before, commit({ 'tests/fixtures/saltbush/site.yaml': 'a: 2\n' }))).toBe('all');
    before = git('rev-parse', 'HEAD');
    expect(scopeBetween(before, commit({ 'public.ts': 'x\n' }))).toBe('all');
  });

  it('a file moved out of public/ counts by both its names', () => {
    const before = commit({ 'public/moved.txt': 'm' });
    mkdirSync(join(repo, 'scripts'), { recursive: true });
    git('mv', 'public/moved.txt', 'scripts/moved.txt');
    git('commit', '--quiet', '-m', 'move');
    expect(changedFiles(before, 'HEAD', repo)?.sort()).toEqual(['public/moved.txt', 'scripts/moved.txt']);
    expect(scopeBetween(before, 'HEAD')).toBe('all');
  });

  it('when the changed files cannot be known (a new branch, a base not in the clone, nothing changed): everything', () => {
    expect(changedFiles('0000000000000000000000000000000000000000', 'HEAD', repo)).toBeUndefined();
    expect(changedFiles('', 'HEAD', repo)).toBeUndefined();
    expect(changedFiles('1234567890abcdef1234567890abcdef12345678', 'HEAD', repo)).toBeUndefined();
    expect(changedFiles('--output=/tmp/x', 'HEAD', repo)).toBeUndefined();
    expect(scopeOf([])).toBe('all');
  });
});
