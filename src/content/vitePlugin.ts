import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { ModuleNode, Plugin, ViteDevServer } from 'vite';
import { ContentErrors } from './errorFormat.ts';
import { loadSite, type CheckResult } from './load.ts';
import { browserLayout, clockLayout, type BrowserLayout, type CompiledSite, type PageData } from './model.ts';
import { writeEditorSchema } from './editorSchema.ts';
import { previewStatus, type PreviewStatus } from './previewStatus.ts';
import { DEFAULT_SITE_FILE } from './siteFiles.ts';
import type { PagesShow, SitePluginApi } from './sitePluginApi.ts';

const PREFIX = 'virtual:site/';
const PAGE = 'page/';

/** `JSON.parse('...')` is parsed faster by browsers than an object literal of the same size. */
function jsonModule(value: unknown): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);

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

/** What a saved change means for a page already open in development: new content it can take as it is. */
export interface ContentUpdate { layout?: BrowserLayout; pages: Record<string, PageData> }

/**
 * The content that differs between two versions, or 'reload' when the routes differ (a page added, removed or moved):
 * a page then needs its route table again, which only a reload gives it.
 */
export function contentUpdate(before: CompiledSite | null, after: CompiledSite): ContentUpdate | 'reload' {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (!before || !same(before.routes, after.routes)) return 'reload';
  const update: ContentUpdate = { pages: {} };
  const layout = browserLayout(after.layout);
  if (!same(browserLayout(before.layout), layout)) update.layout = layout;
  const old = new Map(before.pages.map((p) => [p.id, p]));
  for (const page of after.pages) if (!same(old.get(page.id), page)) update.pages[page.id] = page;
  return update;
}

/** What open pages did with a new version: showed it in place, reloaded (or need to), or had nothing new to show. */
export type { PagesShow, SitePluginApi };

/**
 * Serves the compiled site.yaml to the app as virtual modules: `virtual:site/layout` (on every page, without what
 * only page heads use), `virtual:site/head` (the whole layout, for the prerender), `virtual:site/clock` (what a built page's open-now line reads), `virtual:site/routes` (route table and one lazy loader per page) and `virtual:site/page/<id>` (one chunk per page).
 * A build stops on errors. The dev server keeps showing the last version that worked, with the problems in a panel
 * of its own (`virtual:site/status`, src/content/devStatus.ts) that says so. A change that keeps the routes reaches
 * open pages as a `site:content` message, which they show without reloading.
 */
export function sitePlugin(siteFile: string): Plugin & { api: SitePluginApi } {
  let lastGood: CompiledSite | null = null;
  let failure: ContentErrors | null = null;
  let status: PreviewStatus = previewStatus(basename(siteFile), [], [], false, '');
  let command: 'build' | 'serve' = 'serve';

  let lastText: string | null = null;
  const apply = (text: string | null, checked?: CheckResult) => {
    const result = checked ?? (text === null ? loadSite(siteFile) : loadSite(siteFile, text));
    lastText = text;
    if (result.ok) lastGood = result.compiled;
    failure = result.ok ? null : new ContentErrors(result.errors);
    const first = result.ok ? undefined : result.errors[0];
    const frame = first && text !== null ? codeFrame(text, first.line, first.col) : '';
    status = previewStatus(basename(siteFile), result.ok ? [] : result.errors, result.warnings, !result.ok && lastGood !== null, frame);
  };
  // Editors' underlines and completion follow the ids of the file as it is now.
  const refreshEditorSchema = () => { if (siteFile === DEFAULT_SITE_FILE) writeEditorSchema(siteFile); };

  const content = (): CompiledSite => {
    if (lastGood && (command === 'serve' || !failure)) return lastGood;
    if (failure) throw failure;
    throw new Error('site content was not loaded');
  };

  let server: ViteDevServer | undefined;
  // Counts the versions read. A page says which one it started from once it listens for changes: one that came
  // while it was loading (its message lost, its modules perhaps older) makes it load again.
  let version = 0;
  /** Reads a new version and tells open pages: new content to show in place, or a reload when the routes changed. */
  const publish = (text: string | null, checked?: CheckResult, reloadPages = true): PagesShow => {
    const before = lastGood;
    apply(text, checked);
    version++;
    if (!server) return 'unchanged';
    const invalidate = (module: ModuleNode) => server?.moduleGraph.invalidateModule(module);
    server.moduleGraph.idToModuleMap.forEach((module, id) => { if (id.startsWith('\0' + PREFIX)) invalidate(module); });
    const update = lastGood && lastGood !== before ? contentUpdate(before, lastGood) : null;
    let shown: PagesShow = 'unchanged';
    if (update === 'reload') {
      shown = 'reload';
      if (reloadPages) server.ws.send({ type: 'full-reload' });
    } else {
      if (update && (update.layout || Object.keys(update.pages).length)) {
        shown = 'updated';
        server.ws.send({ type: 'custom', event: 'site:content', data: update });
      }
      server.ws.send({ type: 'custom', event: 'site:status', data: status });
    }
    if (failure) server.config.logger.error(failure.message, { timestamp: true });
    setTimeout(refreshEditorSchema, 0);
    return shown;
  };

  // Saves come quickly one after another: handle them one at a time, and only the latest matters. A version the
  // writer already handed over (see `api.show`) is not read twice.
  let queue = Promise.resolve();
  let latest = 0;
  const onChange = (file: string) => {
    if (file !== siteFile) return;
    const mine = ++latest;
    queue = queue.then(async () => {
      const text = await readSettled(siteFile);
      if (mine !== latest || (text !== null && text === lastText)) return;
      publish(text);
    });
  };

  return {
    name: 'site-content',
    api: { show: (text, checked, options) => publish(text, checked, options?.reloadPages ?? true) },
    enforce: 'pre',
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      apply(null);
      refreshEditorSchema();
      this.addWatchFile(siteFile);
      // A build stops here; the dev server stays up and shows the problems until the file is fixed.
      if (failure && command === 'build') throw failure;
    },
    configureServer(dev) {
      server = dev;
      dev.watcher.add(siteFile);
      dev.ws.on('site:listening', (data: { version?: unknown }, client) => { if (data.version !== version) client.send('site:stale'); });
      for (const event of ['change', 'add', 'unlink'] as const) dev.watcher.on(event, onChange);
    },
    transformIndexHtml(html) {
      const site = lastGood?.layout.site;
      // Words from the site file are text in this page, never markup; and inserted by a function, so "$&" stays text.
      const withLang = site ? html.replace('<html lang="en">', () => `<html lang="${escapeHtml(site.language)}">`) : html;
      if (command !== 'serve') return withLang;
      // The prerenderer writes each page's head; the dev server has none, so give it the site's name, and the panel.
      return withLang
        .replace('<!--app-head-->', () => `<title>${escapeHtml(site?.name ?? `${basename(siteFile)} has problems`)}</title>`)
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
      if (name === 'clock') return jsonModule(clockLayout(browserLayout(site.layout)));
      if (name === 'routes') {
        const loaders = site.pages
          .map((p) => `  ${JSON.stringify(p.id)}: () => import(${JSON.stringify(PREFIX + PAGE + p.id)}),`)
          .join('\n');
        return `export const manifest = ${JSON.stringify(site.routes)};\nexport const loaders = {\n${loaders}\n};\nexport const contentVersion = ${version};\n`;
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
