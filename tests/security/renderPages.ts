import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';
import { sitePlugin } from '../../src/content/vitePlugin.ts';
import { assertRenderedWhole, fillShell, type ServerEntry } from '../../build/prerender.ts';
import { splitHoisted } from '../../src/site/hoisted.ts';
import { islandPageJson, PAGE_DATA_ID } from '../../src/site/islands/pageData.ts';
import { headFor } from '../../build/pageHead.ts';

const root = resolve(import.meta.dirname, '..', '..');
const SHELL = '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';

/**
 * Every page of a site file as the prerender writes it (the server entry's HTML, React's hoisted tags and the page's
 * own <head> put into a shell), rendered by a Vite server in memory: one pass over all pages, with no build.
 */
export async function renderPages(siteFile: string, cacheDir: string): Promise<{ url: string; html: string }[]> {
  const vite = await createServer({
    configFile: false, root, plugins: [sitePlugin(siteFile), react()], appType: 'custom', logLevel: 'silent', cacheDir: join(cacheDir, '.vite'),
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  });
  try {
    const entry = await vite.ssrLoadModule('/src/site/entry-server.tsx') as ServerEntry;
    const pages: { url: string; html: string }[] = [];
    for (const url of [...entry.manifest.pages.map((p) => p.path), '/404']) {
      const rendered = await entry.render(url, { islands: true });
      assertRenderedWhole(url, rendered.html);
      const { hoisted, body } = splitHoisted(rendered.html);
      // The page's data for its islands, as the prerender writes it beside them.
      const data = body.includes('data-island=') ? `<script type="application/json" id="${PAGE_DATA_ID}">${islandPageJson(rendered.page)}</script>` : '';
      pages.push({ url, html: fillShell(SHELL, { '<!--app-head-->': `${hoisted}\n${headFor(rendered.page, entry.layout)}`, '<!--app-html-->': body + data }) });
    }
    return pages;
  } finally {
    await vite.close();
  }
}
