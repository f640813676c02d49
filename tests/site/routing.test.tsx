// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loaders } from 'virtual:site/routes';
import { App } from '../../src/site/App.tsx';
import { pagePromise } from '../../src/site/pages.ts';
import { limit } from '../../bench/machineSpeed.ts';

// Page chunks and block components load on demand; load them all first so each test measures routing only.
beforeAll(async () => {
  await Promise.all(Object.keys(loaders).map((id) => pagePromise(id)));
}, limit(60_000));


function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(<MemoryRouter initialEntries={[path]}><App /><Where /></MemoryRouter>);
}

afterEach(cleanup);
const wait = { timeout: limit(5000) };

describe('focus on the first load', () => {
  // After a followed link the focus moves to the new content: asserted in Chromium (tests/e2e/router.test.ts).
  it('stays where it is, even with every effect run twice as in development (StrictMode)', async () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    outside.focus();
    try {
      render(<StrictMode><MemoryRouter initialEntries={['/doctors']}><App /></MemoryRouter></StrictMode>);
      await screen.findByRole('heading', { level: 1 }, wait);
      await new Promise((done) => setTimeout(done, 50));
      expect(document.activeElement).toBe(outside);
    } finally {
      outside.remove();
    }
  });
});

describe('routing in the app', () => {
  it('renders a page from site.yaml at its path', async () => {
    renderAt('/doctors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Staff' }, wait)).toBeTruthy();
  });

  it('redirects an alias to its canonical page', async () => {
    renderAt('/services/gynaecology-services');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/services/gynaecology'), wait);
    expect(await screen.findByRole('heading', { level: 1, name: 'Gynaecology' }, wait)).toBeTruthy();
  });

  it('redirects an unknown doctor to /doctors', async () => {
    renderAt('/doctors/dr-who');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/doctors'), wait);
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Staff' }, wait)).toBeTruthy();
  });

  it('shows a doctor who is not listed on the staff page at their own address', async () => {
    renderAt('/doctors/dr-laura-bennett');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr Laura Bennett' }, wait)).toBeTruthy();
  });

  it('shows the not-found page for an unknown path and logs the path', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/definitely/not/here');
    expect(await screen.findByText('Oops! Page not found', {}, wait)).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('/definitely/not/here')), wait);
    warn.mockRestore();
  });
});
