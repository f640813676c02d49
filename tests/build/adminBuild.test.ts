import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_DIR, adminKey, buildAdmin } from '../../build/adminBuild.ts';

// A small stand-in for the project: the folders /admin is built from, with one file each.
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'admin-key-'));
  for (const folder of ['src/editor', 'schema', 'build', 'server/editor']) mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, 'src/editor/App.tsx'), 'export const App = 1;\n');
  writeFileSync(join(root, 'schema/site.schema.json'), '{}\n');
  writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
  return root;
}

const made: string[] = [];
afterEach(() => {
  vi.unstubAllEnvs();
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("/admin, built once per version of the engine's sources", () => {
  it('has one key for the same sources and settings, and another when a source, a package or a VITE_ setting changes', () => {
    const root = project();
    made.push(root);
    const first = adminKey(root);
    expect(adminKey(root)).toBe(first);
    // The practice's content is not among what /admin is built from.
    writeFileSync(join(root, 'site.yaml'), 'practice: other\n');
    expect(adminKey(root)).toBe(first);

    writeFileSync(join(root, 'src/editor/App.tsx'), 'export const App = 2;\n');
    const edited = adminKey(root);
    expect(edited).not.toBe(first);
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n');
    const locked = adminKey(root);
    expect(locked).not.toBe(edited);
    vi.stubEnv('VITE_SUPABASE_URL', 'https://abcd.supabase.co');
    expect(adminKey(root)).not.toBe(locked);
    vi.unstubAllEnvs();
    writeFileSync(join(root, '.env'), 'VITE_SUPABASE_URL=https://abcd.supabase.co\n');
    expect(adminKey(root)).not.toBe(locked);
  });

  it('is copied from what was kept for that key, not built again', async () => {
    const root = project();
    const out = mkdtempSync(join(tmpdir(), 'admin-out-'));
    made.push(root, out);
    const kept = join(root, 'node_modules', '.cache', 'site-admin', adminKey(root));
    mkdirSync(join(kept, 'assets'), { recursive: true });
    writeFileSync(join(kept, 'index.html'), '<!doctype html><title>kept</title>');
    writeFileSync(join(kept, 'assets', 'editor.js'), 'kept();');
    // A stale /admin of an earlier build in the output folder is replaced, not merged.
    mkdirSync(join(out, ADMIN_DIR), { recursive: true });
    writeFileSync(join(out, ADMIN_DIR, 'old.js'), 'old();');

    await buildAdmin(root, out);
    expect(readdirSync(join(out, ADMIN_DIR)).sort()).toEqual(['assets', 'index.html']);
    expect(readFileSync(join(out, ADMIN_DIR, 'assets', 'editor.js'), 'utf8')).toBe('kept();');
  });
});
