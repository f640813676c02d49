import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, Link } from 'react-router-dom';
import { PageLinkContext, type PageLinkProps } from '../ui/SmartLink.tsx';
import { manifest } from 'virtual:site/routes';
import '../styles/global.scss';
import { App } from './App.tsx';
import { followContent } from './hotContent.ts';
import { markStarted, pagePromise } from './pages.ts';
import { resolvePath } from './resolve.ts';

/** Where the whole app runs (the dev server), a link to a page shows it in place. */
function RouterLink({ href, ...rest }: PageLinkProps) {
  return <Link to={href} {...rest} />;
}

async function start() {
  const route = resolvePath(manifest, window.location.pathname);
  if (route.kind === 'redirect') {
    window.location.replace(route.to + window.location.search + window.location.hash);
    return;
  }
  // Load this page's content before hydrating, so the first render matches the prerendered HTML.
  await pagePromise(route.id);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const app = (version = 0) => <StrictMode><BrowserRouter><PageLinkContext value={RouterLink}><App key={version} /></PageLinkContext></BrowserRouter></StrictMode>;
  // In dev the root holds only a comment, so hasChildNodes() would lie: look for an element.
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread in one
  // long task: a tap or a scroll meanwhile is answered at once.
  if (root.firstElementChild) startTransition(() => { hydrateRoot(root, app()); });
  else {
    const created = createRoot(root);
    created.render(app());
    // New content remounts the app, so every block starts again from it (a carousel from its new slides).
    let version = 0;
    if (import.meta.hot) followContent(import.meta.hot, () => created.render(app(++version)));
  }
  markStarted();
}

void start();
