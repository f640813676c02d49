import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { ModuleNode, Plugin, ViteDevServer } from 'vite';
import { ContentErrors } from './errors.ts';
import { loadSite } from './load.ts';
import { browserLayout, type CompiledSite } from './model.ts';
import { writeEditorSchema } from './editorSchema.ts';
import { previewStatus, type PreviewStatus } from './previewStatus.ts';
import { DEFAULT_SITE_FILE } from './siteFiles.ts';

const PREFIX = 'virtual:site/';
const PAGE = 'page/';

/** `JSON.parse('...')` is parsed faster by browsers than an object literal of the same size. */
function jsonModule(value: unknown): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});`;
}

/** A few lines of the file around a problem, the line marked and the column pointed at. */
export function codeFrame(text: string, line: number, col: number): string {
  const lines = text.split('\n');
  const from = Math.max(1, line - 2);
  const to = Math.min(lines.length, line + 1);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1].replace(/\t/g, ' ')}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, col - 1))}^`);
  }
  return out.join('\n');
}

/** Waits a moment between reads of a file being saved. */
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The file as its editor finished writing it. Editors truncate then write, or write a new file and rename it over
 * the old one, so a watcher can fire while the file is empty, half written or briefly absent: read until two
 * reads agree and the file has content, or until it has stayed the same (empty or absent) for about a second.
 */
export async function readSettled(file: string, wait = 60, patience = 1_000): Promise<string | null> {
  const read = () => { try { return readFileSync(file, 'utf8'); } catch { return null; } };
  let previous = read();
  for (let waited = 0; ; waited += wait) {
    await pause(wait);
    const current = read();
    if (current === previous && ((current !== null && current.trim() !== '') || waited >= patience)) return current;
    previous = current;
  }
}

/**
 * Serves the compiled site.yaml to the app as virtual modules: `virtual:site/layout` (on every page, without what
 * only page heads use), `virtual:site/head` (the whole layout, for the prerender), `virtual:site/routes` (route table and one lazy loader per page) and `virtual:site/page/<id>` (one chunk per page).
 * A build stops on errors. The dev server keeps showing the last version that worked, with the problems in a panel
 * of its own (`virtual:site/status`, src/content/devStatus.ts) that says so.
 */
export function sitePlugin(siteFile: string): Plugin {
  let lastGood: CompiledSite | null = null;
  let failure: ContentErrors | null = null;
  let status: PreviewStatus = previewStatus(basename(siteFile), [], [], false, '');
  let command: 'build' | 'serve' = 'serve';

  const apply = (text: string | null) => {
    const result = text === null ? loadSite(siteFile) : loadSite(siteFile, text);
    // Editors' underlines and completion follow the ids of the file as it is now.
    if (siteFile === DEFAULT_SITE_FILE) writeEditorSchema(siteFile);
    if (result.ok) lastGood = result.compiled;
    failure = result.ok ? null : new ContentErrors(result.errors);
    const first = result.ok ? undefined : result.errors[0];
    const frame = first && text !== null ? codeFrame(text, first.line, first.col) : '';
    status = previewStatus(basename(siteFile), result.ok ? [] : result.errors, result.warnings, !result.ok && lastGood !== null, frame);
  };

  const content = (): CompiledSite => {
    if (lastGood && (command === 'serve' || !failure)) return lastGood;
    if (failure) throw failure;
    throw new Error('site content was not loaded');
  };

  // Saves come quickly one after another: handle them one at a time, and only the latest matters.
  let queue = Promise.resolve();
  let latest = 0;
  const onChange = (server: ViteDevServer) => (file: string) => {
    if (file !== siteFile) return;
    const mine = ++latest;
    queue = queue.then(async () => {
      const text = await readSettled(siteFile);
      if (mine !== latest) return;
      const before = lastGood;
      apply(text);
      const invalidate = (module: ModuleNode) => server.moduleGraph.invalidateModule(module);
      server.moduleGraph.idToModuleMap.forEach((module, id) => { if (id.startsWith('\0' + PREFIX)) invalidate(module); });
      if (lastGood !== before) server.ws.send({ type: 'full-reload' });
      else server.ws.send({ type: 'custom', event: 'site:status', data: status });
      if (failure) server.config.logger.error(failure.message, { timestamp: true });
    });
  };

  return {
    name: 'site-content',
    enforce: 'pre',
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      apply(null);
      this.addWatchFile(siteFile);
      // A build stops here; the dev server stays up and shows the problems until the file is fixed.
      if (failure && command === 'build') throw failure;
    },
    configureServer(server) {
      server.watcher.add(siteFile);
      for (const event of ['change', 'add', 'unlink'] as const) server.watcher.on(event, onChange(server));
    },
    transformIndexHtml(html) {
      const site = lastGood?.layout.site;
      const withLang = site ? html.replace('<html lang="en">', `<html lang="${site.language}">`) : html;
      if (command !== 'serve') return withLang;
      // The prerenderer writes each page's head; the dev server has none, so give it the site's name, and the panel.
      return withLang
        .replace('<!--app-head-->', `<title>${site?.name ?? `${basename(siteFile)} has problems`}</title>`)
        .replace('</body>', '<script type="module" src="/src/content/devStatus.ts"></script>\n  </body>');
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? '\0' + id : null;
    },
    load(id) {
      if (!id.startsWith('\0' + PREFIX)) return null;
      const name = id.slice(PREFIX.length + 1);
      if (name === 'status') return jsonModule(status);
      const site = content();
      if (name === 'layout') return jsonModule(browserLayout(site.layout));
      if (name === 'head') return jsonModule(site.layout);
      if (name === 'routes') {
        const loaders = site.pages
          .map((p) => `  ${JSON.stringify(p.id)}: () => import(${JSON.stringify(PREFIX + PAGE + p.id)}),`)
          .join('\n');
        return `export const manifest = ${JSON.stringify(site.routes)};\nexport const loaders = {\n${loaders}\n};\n`;
      }
      if (name.startsWith(PAGE)) {
        const page = site.pages.find((p) => p.id === name.slice(PAGE.length));
        if (!page) throw new Error(`No page with id "${name.slice(PAGE.length)}" in ${siteFile}`);
        return jsonModule(page);
      }
      throw new Error(`Unknown site module "${id.slice(1)}"`);
    },
  };
}
