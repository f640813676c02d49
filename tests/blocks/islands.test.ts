import { describe, expect, it } from 'vitest';
import { islands, islandsOf } from '../../src/blocks/registry.ts';
import { blockFacts } from '../../src/content/schema.ts';

describe('the blocks that move (islands)', () => {
  it('are the carousel, the service filter, the feedback form and the hero, each a block type the schema has', () => {
    expect(Object.keys(islands).sort()).toEqual(['doctor-carousel', 'feedback-form', 'hero', 'service-directory']);
    for (const type of Object.keys(islands)) expect(blockFacts().types).toContain(type);
  });

  it('are named once per page, in the order they first appear, and a page of static blocks has none', () => {
    const blocks = [{ type: 'page-header' }, { type: 'hero' }, { type: 'faq' }, { type: 'hero' }, { type: 'feedback-form' }];
    expect(islandsOf(blocks)).toEqual(['hero', 'feedback-form']);
    expect(islandsOf([{ type: 'page-header' }, { type: 'faq' }, { type: 'fee-tables' }])).toEqual([]);
  });
});
