import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/** Static imports, re-exports, side-effect imports and dynamic imports of a literal: what a bundler follows. */
const SPECIFIERS = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The TypeScript files under `folders` (paths from the top, with /). */
export function sourceFiles(folders: string[]): string[] {
  const walk = (dir: string): string[] => readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(join(ROOT, path)).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
  return folders.filter((folder) => existsSync(join(ROOT, folder))).flatMap(walk);
}

/** What each file imports: files of the repository as paths from the top, packages as written. */
export function importGraph(files: string[]): Map<string, string[]> {
  return new Map(files.map((from) => {
    const text = readFileSync(join(ROOT, from), 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
    const to = [...text.matchAll(SPECIFIERS)].map((m) => m[1] ?? m[2] ?? m[3])
      .map((specifier) => (specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(from), specifier)).split(sep).join('/') : specifier));
    return [from, to];
  }));
}

/** The groups of files that import each other, however far round (Tarjan's strongly connected components). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}
