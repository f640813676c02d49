import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../build.ts';

const root = resolve(import.meta.dirname, '..', '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

// Words found only in the editor's code and its libraries, and in the preview's development-only code (content
// shown in place): none of them may reach a built page.
const EDITOR_MARKERS = ['All changes saved', 'Review changes', 'rjsf', 'Add to Doctors', 'showInPreview', 'codemirror', 'How it will look', 'site:content', 'site:status'];

describe('the editor is not part of the site', () => {
  it('adds no byte to dist/: a production build holds none of its code or libraries', () => {
    const site = build(join(root, 'tests/fixtures/minimal-site/site.yaml'));
    // The output folder and the build's internals beside it go, whatever the outcome.
    try {
      expectNoEditor(site.out);
    } finally {
      site.cleanup();
    }
  }, 600_000);
});

function expectNoEditor(out: string) {
  const built = files(out);
  expect(built.some((f) => f.endsWith('index.html'))).toBe(true);
  expect(built.map((f) => relative(out, f)).filter((f) => /editor/i.test(f))).toEqual([]);
  const found = built.filter((f) => /\.(js|css|html|json)$/.test(f)).flatMap((f) => {
    const text = readFileSync(f, 'utf8');
    return EDITOR_MARKERS.filter((m) => text.includes(m)).map((m) => `${relative(out, f)}: ${m}`);
  });
  expect(found).toEqual([]);
}
