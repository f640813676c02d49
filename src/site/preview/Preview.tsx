import { useEffect, useRef } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { isRouterPath } from '../../ui/SmartLink.tsx';
import { App } from '../App.tsx';

/** Goes to the page the editor asks for, when it asks for another one; until then the page shown is the reader's. */
function FollowEditor({ path }: { path: string }) {
  const navigate = useNavigate();
  const asked = useRef(path);
  useEffect(() => {
    if (asked.current === path) return;
    asked.current = path;
    void navigate(path);
  }, [path, navigate]);
  return null;
}

/**
 * Links written in the content (markdown, drawn as plain anchors) would load the published page into the frame;
 * a page of the site opens in the preview instead, and files and other addresses do nothing. Links to other sites
 * open their own tab, as on the site, and the router's links have already been handled.
 */
function LinksStayInPreview() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link || event.defaultPrevented || link.target === '_blank' || link.getAttribute('href')?.startsWith('#')) return;
      event.preventDefault();
      const url = new URL(link.href);
      if (url.origin === window.location.origin && isRouterPath(url.pathname)) void navigate(url.pathname + url.search + url.hash);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return null;
}

/**
 * The site's own app on a compiled site held in memory (its routes, layout and pages handed over by showSite): the
 * page at `path` as a patient would see it. A new version remounts the app, as the dev server's new content does.
 */
export function Preview({ path, version }: { path: string; version: number }) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <FollowEditor path={path} />
      <LinksStayInPreview />
      <App key={version} />
    </MemoryRouter>
  );
}
