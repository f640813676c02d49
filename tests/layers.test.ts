/**
 * The folders of src/ import in one direction: content (build-time and pure helpers, no React) -> ui (shared
 * pieces and the page context) -> blocks -> site (the app shell). The editor sits beside the site: it may use
 * content, ui and blocks, and nothing imports it. generated/ (types from the schema) and styles/ are for all.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..', 'src');
const RANK: Record<string, number> = { generated: 0, styles: 0, content: 1, ui: 2, blocks: 3, site: 4, editor: 4 };

interface Import { from: string; to: string; line: string }

function imports(dir: string): Import[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return imports(path);
    if (!/\.(ts|tsx)$/.test(name)) return [];
    const text = readFileSync(path, 'utf8');
    return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => ({
      from: relative(SRC, path), to: relative(SRC, resolve(dirname(path), m[1] ?? m[2])), line: m[0],
    }));
  });
}

/** Imports that point up the layers, or sideways between the site and the editor. */
function violations(found: Import[]): string[] {
  return found.flatMap(({ from, to, line }) => {
    const [a, b] = [from.split(sep)[0], to.split(sep)[0]];
    if (a === b || to.startsWith('..')) return [];
    if (!(a in RANK) || !(b in RANK)) return [`${from}: "${a}" or "${b}" is not a known layer (${line})`];
    const wrong = RANK[b] > RANK[a] || (RANK[b] === RANK[a] && RANK[a] > 0);
    return wrong ? [`${from} imports ${to}: ${a} may not import ${b}`] : [];
  });
}

describe('layers of src/', () => {
  it('every folder of src/ is a known layer', () => {
    const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory());
    expect(folders.filter((f) => !(f in RANK))).toEqual([]);
  });

  it('no import goes against the direction content -> ui -> blocks -> site (and editor)', () => {
    const found = imports(SRC);
    expect(found.length).toBeGreaterThan(100);
    expect(violations(found)).toEqual([]);
  });

  it('finds an import that goes the wrong way', () => {
    expect(violations([
      { from: 'ui/Icon.tsx', to: 'site/context.ts', line: "import { x } from '../site/context.ts'" },
      { from: 'site/App.tsx', to: 'editor/Editor.tsx', line: "import { y } from '../editor/Editor.tsx'" },
      { from: 'blocks/Hero/Hero.tsx', to: 'ui/Picture.tsx', line: "import { z } from '../../ui/Picture.tsx'" },
    ])).toEqual(['ui/Icon.tsx imports site/context.ts: ui may not import site', 'site/App.tsx imports editor/Editor.tsx: site may not import editor']);
  });
});
