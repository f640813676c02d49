/**
 * What a push deploys to Supabase, worked out from each function's module graph: the site-editor function runs the
 * checker from src/ and schema/, so a change there must redeploy it, while a staff edit of the content deploys nothing.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployScope, functionGraph, functionNames } from '../../scripts/deployScope.ts';

const root = resolve(import.meta.dirname, '..', '..');

describe('the deploy scope', () => {
  it('finds every file a function imports, however far, and the files config.toml says it reads', () => {
    const editor = functionGraph('site-editor');
    for (const file of ['supabase/functions/site-editor/index.ts', 'scripts/editor/hostedHandler.ts', 'src/content/checks/index.ts', 'src/content/checks/links.ts']) {
      expect(editor.has(file), file).toBe(true);
    }
    // The feedback function shares the one definition of invisible characters with the site and nothing else of it.
    expect([...functionGraph('send-feedback')].filter((file) => !file.startsWith('supabase/functions/'))).toEqual(['src/content/invisible.ts']);
    expect(functionNames()).toEqual(['send-feedback', 'site-editor']);
  });

  it('deploys the site-editor function for a change of a check, nothing for a staff edit, both for a shared file', () => {
    expect(deployScope(['src/content/checks/links.ts'])).toEqual({ functions: ['site-editor'], migrations: false, settings: false });
    expect(deployScope(['site.yaml', 'public/images/x.png', 'documents/a.md'])).toEqual({ functions: [], migrations: false, settings: false });
    expect(deployScope(['supabase/functions/_shared/rules.ts']).functions).toEqual(['send-feedback', 'site-editor']);
    expect(deployScope(['src/content/invisible.ts']).functions).toEqual(['send-feedback', 'site-editor']);
    expect(deployScope(['supabase/migrations/20990101000000_x.sql'])).toEqual({ functions: [], migrations: true, settings: false });
    expect(deployScope(['supabase/config.toml'])).toEqual({ functions: ['send-feedback', 'site-editor'], migrations: false, settings: true });
    expect(deployScope(undefined)).toEqual({ functions: ['send-feedback', 'site-editor'], migrations: true, settings: true });
  });

  it('prints lines for $GITHUB_OUTPUT from two commits of this repository', () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const out = execFileSync(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/deployScope.ts', head, head], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out).toBe('functions=\nmigrations=false\nsettings=false\n');
    const unknown = execFileSync(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/deployScope.ts', '0000000', head], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(unknown).toBe('functions=send-feedback site-editor\nmigrations=true\nsettings=true\n');
  });
});
