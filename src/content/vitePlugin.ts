import { readFileSync } from 'node:fs';
import type { Plugin, ViteDevServer } from 'vite';
import { ContentErrors } from './errors.ts';
import { loadSite } from './load.ts';
import type { CompiledSite } from './model.ts';

const PREFIX = 'virtual:site/';
const PAGE = 'page/';

/** `JSON.parse('...')` is parsed faster by browsers than an object literal of the same size. */
function jsonModule(value: unknown): string {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(value))});`;
}

/** A few lines of the file around a problem, marked the way Vite's error overlay shows source code. */
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

/**
 * What the dev overlay shows: every message (the same words as `npm run check`), the file and line of the first
 * problem with the lines around it, and no stack trace (editors need the message, not the code that found it).
 */
export function overlayError(failure: ContentErrors, siteFile: string) {
  const first = failure.errors[0];
  let frame = '';
  try {
    frame = first ? codeFrame(readFileSync(siteFile, 'utf8'), first.line, first.col) : '';
  } catch {
    frame = '';
  }
  return {
    message: failure.message,
    stack: '',
    plugin: 'site-content',
    id: siteFile,
    ...(first ? { loc: { file: siteFile, line: first.line, column: first.col } } : {}),
    frame,
  };
}

/**
 * Serves the compiled site.yaml to the app as virtual modules: `virtual:site/layout` (on every page),
 * `virtual:site/routes` (route table and one lazy loader per page) and `virtual:site/page/<id>` (one chunk per page).
 * The file is validated on start and on every save; errors fail the build and show in the dev overlay.
 */
export function sitePlugin(siteFile: string): Plugin {
  let compiled: CompiledSite | null = null;
  let failure: ContentErrors | null = null;
  let command: 'build' | 'serve' = 'serve';

  const reload = () => {
    const result = loadSite(siteFile);
    compiled = result.ok ? result.compiled : null;
    failure = result.ok ? null : new ContentErrors(result.errors);
  };

  const content = (): CompiledSite => {
    if (failure) throw Object.assign(new ContentErrors(failure.errors), overlayError(failure, siteFile));
    if (!compiled) throw new Error('site content was not loaded');
    return compiled;
  };

  const onChange = (server: ViteDevServer) => (file: string) => {
    if (file !== siteFile) return;
    reload();
    for (const module of server.moduleGraph.getModulesByFile(siteFile) ?? []) server.moduleGraph.invalidateModule(module);
    server.moduleGraph.idToModuleMap.forEach((module, id) => {
      if (id.startsWith('\0' + PREFIX)) server.moduleGraph.invalidateModule(module);
    });
    if (failure) {
      server.ws.send({ type: 'error', err: overlayError(failure, siteFile) });
      server.config.logger.error(failure.message);
    } else {
      server.ws.send({ type: 'full-reload' });
    }
  };

  return {
    name: 'site-content',
    enforce: 'pre',
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      reload();
      this.addWatchFile(siteFile);
      // A build stops here; the dev server stays up and shows the errors in its overlay until the file is fixed.
      if (failure && command === 'build') throw failure;
    },
    configureServer(server) {
      server.watcher.add(siteFile);
      server.watcher.on('change', onChange(server));
    },
    transformIndexHtml(html) {
      const { site } = content().layout;
      const withLang = html.replace('<html lang="en">', `<html lang="${site.language}">`);
      // The prerenderer writes each page's head; the dev server has none, so give it the site's name.
      return command === 'serve' ? withLang.replace('<!--app-head-->', `<title>${site.name}</title>`) : withLang;
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? '\0' + id : null;
    },
    load(id) {
      if (!id.startsWith('\0' + PREFIX)) return null;
      const name = id.slice(PREFIX.length + 1);
      const site = content();
      if (name === 'layout') return jsonModule(site.layout);
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
