import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { handleFunction } from './scripts/server/functions.ts';
import { publicDirFor, siteFileFromEnv } from './src/content/load.ts';
import { sitePlugin } from './src/content/vitePlugin.ts';

// SITE=path/to/site.yaml builds another practice from its own file and its public/ folder, with no code change.
const siteFile = siteFileFromEnv();

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

export default defineConfig({
  plugins: [sitePlugin(siteFile), react(), localFunctions()],
  publicDir: publicDirFor(siteFile),
  resolve: {
    // The engine's own small router (src/site/router.tsx) stands in for react-router-dom: same names and props,
    // 1 KB instead of 13 KB gzip on every page. Code that still imports react-router-dom gets the same router.
    alias: [{ find: /^react-router-dom$/, replacement: fileURLToPath(new URL('./src/site/router.tsx', import.meta.url)) }],
  },
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React in a chunk of its own: a content or code change leaves the largest file cached in the browser.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // The app shell (layout, router, shared pieces of src/ui) in one file, rather than the tiny shared
            // chunks blocks would otherwise each pull in: fewer requests before a page can hydrate.
            { name: 'app', test: /src[\\/](site[\\/](?!entry-)|ui[\\/])|virtual:site[\\/](layout|routes)$|src[\\/]blocks[\\/]registry/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
});
