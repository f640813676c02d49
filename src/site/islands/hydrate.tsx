import { hydrateRoot } from 'react-dom/client';
import type { PageData } from '../../content/model.ts';
import type { Block } from '../../generated/site.ts';
import { BlockBody, loadBlockComponents } from '../BlockView.tsx';
import { IslandRoot } from './IslandRoot.tsx';

/**
 * Hydrates one island on its own root with its block and the page's data, as the prerender rendered it; resolves
 * once React has committed it, so a press that woke it can be given to it again.
 */
export async function hydrateIsland(element: HTMLElement, block: Block, page: PageData): Promise<void> {
  await loadBlockComponents([block]);
  await new Promise<void>((hydrated) => {
    hydrateRoot(element, <IslandRoot page={page} onHydrated={hydrated}><BlockBody block={block} /></IslandRoot>);
  });
}
