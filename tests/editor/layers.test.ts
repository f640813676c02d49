import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe('the editor sits beside the site', () => {
  it('nothing of the site or its build imports the editor; of the server, only the wiring of its backend; of the build, only the editor\'s own', () => {
    const outside = [...sources(join(root, 'src')), ...sources(join(root, 'scripts')), join(root, 'vite.config.ts')]
      .filter((f) => !f.startsWith(join(root, 'src', 'editor')) && !f.startsWith(join(root, 'scripts', 'editor')) && f !== join(root, 'scripts', 'edit.ts'));
    expect(outside.length).toBeGreaterThan(20);
    // The backend's runtime-neutral parts (supabase/functions/_shared/editor/) are the function's, not the editor app's.
    const importers = outside.filter((f) => /(?:from |import\()['"][^'"]*(?<!_shared)\/editor\//.test(readFileSync(f, 'utf8')));
    // adminBuild.ts builds /admin/, with the plugin of its preview page (scripts/editor/previewPlugin.ts); the bench
    // runs the site-editor function's rehearsal (tests/editor/hosted/rehearsal.ts); the static host tells a picture
    // published from /admin by its bytes as uploads are told (scripts/editor/upload.ts); npm start wires the backend
    // (localEditor.ts) and its sign-in with printed addresses (localSignIn.ts).
    expect(importers.map((f) => relative(root, f))).toEqual(['scripts/adminBuild.ts', 'scripts/functionBench.ts', 'scripts/server/localEditor.ts', 'scripts/server/localSignIn.ts', 'scripts/server/sourceFiles.ts']);
  });

  it('the editor reaches down to content, ui and blocks only, never to the site shell', () => {
    const mine = sources(join(root, 'src', 'editor'));
    const shell = mine.filter((f) => /from ['"](\.\.\/)+site\//.test(readFileSync(f, 'utf8')));
    expect(shell.map((f) => relative(root, f))).toEqual([]);
  });
});
