import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from '../importGraph.ts';

const root = resolve(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

describe('the editor sits beside the site', () => {
  it('nothing of the site, its build, the local server, the functions or the bench imports the editor app; the server core shares its pure parts only', () => {
    const graph = importGraph(sourceFiles(['src', 'server', 'build', 'bench', 'supabase', 'scripts']));
    const uses = [...graph].filter(([from]) => !from.startsWith('src/editor/'))
      .flatMap(([from, tos]) => tos.filter((to) => to.startsWith('src/editor/')).map((to) => `${from} -> ${to}`));
    expect(uses.length).toBeGreaterThan(10);
    // The editor's server core (server/editor/) applies, merges and words the same operations the forms make.
    expect(uses.filter((use) => !use.startsWith('server/editor/'))).toEqual([]);
    expect(uses.filter((use) => use.endsWith('.tsx'))).toEqual([]);
  });

  it('the editor reaches down to content, ui and blocks only, never to the site shell', () => {
    const mine = sources(join(root, 'src', 'editor'));
    const shell = mine.filter((f) => /from ['"](\.\.\/)+site\//.test(readFileSync(f, 'utf8')));
    expect(shell.map((f) => relative(root, f))).toEqual([]);
  });
});
