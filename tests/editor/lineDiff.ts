import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The lines `diff` reports as removed and added between two texts (GNU diff, as a reviewer would run it). */
export function changedLines(before: string, after: string): { removed: string[]; added: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'editor-diff-'));
  try {
    writeFileSync(join(dir, 'a'), before);
    writeFileSync(join(dir, 'b'), after);
    let out = '';
    try {
      out = execFileSync('diff', ['--unchanged-line-format=', '--old-line-format=-%L', '--new-line-format=+%L', 'a', 'b'], { cwd: dir, encoding: 'utf8' });
    } catch (error) {
      // diff exits 1 when the files differ; its output is still the answer.
      out = String((error as { stdout?: string }).stdout ?? '');
    }
    const lines = out.split('\n').filter(Boolean);
    return { removed: lines.filter((l) => l.startsWith('-')).map((l) => l.slice(1)), added: lines.filter((l) => l.startsWith('+')).map((l) => l.slice(1)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every comment of a YAML text: whole comment lines and comments after a value, in order. */
export function comments(text: string): string[] {
  return text.split('\n').map((line) => /(^|\s)#.*$/.exec(line.replace(/"(?:[^"\\]|\\.)*"|'[^']*'/g, ''))?.[0].trim() ?? '').filter(Boolean);
}
