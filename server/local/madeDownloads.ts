import type { Plugin } from 'vite';
import { contentFileType } from '../../src/content/fileTypes.ts';
import { madeFiles } from '../../src/content/siteFiles.ts';
import { practiceDetails, renderMadeFile } from '../../build/documents.ts';

/**
 * The files the build makes from documents/ (PDFs, pictures, each person's picture in its sizes and formats), made
 * on request by a development server (`npm run dev`, the editor's preview), so they are always current. Without this,
 * the page's fallback would answer /people/*.avif with a web page, and every portrait would show broken.
 */
export function madeDownloads(siteFile: string): Plugin {
  return {
    name: 'made-downloads',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0];
        const file = madeFiles(siteFile).find((f) => f.href === path || encodeURI(f.href) === path);
        if (!file) return next();
        renderMadeFile(file, practiceDetails(siteFile)).then((bytes) => {
          res.setHeader('Content-Type', contentFileType(file.href) ?? 'application/octet-stream');
          res.end(bytes);
        }, next);
      });
    },
  };
}
