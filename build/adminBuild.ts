import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { previewPlugin } from './previewPlugin.ts';

/** Where the hosted editor is served: https://(the site)/admin/. */
export const ADMIN_DIR = 'admin';

/**
 * Builds the staff editor into <outDir>/admin/: its own page and chunks, none shared with the site's, so no byte of
 * it reaches a patient's page. VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY (as for the feedback form) choose
 * Supabase Auth; without them it signs in through the address `npm start` prints.
 */
export async function buildAdmin(root: string, outDir: string): Promise<void> {
  const target = join(outDir, ADMIN_DIR);
  const kept = join(root, 'node_modules', '.cache', 'site-admin', adminKey(root));
  if (!existsSync(kept)) {
    const making = `${kept}.${process.pid}`;
    await viteBuild(root, making);
    try {
      renameSync(making, kept);
    } catch {
      // Another build made the same one meanwhile: theirs is kept, identical.
      rmSync(making, { recursive: true, force: true });
    }
    pruneKept(dirname(kept));
  }
  rmSync(target, { recursive: true, force: true });
  cpSync(kept, target, { recursive: true });
}

/** What /admin is built from, besides the practice's content (which it never holds): its sources and packages, and the build's settings. */
const SOURCES = ['src', 'schema', 'build', 'server', 'package-lock.json'];

/** The builds kept: the latest few versions of the sources, each with the settings in use. */
const KEPT = 6;

function pruneKept(dir: string): void {
  const builds = readdirSync(dir).filter((name) => /^[0-9a-f]+$/.test(name)).map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs }));
  for (const old of builds.sort((a, b) => b.at - a.at).slice(KEPT)) rmSync(join(dir, old.name), { recursive: true, force: true });
}

/**
 * The editor is built from the engine alone, never from a practice's content, so every build on the same sources makes
 * the same /admin: it is built once per version of the sources (and of the VITE_ settings it reads) and kept in
 * node_modules/.cache. A content-only build after the first (a staff edit's check, the tests' many practices) skips it.
 */
export function adminKey(root: string): string {
  const hash = createHash('sha256');
  const add = (path: string): void => {
    if (!existsSync(path)) return;
    if (!statSync(path).isDirectory()) {
      hash.update(`${path.slice(root.length)}\0`).update(readFileSync(path)).update('\0');
      return;
    }
    for (const name of readdirSync(path).sort()) add(join(path, name));
  };
  for (const source of SOURCES) add(join(root, source));
  const settings = Object.entries(process.env).filter(([name]) => name.startsWith('VITE_') || name === 'NODE_ENV').sort();
  for (const file of readdirSync(root).filter((name) => name.startsWith('.env')).sort()) hash.update(file).update(readFileSync(join(root, file)));
  return hash.update(JSON.stringify(settings)).digest('hex').slice(0, 24);
}

async function viteBuild(root: string, outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await build({
    configFile: false,
    root: join(root, 'src', 'editor', 'admin'),
    base: `/${ADMIN_DIR}/`,
    envDir: root,
    publicDir: false,
    logLevel: 'warn',
    plugins: [react(), previewPlugin()],
    build: {
      outDir,
      emptyOutDir: true,
      chunkSizeWarningLimit: 4096,
      // preview.html: the site's pages drawn from the text being edited, for the editor's preview pane.
      rollupOptions: { input: ['index.html', 'preview.html'].map((page) => join(root, 'src', 'editor', 'admin', page)) },
    },
  });
}
