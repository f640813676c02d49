import { contentVersion } from 'virtual:site/routes';
import type { ContentUpdate } from '../content/vitePlugin.ts';
import { replaceLayout } from '../ui/context.ts';
import { replacePage } from './pages.ts';

/**
 * Development only (npm run dev, the editor's preview): a saved change to site.yaml reaches the open page as new
 * content, and the page renders again in place, keeping its address and scroll, without a reload. Changes to the
 * routes reload the page instead (the dev server decides). A change saved while the page was still loading would
 * be missed, so the page then says which version it started from, and loads again if the file has changed since.
 */
export function followContent(hot: NonNullable<ImportMeta['hot']>, render: () => void) {
  hot.on('site:content', async (update: ContentUpdate) => {
    if (update.layout) replaceLayout(update.layout);
    await Promise.all(Object.entries(update.pages).map(([id, page]) => replacePage(id, page)));
    render();
  });
  hot.on('site:stale', () => window.location.reload());
  hot.send('site:listening', { version: contentVersion });
}
