import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import layout from 'virtual:site/head';
import { manifest } from 'virtual:site/routes';
import { App } from './App.tsx';
import { pagePromise } from './pages.ts';
import { resolvePath } from './resolve.ts';

export { layout, manifest };

/** Renders one URL to HTML for prerendering; the page's content is loaded first so nothing suspends. */
export async function render(url: string) {
  const route = resolvePath(manifest, new URL(url, 'http://prerender.invalid').pathname);
  if (route.kind === 'redirect') throw new Error(`${url} is a redirect to ${route.to}, not a page`);
  const page = await pagePromise(route.id);
  const html = renderToString(<StrictMode><StaticRouter location={url}><App /></StaticRouter></StrictMode>);
  return { html, page };
}

