import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..', '..');
const out = mkdtempSync(join(tmpdir(), 'editor-dist-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

// Words found only in the editor's code and its libraries: none of them may reach a built page.
const EDITOR_MARKERS = ['All changes saved', 'Review changes', 'rjsf', 'Add to Doctors', 'previewCaughtUp', 'codemirror', 'How it will look'];

describe('the editor is not part of the site', () => {
  it('adds no byte to dist/: a production build holds none of its code or libraries', () => {
    execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts'), '--outDir', out], {
      cwd: root, stdio: 'pipe', env: { ...process.env, SITE: join(root, 'tests/fixtures/minimal-site/site.yaml') },
    });
    const built = files(out);
    expect(built.some((f) => f.endsWith('index.html'))).toBe(true);
    expect(built.map((f) => relative(out, f)).filter((f) => /editor/i.test(f))).toEqual([]);
    const found = built.filter((f) => /\.(js|css|html|json)$/.test(f)).flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return EDITOR_MARKERS.filter((m) => text.includes(m)).map((m) => `${relative(out, f)}: ${m}`);
    });
    expect(found).toEqual([]);
  }, 600_000);
});
