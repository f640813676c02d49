import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { blockFacts } from '../src/content/schema.ts';
import { SHOW_BLOCK } from '../server/editor/previewBlock.ts';

const ROUTES = fileURLToPath(new URL('../src/site/preview/routes.ts', import.meta.url));
/** Among the build's own scripts: /admin's policy runs no other (build/headers.ts). */
const SHOW_BLOCK_FILE = 'assets/show-block.js';

/**
 * What the editor's preview page (src/editor/admin/preview.html) needs from the build, where the site's build has
 * site.yaml: the block facts of the schema files, and
 * the site's `virtual:site/*` modules as modules the page fills with each version it is sent (src/site/preview/).
 * The dev preview's script that shows the block being edited comes as a file of its own (the policy allows no
 * inline script).
 */
export function previewPlugin(): Plugin {
  let base = '/';
  return {
    name: 'editor-preview',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    resolveId(id) {
      if (id === 'virtual:site/routes') return ROUTES;
      if (id === 'virtual:site/layout' || id.startsWith('virtual:preview/')) return '\0' + id;
      return null;
    },
    load(id) {
      // Read only after the page has its first version (replaceLayout), like the site's before it hydrates.
      if (id === '\0virtual:site/layout') return 'export default null;';
      if (id === '\0virtual:preview/facts') return `export const drawsIcons = new Map(${JSON.stringify([...blockFacts().icons])});`;
      return null;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: SHOW_BLOCK_FILE, source: SHOW_BLOCK });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('preview.html')) return html;
        // Requested with CORS, as the build's own module scripts are: the preview's sandboxed frame has no origin, and
        // a plain request from it is refused by the site's Cross-Origin-Resource-Policy.
        return [{ tag: 'script', attrs: { src: `${base}${SHOW_BLOCK_FILE}`, crossorigin: true }, injectTo: 'body' }];
      },
    },
  };
}
