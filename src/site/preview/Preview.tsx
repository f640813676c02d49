import { useEffect, useRef } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { isRouterPath } from '../../ui/SmartLink.tsx';
import { App } from '../App.tsx';

/**
 * The editor's origin, which is the site's. This page is the document of a sandboxed frame (src/editor/PreviewFrame.tsx)
 * and has no origin of its own (its own is 'null'), but its addresses are read against the editor's page.
 */
export const EDITOR_ORIGIN = new URL(document.baseURI).origin;

/**
 * Every picture of this document is asked for with CORS. It has no origin, so to the site a plain request for a
 * picture comes from elsewhere, and the site's Cross-Origin-Resource-Policy refuses it; a CORS request is answered
 * (build/headers.ts, sharedFileHeaders). Set as each picture is made, before React gives it an address, so
 * the site's components stay as they are (and not a byte heavier).
 */
export function askPicturesWithCors(doc: Document): void {
  const make = doc.createElement.bind(doc);
  doc.createElement = ((tagName: string, options?: ElementCreationOptions) => {
    const element = make(tagName, options);
    if (element instanceof HTMLImageElement) element.crossOrigin = 'anonymous';
    return element;
  }) as Document['createElement'];
}

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
 * What this page asks the editor: to open a file of the site in a tab of its own. A file of the draft (a PDF just
 * uploaded) is not on the website until it is published, and only the editor, with the person's sign-in, can read it.
 */
export interface PreviewOpen { type: 'preview:open'; address: string }

/**
 * Links written in the content (markdown, drawn as plain anchors) would load the published page into the frame;
 * a page of the site opens in the preview instead, and a file of the site (a PDF, whether or not it opens a new tab
 * on the site) is opened by the editor in a tab of its own, since it may be an upload of the draft. Links to other
 * sites open their own tab, as on the site; other addresses (tel:, mailto:) do nothing here. The router's links have
 * already been handled.
 */
function LinksStayInPreview() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a') : null;
      if (!link || event.defaultPrevented || link.getAttribute('href')?.startsWith('#')) return;
      const url = new URL(link.href);
      const file = url.origin === EDITOR_ORIGIN && !isRouterPath(url.pathname);
      if (link.target === '_blank' && !file) return;
      event.preventDefault();
      if (file) window.parent.postMessage({ type: 'preview:open', address: url.pathname } satisfies PreviewOpen, EDITOR_ORIGIN);
      else if (url.origin === EDITOR_ORIGIN) void navigate(url.pathname + url.search + url.hash);
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
