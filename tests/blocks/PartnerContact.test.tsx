// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PartnerContact } from '../../src/blocks/PartnerContact/PartnerContact.tsx';
import type { PageData } from '../../src/content/model.ts';
import { PageContext } from '../../src/ui/context.ts';
import { pageWithIcons } from './pageWithIcons.ts';

afterEach(cleanup);

describe('partner-contact', () => {
  const partner = {
    id: 'other-clinic', name: 'Other Clinic', phone: '8123 4567', email: 'desk@other.example', website: 'https://other.example/clinic',
    address: { street: '1 Main Road', suburb: 'Elsewhere', state: 'SA' as const, postcode: '5000' },
  };
  const page: PageData = pageWithIcons('partner-contact', { entities: { partners: { 'other-clinic': partner } } });

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
