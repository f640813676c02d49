// @vitest-environment happy-dom
/**
 * An entry whose last day has passed is hidden in the browser: by the page's start script before the app has
 * started (a page built yesterday and read today), and by the app itself on a page it draws. The script's part is
 * budgeted in bytes: every page carries it.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SCRIPT, ENDED_PART, markDayEnds } from '../../build/boot.ts';
import { Until } from '../../src/ui/Until.tsx';
import { Faq } from '../../src/blocks/Faq/Faq.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.innerHTML = '';
});

/** 23:30 on 1 January UTC is 10:00 on 2 January in Adelaide. */
const SECOND_JANUARY_IN_ADELAIDE = new Date('2027-01-01T23:30:00Z');

describe('the start script\'s part that hides ended entries', () => {
  /** The entries left shown at `now`, on a page the build marked (markDayEnds) for `zone`. */
  const shownAt = (now: Date, html: string, zone: string | undefined) => {
    vi.useFakeTimers({ toFake: ['Date'], now });
    document.body.innerHTML = markDayEnds(html, zone);
    new Function(`(${ENDED_PART})()`)();
    return [...document.querySelectorAll('p')].filter((p) => p.style.display !== 'none').map((p) => p.textContent);
  };
  const page = '<p data-until="2027-01-01">Closed 25 December to 1 January</p><p data-until="2027-01-02">Today</p><p>Always</p>';

  it('hides, by the practice\'s day, an entry whose last day has passed, and keeps one ending today', () => {
    expect(shownAt(SECOND_JANUARY_IN_ADELAIDE, page, 'Australia/Adelaide')).toEqual(['Today', 'Always']);
  });

  it('hides it at the practice\'s midnight to the minute, not UTC\'s nor the visitor\'s', () => {
    expect(shownAt(new Date('2027-01-01T13:29:59Z'), page, 'Australia/Adelaide')).toEqual(['Closed 25 December to 1 January', 'Today', 'Always']);
    expect(shownAt(new Date('2027-01-01T13:30:00Z'), page, 'Australia/Adelaide')).toEqual(['Today', 'Always']);
    expect(markDayEnds(page, 'Australia/Adelaide')).toContain(`data-until="2027-01-01" data-ends="${Date.parse('2027-01-01T13:30:00Z')}"`);
  });

  it('without a time zone, hides it at the visitor\'s own midnight', () => {
    expect(markDayEnds(page, undefined)).toBe(page);
    expect(shownAt(new Date(2027, 0, 1, 23, 59, 59), page, undefined)).toEqual(['Closed 25 December to 1 January', 'Today', 'Always']);
    expect(shownAt(new Date(2027, 0, 2, 0, 0, 0), page, undefined)).toEqual(['Today', 'Always']);
  });

  it('is in the start script, and small: every page carries it', () => {
    expect(BOOT_SCRIPT).toContain(ENDED_PART);
    expect(new TextEncoder().encode(ENDED_PART).length).toBeLessThanOrEqual(220);
    // A phone's first date in a named time zone costs it tens of milliseconds before the first paint.
    expect(BOOT_SCRIPT).not.toMatch(/toLocale|Intl|timeZone/);
  });
});

describe('Until, around an entry the app draws', () => {
  it('hides its entry once its last day has passed by the practice\'s clock, and leaves others alone', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: SECOND_JANUARY_IN_ADELAIDE });
    const { container } = render(<>
      <Until until="2027-01-01" zone="Australia/Adelaide"><p>Ended</p></Until>
      <Until until="2027-01-02" zone="Australia/Adelaide"><p>Current</p></Until>
    </>);
    const wrappers = [...container.querySelectorAll<HTMLElement>('[data-until]')];
    expect(wrappers.map((w) => w.style.display)).toEqual(['none', '']);
  });
});

describe('a dated FAQ entry', () => {
  it('is hidden the day after its last day, and the others stay', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: SECOND_JANUARY_IN_ADELAIDE });
    const { container } = render(<Faq block={{ type: 'faq', singleOpen: true, items: [
      { question: 'Are you open over Christmas?', answer: '<p>No.</p>', until: '2027-01-01' },
      { question: 'Do you bulk bill?', answer: '<p>Yes.</p>' },
    ] }} />);
    const shown = [...container.querySelectorAll('details')].filter((d) => d.closest<HTMLElement>('[data-until]')?.style.display !== 'none');
    expect(shown.map((d) => d.querySelector('summary')?.textContent)).toEqual(['Do you bulk bill?']);
  });
});
