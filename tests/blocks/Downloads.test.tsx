// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Downloads, fileKind } from '../../src/blocks/Downloads/Downloads.tsx';
import { LinkList } from '../../src/blocks/LinkList/LinkList.tsx';
import { PageContext } from '../../src/ui/context.ts';
import { pageWithIcons } from './pageWithIcons.ts';

afterEach(cleanup);

describe('downloads and link lists', () => {
  it('shows each file with its kind, and says when it opens in a new tab', () => {
    const { container } = render(
      <MemoryRouter><PageContext value={pageWithIcons('downloads')}>
        <Downloads block={{ type: 'downloads', heading: 'Forms', newTabLabel: '(new tab)', items: [
          { title: 'Consent form', href: '/downloads/consent.pdf', newTab: true, description: 'Sign before your visit.' },
          { title: 'Map', href: '/downloads/map.webp' },
        ] }} />
      </PageContext></MemoryRouter>,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      ['/downloads/consent.pdf', '_blank', 'noopener noreferrer'], ['/downloads/map.webp', null, null],
    ]);
    expect(links[0].textContent).toBe('Consent form (PDF) (new tab)');
    expect(links[1].textContent).toBe('Map (WEBP)');
    expect(fileKind('/a/b.pdf?x=1')).toBe('PDF');
    expect(fileKind('/appointments')).toBeNull();
  });

  it('lists links with their descriptions; a new-tab link without its block words says so in the site words (ui.newTab)', () => {
    const { container } = render(
      <MemoryRouter>
        <LinkList block={{ type: 'link-list', heading: 'Useful links', items: [
          { title: 'Call us', href: 'tel:131114', description: 'Any time.' },
          { title: 'Website', href: 'https://example.org', newTab: true },
        ] }} />
      </MemoryRouter>,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Useful links');
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Call usAny time.', 'Website (opens in a new tab)']);
    expect(container.querySelector('a[href="https://example.org"]')?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
