import { createContext, StrictMode, use, useEffect, type ReactNode } from 'react';
import type { Block } from '../../generated/site.ts';
import type { PageData } from '../../content/model.ts';
import { PageContext } from '../../ui/context.ts';

/**
 * The prerendered HTML of each block that moves on the page, each rendered alone on a root of its own, as the
 * browser will hydrate it: React numbers its ids (useId) by the place in the tree, so an island rendered inside the
 * whole page would not match its own root. Given by the prerender only; the dev server and the editor's preview
 * render every block in place.
 */
export const IslandHtmlContext = createContext<ReadonlyMap<Block, string> | null>(null);

/** What an island's root holds around its block, the same on the server and in the browser. */
export function IslandRoot({ page, onHydrated, children }: { page: PageData; onHydrated?: () => void; children: ReactNode }) {
  return (
    <StrictMode>
      <PageContext value={page}>
        {children}
        {onHydrated && <Hydrated then={onHydrated} />}
      </PageContext>
    </StrictMode>
  );
}

/** Draws nothing: tells the page when the island's hydration has been committed. */
function Hydrated({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/** The element that holds an island's HTML, with the block the browser hydrates it with. */
export function IslandShell({ block, html }: { block: Block; html: string }) {
  return <div className="island" data-island={block.type} data-block={JSON.stringify(block)} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function useIslandHtml(block: Block): string | undefined {
  return use(IslandHtmlContext)?.get(block);
}

