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

/*
 * The editor's server side is in three rooms. The core (the editor's API, its stores' rules, merge, uploads, the
 * hosted handler, and what the Edge Functions share) runs on Node and on Deno alike: it imports no `node:` module, no
 * build tool and no DOM library, and nothing of the Node adapters. The Node adapters (npm start's server, the local
 * git store and host, the Vite plugin, screenshots) and the Deno entries (supabase/functions/<name>/) may use it.
 */
const ROOT = resolve(SRC, '..');
const NODE_ADAPTERS = ['scripts/editor/server.ts', 'scripts/editor/store.ts', 'scripts/editor/git.ts', 'scripts/editor/localGitHost.ts', 'scripts/editor/previewPlugin.ts', 'scripts/editor/previewFocus.ts', 'scripts/editor/screenshots.ts', 'scripts/editor/adminScreenshots.ts', 'scripts/editor/screens/'];
const BUILD_TOOLS = /^(vite|@vitejs\/|jsdom|sharp|pdf-lib|playwright-core|vitest|tsx|@electric-sql\/pglite)/;

type Room = 'core' | 'node' | 'deno' | 'other';
function roomOf(path: string): Room {
  if (path.startsWith('scripts/editor/')) return NODE_ADAPTERS.some((a) => path.startsWith(a)) ? 'node' : 'core';
  if (path.startsWith('supabase/functions/_shared/')) return 'core';
  if (path.startsWith('supabase/functions/')) return 'deno';
  if (path.startsWith('scripts/')) return 'node';
  return 'other';
}

interface Use { from: string; to: string }

/** Every import of the editor's server side and the functions, relative ones as paths from the top. */
function serverImports(): Use[] {
  const walk = (dir: string): string[] => readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(ROOT, path)).isDirectory()) return walk(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
  return [...walk('scripts/editor'), ...walk('supabase/functions')].flatMap((from) => {
    const text = readFileSync(join(ROOT, from), 'utf8').replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');
    return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => {
      const to = m[1] ?? m[2];
      return { from, to: to.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(from), to)).split(sep).join('/') : to };
    });
  });
}

function roomViolations(uses: Use[]): string[] {
  return uses.flatMap(({ from, to }) => {
    const room = roomOf(from);
    if (room !== 'core' && room !== 'deno') return [];
    const who = room === 'core' ? 'the core' : 'a Deno entry';
    if (to.startsWith('node:')) return room === 'core' ? [`${from} imports ${to}: the core runs on Deno too`] : [];
    if (BUILD_TOOLS.test(to.replace(/^npm:/, ''))) return [`${from} imports ${to}: no build tool in ${who}`];
    if (/^(scripts|supabase|src|schema|tests)\//.test(to)) {
      if (to.startsWith('tests/')) return [`${from} imports ${to}: no test code in ${who}`];
      if (roomOf(to) === 'node') return [`${from} imports ${to}: ${who} may not import a Node adapter`];
      if (to.startsWith('src/') && !/^src\/(content|editor|generated)\//.test(to)) return [`${from} imports ${to}: only content, editor and generated of src/`];
      if (to.startsWith('src/editor/') && to.endsWith('.tsx')) return [`${from} imports ${to}: no React component in ${who}`];
    }
    return [];
  });
}

describe('rooms of the editor\'s server side (scripts/editor, supabase/functions)', () => {
  it('the core and the Deno entries import no Node module, build tool, Node adapter or component', () => {
    const uses = serverImports();
    expect(uses.length).toBeGreaterThan(100);
    expect(roomViolations(uses)).toEqual([]);
  });

  it('finds an import into the wrong room', () => {
    expect(roomViolations([
      { from: 'scripts/editor/api.ts', to: 'node:child_process' },
      { from: 'scripts/editor/hostedStore.ts', to: 'scripts/editor/store.ts' },
      { from: 'supabase/functions/_shared/editor/auth.ts', to: 'vite' },
      { from: 'supabase/functions/site-editor/siteEditor.ts', to: 'scripts/server/serve.ts' },
      { from: 'scripts/editor/merge.ts', to: 'src/editor/App.tsx' },
      { from: 'scripts/editor/server.ts', to: 'node:http' },
    ])).toEqual([
      'scripts/editor/api.ts imports node:child_process: the core runs on Deno too',
      'scripts/editor/hostedStore.ts imports scripts/editor/store.ts: the core may not import a Node adapter',
      'supabase/functions/_shared/editor/auth.ts imports vite: no build tool in the core',
      'supabase/functions/site-editor/siteEditor.ts imports scripts/server/serve.ts: a Deno entry may not import a Node adapter',
      'scripts/editor/merge.ts imports src/editor/App.tsx: no React component in the core',
    ]);
  });
});
