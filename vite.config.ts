import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { devFileAccess, devRequestGuard } from './server/local/devFiles.ts';
import { PAGE_ENTRY } from './build/boot.ts';
import { devSitePolicy } from './server/local/devPolicy.ts';
import { handleFunction } from './server/local/functions.ts';
import { madeDownloads } from './server/local/madeDownloads.ts';
import { publicDirFor, siteFileFromEnv } from './src/content/siteFiles.ts';
import { sitePlugin } from './src/content/vitePlugin.ts';

// The backend functions (the feedback form's send-feedback) on the dev server's own origin, as `npm start` serves them.
function localFunctions(): Plugin {
  return {
    name: 'local-functions',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        handleFunction(req, res).then((handled) => { if (!handled) next(); }, next);
      });
    },
  };
}

/**
 * Vite wraps every dynamic import() in a 1.3 KB gzip preload helper even with modulePreload off
 * (vitejs/vite#18551). Here it has nothing to do: the prerendered HTML already preloads each page's chunks, CSS is
 * one file, and modulePreload is off so no dependency lists are emitted. This helper just imports.
 */
function plainDynamicImports(): Plugin {
  return {
    name: 'plain-dynamic-imports',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      return id === '\0vite/preload-helper.js' ? 'export const __vitePreload = (load) => load();' : null;
    },
  };
}

/**
 * react-router's package points every build at its development files (with its console warnings on); its production
 * files sit beside them. A build uses those: the same code without the warnings, 0.5 KB less (gzip) on every page.
 * The dev server keeps the warnings.
 */
function productionRouter(): Plugin {
  const production = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
  return {
    name: 'production-router',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      if (id === 'react-router') return production('index.mjs');
      if (id === 'react-router/dom') return production('dom-export.mjs');
      return null;
    },
  };
}

/**
 * A build names each stylesheet class by its name and a hash of its file, the same for every class of the file
 * ("_footer_11w3w_2" becomes "footer_3fa1c"): the names are written in every page's stylesheet and in the scripts of
 * every block, so this is bytes on every page. The dev server keeps Vite's names.
 */
function shortClassNames(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'short-class-names',
    apply: 'build',
    config: () => ({
      css: {
        modules: {
          generateScopedName: (local: string, file: string) =>
            `${local}_${createHash('sha256').update(relative(root, file.split('?')[0])).digest('hex').slice(0, 5)}`,
        },
      },
    }),
  };
}

/** The build and the dev server of one practice's site file (the tests use a frozen copy this way). */
export const siteConfig = (siteFile: string): UserConfig => ({
  plugins: [productionRouter(), shortClassNames(), plainDynamicImports(), sitePlugin(siteFile), react(), localFunctions(), madeDownloads(siteFile), devRequestGuard(), devSitePolicy()],
  publicDir: publicDirFor(siteFile),
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    manifest: true,
    modulePreload: false,
    rolldownOptions: {
      // The whole app (index.html) is what the dev server runs; a built page runs entry-page, which hydrates only the
      // blocks that move, each when it wakes.
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), page: fileURLToPath(new URL(PAGE_ENTRY, import.meta.url)) },
      output: {
        codeSplitting: {
          groups: [
            // React in a chunk of its own, fetched only as a page's first island wakes: a content or code change
            // leaves the largest file cached.
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
  // The preview's own panel (src/content/devStatus.ts) shows content problems in plain words; Vite's developer
  // overlay would add its own text and hide them on Esc. Only the site's sources and public files are served.
  server: { host: '127.0.0.1', port: 5173, hmr: { overlay: false }, fs: devFileAccess(siteFile) },
});

// SITE=path/to/site.yaml builds another practice from its own file and its public/ folder, with no code change.
export default defineConfig(siteConfig(siteFileFromEnv()));
