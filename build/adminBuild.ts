import { join } from 'node:path';
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
  await build({
    configFile: false,
    root: join(root, 'src', 'editor', 'admin'),
    base: `/${ADMIN_DIR}/`,
    envDir: root,
    publicDir: false,
    logLevel: 'warn',
    plugins: [react(), previewPlugin()],
    build: {
      outDir: join(outDir, ADMIN_DIR),
      emptyOutDir: true,
      chunkSizeWarningLimit: 4096,
      // preview.html: the site's pages drawn from the text being edited, for the editor's preview pane.
      rollupOptions: { input: ['index.html', 'preview.html'].map((page) => join(root, 'src', 'editor', 'admin', page)) },
    },
  });
}
