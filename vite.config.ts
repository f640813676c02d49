import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { publicDirFor, siteFileFromEnv } from './src/content/load.ts';
import { sitePlugin } from './src/content/vitePlugin.ts';

// SITE=path/to/site.yaml builds another practice from its own file and its public/ folder, with no code change.
const siteFile = siteFileFromEnv();

export default defineConfig({
  plugins: [sitePlugin(siteFile), react()],
  publicDir: publicDirFor(siteFile),
  build: {
    target: 'es2022',
    cssCodeSplit: false,
    manifest: true,
    modulePreload: { polyfill: false },
  },
  server: { host: '127.0.0.1', port: 5173 },
});
