// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Downloads, fileKind } from '../../src/blocks/Downloads/Downloads.tsx';
import { Faq } from '../../src/blocks/Faq/Faq.tsx';
import { LinkList } from '../../src/blocks/LinkList/LinkList.tsx';
import { PartnerContact } from '../../src/blocks/PartnerContact/PartnerContact.tsx';
import type { PageData } from '../../src/content/model.ts';
import { PageContext } from '../../src/ui/context.ts';
import type { FaqBlock } from '../../src/generated/site.ts';

afterEach(cleanup);

const faq = (singleOpen: boolean): FaqBlock => ({
  type: 'faq', heading: 'Questions', singleOpen,
  items: ['One', 'Two', 'Three'].map((q) => ({ question: `${q}?`, answer: `<p>Answer ${q}</p>` })),
});

/** Opens or closes a <details> and fires the toggle event a browser would. */
async function setOpen(details: HTMLDetailsElement, open: boolean) {
  await act(async () => {
    details.open = open;
    details.dispatchEvent(new Event('toggle'));
  });
}

describe('faq', () => {
  it('gives single-open items one shared name, so the browser keeps one open', () => {
    const { container } = render(<Faq block={faq(true)} />);
    const names = [...container.querySelectorAll('details')].map((d) => d.getAttribute('name'));
    expect(names).toHaveLength(3);
    expect(names[0]).toBeTruthy();
    expect(new Set(names).size).toBe(1);
    const other = render(<Faq block={faq(true)} />).container.querySelector('details')?.getAttribute('name');
    expect(other).not.toBe(names[0]);
  });

  it('closes the other answers itself where the browser does not know `name`', async () => {
    const { container } = render(<Faq block={faq(true)} />);
    const items = [...container.querySelectorAll('details')];
    await setOpen(items[0], true);
    await setOpen(items[2], true);
    expect(items.map((d) => d.open)).toEqual([false, false, true]);
    await setOpen(items[2], false);
    expect(items.map((d) => d.open)).toEqual([false, false, false]);
  });

  it('lets any number stay open without singleOpen, with no shared name', async () => {
    const { container } = render(<Faq block={faq(false)} />);
    const items = [...container.querySelectorAll('details')];
    expect(items.every((d) => !d.hasAttribute('name'))).toBe(true);
    await setOpen(items[0], true);
    await setOpen(items[1], true);
    expect(items.map((d) => d.open)).toEqual([true, true, false]);
    expect(container.textContent).toContain('Answer Two');
  });
});

describe('downloads and link lists', () => {
  it('shows each file with its kind, and says when it opens in a new tab', () => {
    const { container } = render(
      <MemoryRouter>
        <Downloads block={{ type: 'downloads', heading: 'Forms', newTabLabel: '(new tab)', items: [
          { title: 'Consent form', href: '/downloads/consent.pdf', newTab: true, description: 'Sign before your visit.' },
          { title: 'Map', href: '/downloads/map.webp' },
        ] }} />
      </MemoryRouter>,
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

  it('lists links with their descriptions', () => {
    const { container } = render(
      <MemoryRouter>
        <LinkList block={{ type: 'link-list', heading: 'Useful links', items: [
          { title: 'Call us', href: 'tel:131114', description: 'Any time.' },
          { title: 'Website', href: 'https://example.org', newTab: true },
        ] }} />
      </MemoryRouter>,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Useful links');
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Call usAny time.', 'Website']);
    expect(container.querySelector('a[href="https://example.org"]')?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('partner-contact', () => {
  const partner = {
    id: 'other-clinic', name: 'Other Clinic', phone: '8123 4567', email: 'desk@other.example', website: 'https://other.example/clinic',
    address: { street: '1 Main Road', suburb: 'Elsewhere', state: 'SA' as const, postcode: '5000' },
  };
  const page: PageData = { id: 'p', path: '/p', title: 'P', description: 'P', blocks: [], entities: { partners: { 'other-clinic': partner } }, icons: {} };

  it('shows the partner from entities.partners, with a call link, e-mail and a website that opens in a new tab', () => {
    const { container } = render(
      <MemoryRouter>
        <PageContext value={page}>
          <PartnerContact block={{ type: 'partner-contact', partner: 'other-clinic', callLabel: 'Call to book', phoneLabel: 'Phone', emailLabel: 'Email', websiteLabel: 'Website', addressLabel: 'Address', newTabLabel: '(new tab)', buttons: [{ label: 'Contact Us', href: '/appointments' }] }} />
        </PageContext>
      </MemoryRouter>,
    );
    expect(container.querySelector('h2')?.textContent).toBe('Other Clinic');
    const calls = [...container.querySelectorAll('a[href^="tel:"]')];
    expect(calls.map((a) => a.getAttribute('href'))).toEqual(['tel:+61881234567', 'tel:+61881234567']);
    expect(calls[0].textContent).toBe('Call to book 8123 4567');
    expect(container.querySelector('a[href="mailto:desk@other.example"]')?.textContent).toBe('desk@other.example');
    const site = container.querySelector('a[href="https://other.example/clinic"]');
    expect([site?.getAttribute('target'), site?.getAttribute('rel'), site?.textContent]).toEqual(['_blank', 'noopener noreferrer', 'other.example/clinic (new tab)']);
    expect(container.querySelector('address')?.textContent).toBe('1 Main RoadElsewhere SA 5000');
    expect(container.querySelector('a[href="/appointments"]')?.textContent).toBe('Contact Us');
  });
});
