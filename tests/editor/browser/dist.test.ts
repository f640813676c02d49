import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../build.ts';
import { limit } from '../../../bench/machineSpeed.ts';

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
  it('adds no byte to the site: only dist/admin/ holds its code or libraries, and no page names it', () => {
    const site = build(join(root, 'tests/fixtures/minimal-site/site.yaml'));
    // The output folder and the build's internals beside it go, whatever the outcome.
    try {
      expectNoEditor(site.out);
    } finally {
      site.cleanup();
    }
  }, limit(600_000));
});

function expectNoEditor(out: string) {
  const all = files(out);
  const admin = all.filter((f) => relative(out, f).startsWith('admin/'));
  // The staff editor is built beside the site, at /admin/, and only there.
  expect(admin.map((f) => relative(out, f))).toContain('admin/index.html');
  expect(admin.some((f) => f.endsWith('.js') && readFileSync(f, 'utf8').includes('Review changes'))).toBe(true);
  const built = all.filter((f) => !admin.includes(f));
  expect(built.some((f) => f.endsWith('index.html'))).toBe(true);
  expect(built.map((f) => relative(out, f)).filter((f) => /editor/i.test(f))).toEqual([]);
  expect(built.filter((f) => f.endsWith('.html') && readFileSync(f, 'utf8').includes('/admin')).map((f) => relative(out, f))).toEqual([]);
  const found = built.filter((f) => /\.(js|css|html|json)$/.test(f)).flatMap((f) => {
    const text = readFileSync(f, 'utf8');
    return EDITOR_MARKERS.filter((m) => text.includes(m)).map((m) => `${relative(out, f)}: ${m}`);
  });
  expect(found).toEqual([]);
}
