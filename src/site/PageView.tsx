import { use, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Reveal } from '../ui/Reveal.tsx';
import { useCurrentYear } from '../ui/year.tsx';
import { BlockView } from './BlockView.tsx';
import { documentTitle } from '../content/titles.ts';
import { PageContext, useLayout } from '../ui/context.ts';
import { pagePromise } from './pages.ts';
import { notFoundMessage } from './notFound.ts';

function setMeta(selector: string, attribute: string, value: string) {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

export function PageView({ id, notFound = false }: { id: string; notFound?: boolean }) {
  const page = use(pagePromise(id));
  const { pathname } = useLocation();
  const year = useCurrentYear();
  const { site } = useLayout();

  useEffect(() => {
    if (notFound) console.warn(notFoundMessage(pathname));
  }, [notFound, pathname]);

  // The prerendered <head> is right for the first page; after client-side navigation, keep it in step.
  useEffect(() => {
    const title = documentTitle(page.title, site, year);
    if (document.title !== title) document.title = title;
    setMeta('meta[name="description"]', 'content', page.description);
  }, [page, site, year]);

  return (
    <PageContext value={page}>
      {page.blocks.map((block, index) => (
        <Reveal key={`${page.id}-${index}`}><BlockView block={block} /></Reveal>
      ))}
    </PageContext>
  );
}
