// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserRouter, Link, MemoryRouter, Navigate, resolveTo, StaticRouter, useLocation, useNavigate, useSearchParams } from '../../src/site/router.tsx';

afterEach(cleanup);

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="where">{pathname + search + hash}</output>;
}
const where = () => screen.getByTestId('where').textContent;

describe('resolveTo', () => {
  const from = { pathname: '/services/fees', search: '?a=1', hash: '#x' };
  it('resolves absolute, relative, query-only and hash-only targets as a browser does', () => {
    expect(resolveTo('/doctors', from)).toEqual({ pathname: '/doctors', search: '', hash: '' });
    expect(resolveTo('/doctors?x=2#top', from)).toEqual({ pathname: '/doctors', search: '?x=2', hash: '#top' });
    expect(resolveTo('blue-book', from)).toEqual({ pathname: '/services/blue-book', search: '', hash: '' });
    expect(resolveTo('?category=womens', from)).toEqual({ pathname: '/services/fees', search: '?category=womens', hash: '' });
    expect(resolveTo('#faq', from)).toEqual({ pathname: '/services/fees', search: '?a=1', hash: '#faq' });
    expect(resolveTo({ search: '?b=2' }, from)).toEqual({ pathname: '/services/fees', search: '?b=2', hash: '' });
  });
});

describe('BrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/start'));

  it('a plain click on a Link changes the address and the location without reloading', async () => {
    render(<BrowserRouter><Link to="/fees?x=1">Fees</Link><Where /></BrowserRouter>);
    expect(where()).toBe('/start');
    const link = screen.getByRole('link', { name: 'Fees' });
    expect(link.getAttribute('href')).toBe('/fees?x=1');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    await act(async () => { link.dispatchEvent(click); });
    expect(click.defaultPrevented).toBe(true);
    expect(window.location.pathname + window.location.search).toBe('/fees?x=1');
    expect(where()).toBe('/fees?x=1');
  });

  it('leaves modified clicks, new-tab links and downloads to the browser', async () => {
    render(
      <BrowserRouter>
        <Link to="/a">A</Link><Link to="/b" target="_blank">B</Link><Link to="/c" download>C</Link><Where />
      </BrowserRouter>,
    );
    // After the router has seen each click, note whether it took it, then stop the test browser from following it.
    const taken: boolean[] = [];
    const record = (event: Event) => { taken.push(event.defaultPrevented); event.preventDefault(); };
    window.addEventListener('click', record);
    try {
      for (const [name, init] of [['A', { ctrlKey: true }], ['A', { metaKey: true }], ['A', { shiftKey: true }], ['B', {}], ['C', {}]] as const) {
        await act(async () => { screen.getByRole('link', { name }).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init })); });
      }
    } finally {
      window.removeEventListener('click', record);
    }
    expect(taken).toEqual([false, false, false, false, false]);
    expect(where()).toBe('/start');
  });

  it('follows the back button (popstate)', async () => {
    render(<BrowserRouter><Link to="/next">Next</Link><Where /></BrowserRouter>);
    await act(async () => { fireEvent.click(screen.getByRole('link', { name: 'Next' })); });
    expect(where()).toBe('/next');
    await act(async () => {
      window.history.replaceState(null, '', '/start');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('/start');
  });

  it('runs the caller\'s onClick first, and respects its preventDefault', async () => {
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(<BrowserRouter><Link to="/elsewhere" onClick={onClick}>Go</Link><Where /></BrowserRouter>);
    await act(async () => { fireEvent.click(screen.getByRole('link', { name: 'Go' })); });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(where()).toBe('/start');
  });
});

describe('MemoryRouter, Navigate and hooks', () => {
  it('Navigate replaces the current entry', async () => {
    function Back() {
      const navigate = useNavigate();
      return <button type="button" onClick={() => navigate(-1)}>Back</button>;
    }
    render(
      <MemoryRouter initialEntries={['/first', '/old']}>
        <Where /><Back />
        {useLocationGate('/old', <Navigate to="/new" replace />)}
      </MemoryRouter>,
    );
    expect(await screen.findByText('/new')).toBeTruthy();
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Back' })); });
    expect(where()).toBe('/first');
  });

  it('useSearchParams reads the query and writes a new one on the same path', async () => {
    function Filter() {
      const [params, setParams] = useSearchParams();
      return <button type="button" onClick={() => setParams({ category: 'womens-health' })}>{params.get('category') ?? 'all'}</button>;
    }
    render(<MemoryRouter initialEntries={['/services?category=mens']}><Filter /><Where /></MemoryRouter>);
    expect(screen.getByRole('button').textContent).toBe('mens');
    await act(async () => { fireEvent.click(screen.getByRole('button')); });
    expect(screen.getByRole('button').textContent).toBe('womens-health');
    expect(where()).toBe('/services?category=womens-health');
  });

  it('a hook outside any router says so plainly', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Where />)).toThrow(/outside the router/);
    vi.mocked(console.error).mockRestore();
  });
});

describe('StaticRouter', () => {
  it('renders the given URL on the server, links as plain hrefs', () => {
    const html = renderToString(<StaticRouter location="/fees?x=1#top"><Where /><Link to="/doctors" className="c">Doctors</Link></StaticRouter>);
    expect(html).toContain('/fees?x=1#top');
    expect(html).toContain('<a class="c" href="/doctors">Doctors</a>');
  });
});

/** Renders `element` only while the location is `path` (a one-route table for the Navigate test). */
function useLocationGate(path: string, element: React.ReactElement) {
  function Gate() {
    return useLocation().pathname === path ? element : null;
  }
  return <Gate />;
}
