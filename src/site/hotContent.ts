import type { ContentUpdate } from '../content/vitePlugin.ts';
import { replaceLayout } from '../ui/context.ts';
import { replacePage } from './pages.ts';

/**
 * Development only (npm run dev, the editor's preview): a saved change to site.yaml reaches the open page as new
 * content, and the page renders again in place, keeping its address and scroll, without a reload. Changes to the
 * routes reload the page instead (the dev server decides).
 */
export function followContent(hot: NonNullable<ImportMeta['hot']>, render: () => void) {
  hot.on('site:content', async (update: ContentUpdate) => {
    if (update.layout) replaceLayout(update.layout);
    await Promise.all(Object.entries(update.pages).map(([id, page]) => replacePage(id, page)));
    render();
  });
}
