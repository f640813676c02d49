import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import layout from 'virtual:site/head';
import { manifest } from 'virtual:site/routes';
import { isIsland } from '../blocks/registry.ts';
import type { PageData } from '../content/model.ts';
import type { Block } from '../generated/site.ts';
import { App } from './App.tsx';
import { BlockBody } from './BlockView.tsx';
import { IslandHtmlContext, IslandRoot } from './islands/IslandRoot.tsx';
import { pagePromise } from './pages.ts';
import { resolvePath } from './resolve.ts';
import { splitHoisted } from './hoisted.ts';

export { layout, manifest };

/**
 * Each block that moves, rendered alone on the root the browser will hydrate it on; what React hoists from it (the
 * hero's picture preload) goes to the page's head with the page's own.
 */
function renderIslands(page: PageData): { html: Map<Block, string>; hoisted: string } {
  const html = new Map<Block, string>();
  let hoisted = '';
  for (const block of page.blocks) {
    if (!isIsland(block.type)) continue;
    const split = splitHoisted(renderToString(<IslandRoot page={page}><BlockBody block={block} /></IslandRoot>));
    html.set(block, split.body);
    hoisted += split.hoisted;
  }
  return { html, hoisted };
}

/**
 * Renders one URL to HTML for prerendering; the page's content is loaded first so nothing suspends. With `islands`
 * (the production build) each block that moves is rendered on a root of its own, for the browser to hydrate alone.
 */
export async function render(url: string, { islands = false }: { islands?: boolean } = {}) {
  const route = resolvePath(manifest, new URL(url, 'http://prerender.invalid').pathname);
  if (route.kind === 'redirect') throw new Error(`${url} is a redirect to ${route.to}, not a page`);
  const page = await pagePromise(route.id);
  const rendered = islands ? renderIslands(page) : null;
  const html = renderToString(
    <StrictMode>
      <IslandHtmlContext value={rendered?.html ?? null}>
        <StaticRouter location={url}><App /></StaticRouter>
      </IslandHtmlContext>
    </StrictMode>,
  );
  // The islands' hoisted tags first: the prerender moves every leading one to the head.
  return { html: (rendered?.hoisted ?? '') + html, page };
}
