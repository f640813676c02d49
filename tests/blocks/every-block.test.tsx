// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { loaders } from 'virtual:site/routes';
import type { PageData } from '../../src/content/model.ts';
import { BlockView, loadBlockComponents } from '../../src/site/BlockView.tsx';
import { PageContext } from '../../src/ui/context.ts';

afterEach(cleanup);

const pages: PageData[] = await Promise.all(Object.values(loaders).map(async (load) => (await load()).default));

// The page's outline, as a screen reader lists it: a block that titles the page gives its h1, every other block's
// heading is an h2 under it. The crisis strip, above the title, is a labelled region instead of a heading.
const TITLES = new Set(['hero', 'page-header', 'status']);

/** Every block of every page of the practice (its frozen copy), one test each: it renders, shows its own words, and its heading has its place in the outline. */
const cases = pages.flatMap((page) => page.blocks.map((block, index) => ({ name: `${page.id} #${index} ${block.type}`, page, block })));

describe('every block in site.yaml renders', () => {
  it('covers every block type used by the site', () => {
    expect(new Set(cases.map((c) => c.block.type)).size).toBeGreaterThanOrEqual(12);
  });

  it.each(cases)('$name', async ({ page, block }) => {
    await loadBlockComponents([block]);
    const { container } = render(
      <MemoryRouter><PageContext value={page}><BlockView block={block} /></PageContext></MemoryRouter>,
    );
    const text = container.textContent ?? '';
    expect(text.trim().length).toBeGreaterThan(0);
    const heading = 'heading' in block && typeof block.heading === 'string' ? block.heading.replaceAll('{year}', '') : null;
    if (heading) expect(text).toContain(heading.trim());
    if (heading) {
      const own = container.querySelector('h1, h2, h3, h4, h5, h6');
      if (own) expect(own.tagName).toBe(TITLES.has(block.type) ? 'H1' : 'H2');
      else expect(container.querySelector('[role="region"]')?.getAttribute('aria-label')).toBe(heading);
    }
  });
});
