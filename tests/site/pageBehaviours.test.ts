// @vitest-environment happy-dom
/**
 * Behaviours a built page runs without React (src/site/entry-page.ts), on the prerendered HTML: the year written at
 * the build moves on, and a row of cards that scrolls sideways takes keyboard focus, named, only while it does.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceSidewaysRows } from '../../src/blocks/AlliedHealth/sideways.ts';
import { enhanceYears } from '../../src/ui/yearNow.ts';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the year of a prerendered page', () => {
  it('is the visitor\'s year, wherever WithYear wrote the build\'s', () => {
    vi.useFakeTimers({ now: new Date('2027-01-02T10:00:00') });
    document.body.innerHTML = '<p>© <span data-year="">2026</span> Practice</p><h1>Fees <span data-year="">2026</span></h1>';
    enhanceYears(document);
    expect([...document.querySelectorAll('[data-year]')].map((e) => e.textContent)).toEqual(['2027', '2027']);
    expect(document.body.textContent).toBe('© 2027 PracticeFees 2027');
  });
});

describe('a row of cards on a prerendered page', () => {
  it('takes focus, named by its heading, only while it is wider than the screen', () => {
    document.body.innerHTML = '<ul data-scroll-label="Allied health"><li>One</li></ul>';
    const row = document.querySelector('ul')!;
    let scrollWidth = 900;
    Object.defineProperty(row, 'scrollWidth', { get: () => scrollWidth });
    Object.defineProperty(row, 'clientWidth', { get: () => 375 });
    const observers: (() => void)[] = [];
    vi.stubGlobal('ResizeObserver', class { constructor(check: () => void) { observers.push(check); } observe() {} disconnect() {} });
    enhanceSidewaysRows(document);
    expect(row.getAttribute('tabindex')).toBe('0');
    expect(row.getAttribute('aria-label')).toBe('Allied health');
    scrollWidth = 375;
    observers.forEach((check) => check());
    expect(row.hasAttribute('tabindex')).toBe(false);
    expect(row.hasAttribute('aria-label')).toBe(false);
    vi.unstubAllGlobals();
  });
});
