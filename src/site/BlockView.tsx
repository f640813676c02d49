import { createElement, type FunctionComponent } from 'react';
import type { Block } from '../generated/site.ts';
import { registry, type BlockMap } from '../blocks/registry.ts';

function renderBlock<K extends keyof BlockMap>(type: K, block: BlockMap[K]) {
  const Component: FunctionComponent<{ block: BlockMap[K] }> = registry[type];
  // Content is validated before it gets here; a type without a component is a build defect, never hidden.
  if (!Component) throw new Error(`No component for block type "${String(type)}"`);
  return createElement(Component, { block });
}

export function BlockView({ block }: { block: Block }) {
  return renderBlock(block.type, block);
}
