import { createElement, type ReactElement } from 'react';
import type { Block } from '../generated/site.ts';
import { registry, type BlockMap } from '../blocks/registry.ts';
import { useLayout } from '../ui/context.ts';
import { Until } from '../ui/Until.tsx';
import { IslandShell, useIslandHtml } from './islands/IslandRoot.tsx';

const renderers = new Map<string, (block: Block) => ReactElement>();
const loading = new Map<string, Promise<void>>();

function isType<K extends keyof BlockMap>(block: Block, type: K): block is BlockMap[K] {
  return block.type === type;
}

async function loadOne<K extends keyof BlockMap>(type: K): Promise<void> {
  const load: (typeof registry)[K] | undefined = registry[type];
  if (!load) throw new Error(`No component for block type "${String(type)}"`);
  const Component = await load();
  renderers.set(type, (block) => {
    if (!isType(block, type)) throw new Error(`Block "${block.type}" sent to the "${String(type)}" component`);
    return createElement(Component, { block });
  });
}

/** Loads the components of these blocks (once each); a page renders only after its blocks are loaded. */
export function loadBlockComponents(blocks: Block[]): Promise<unknown> {
  return Promise.all([...new Set(blocks.map((b) => b.type))].map((type) => {
    let promise = loading.get(type);
    if (!promise) {
      promise = loadOne(type);
      loading.set(type, promise);
    }
    return promise;
  }));
}

/** The block's own component. */
export function BlockBody({ block }: { block: Block }) {
  const render = renderers.get(block.type);
  // Pages load their block components before rendering; a missing one is a defect, never skipped silently.
  if (!render) throw new Error(`Block component "${block.type}" was rendered before it was loaded`);
  return render(block);
}

export function BlockView({ block }: { block: Block }) {
  const zone = useLayout().hours.clock?.zone;
  const islandHtml = useIslandHtml(block);
  // A block with a last day (a notice, say) is hidden once it has passed, on a page built before.
  return <Until until={block.until} zone={zone}>{islandHtml === undefined ? <BlockBody block={block} /> : <IslandShell block={block} html={islandHtml} />}</Until>;
}
