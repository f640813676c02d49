/**
 * The folders of src/ import in one direction: content (build-time and pure helpers, no React) -> ui (shared
 * pieces and the page context) -> blocks -> site (the app shell). The editor sits beside the site: it may use
 * content, ui and blocks, and nothing imports it. generated/ (types from the schema) and styles/ are for all.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, sourceFiles } from './importGraph.ts';

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
 * The top-level folders of code import in one direction, each only from those before it (and itself):
 *   src/            the site engine and the editor app
 *   server/         the editor's and the feedback form's server core (server/editor, server/feedback): one handler,
 *                   a web Request in and a Response out, the same on Node and on Deno
 *   build/          what the build makes of the engine (pages, headers, documents, the admin build)
 *   server/local/   the local twin `npm start` and `npm run edit` run, on Node
 *   supabase/       the Supabase adapters: each function's entry, a few lines around the core
 *   bench/          measuring and looking at the built site
 *   scripts/        the commands of package.json and of the workflows
 *   tests/          everything
 * The core and the functions' entries also import no `node:` module, no build tool, and no React component.
 */
const ROOT = resolve(SRC, '..');
const FOLDERS = ['src', 'server', 'build', 'server/local', 'supabase', 'bench', 'scripts', 'tests'] as const;
type Folder = typeof FOLDERS[number];
/** What each folder may import besides itself; schema/ (the JSON the schema is) is for all. */
const MAY: Record<Folder, Folder[]> = {
  src: [],
  server: ['src'],
  build: ['src', 'server'],
  'server/local': ['src', 'server', 'build'],
  supabase: ['src', 'server'],
  bench: ['src', 'server', 'build', 'server/local'],
  scripts: ['src', 'server', 'build', 'server/local', 'supabase', 'bench'],
  tests: ['src', 'server', 'build', 'server/local', 'supabase', 'bench', 'scripts'],
};
const BUILD_TOOLS = /^(vite|@vitejs\/|jsdom|sharp|pdf-lib|playwright-core|vitest|tsx|@electric-sql\/pglite)/;

function folderOf(path: string): Folder | 'schema' | undefined {
  if (path.startsWith('server/local/')) return 'server/local';
  if (path.startsWith('schema/')) return 'schema';
  return FOLDERS.find((folder) => path.startsWith(`${folder}/`));
}

interface Use { from: string; to: string }

function folderViolations(uses: Use[]): string[] {
  return uses.flatMap(({ from, to }) => {
    const [a, b] = [folderOf(from), folderOf(to)];
    if (!a || a === 'schema') return [`${from} is in no known folder of code`];
    const pure = a === 'server' || a === 'supabase';
    // A function's entry may use Deno's own node: modules; the core keeps to the web's APIs, which Node and Deno share.
    if (a === 'server' && to.startsWith('node:')) return [`${from} imports ${to}: the core runs on Deno too`];
    if (pure && BUILD_TOOLS.test(to.replace(/^npm:/, ''))) return [`${from} imports ${to}: no build tool in ${a === 'server' ? 'the core' : 'a function\'s entry'}`];
    if (pure && to.startsWith('src/') && to.endsWith('.tsx')) return [`${from} imports ${to}: no React component in ${a === 'server' ? 'the core' : 'a function\'s entry'}`];
    if (!/^[a-z]+\//.test(to) || to.startsWith('npm:') || b === undefined || b === 'schema' || b === a) return [];
    return MAY[a].includes(b) ? [] : [`${from} imports ${to}: ${a}/ may not import ${b}/`];
  });
}

describe('the top-level folders of code', () => {
  it('import only from the folders before them, and the core and the functions from no Node module, build tool or component', () => {
    const graph = importGraph(sourceFiles(['src', 'server', 'build', 'bench', 'supabase', 'scripts', 'tests']));
    const uses = [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from, to })));
    expect(uses.length).toBeGreaterThan(2000);
    expect(folderViolations(uses)).toEqual([]);
  });

  it('every folder of code at the top is one of them', () => {
    const code = readdirSync(ROOT).filter((name) => !name.startsWith('.') && name !== 'node_modules' && statSync(join(ROOT, name)).isDirectory()
      && sourceFiles([name]).length > 0);
    expect(code.sort()).toEqual(['bench', 'build', 'scripts', 'server', 'src', 'supabase', 'tests']);
  });

  it('finds an import against the direction, and one into the core that cannot run on Deno', () => {
    expect(folderViolations([
      { from: 'supabase/functions/site-editor/siteEditor.ts', to: 'scripts/setup/run.ts' },
      { from: 'server/editor/api.ts', to: 'node:child_process' },
      { from: 'server/editor/hostedStore.ts', to: 'server/local/fileStore.ts' },
      { from: 'server/editor/auth.ts', to: 'vite' },
      { from: 'server/editor/merge.ts', to: 'src/editor/App.tsx' },
      { from: 'src/blocks/FeedbackForm/FeedbackForm.tsx', to: 'server/feedback/handler.ts' },
      { from: 'server/local/serve.ts', to: 'node:http' },
      { from: 'tests/layers.test.ts', to: 'scripts/test.ts' },
    ])).toEqual([
      'supabase/functions/site-editor/siteEditor.ts imports scripts/setup/run.ts: supabase/ may not import scripts/',
      'server/editor/api.ts imports node:child_process: the core runs on Deno too',
      'server/editor/hostedStore.ts imports server/local/fileStore.ts: server/ may not import server/local/',
      'server/editor/auth.ts imports vite: no build tool in the core',
      'server/editor/merge.ts imports src/editor/App.tsx: no React component in the core',
      'src/blocks/FeedbackForm/FeedbackForm.tsx imports server/feedback/handler.ts: src/ may not import server/',
    ]);
  });
});
