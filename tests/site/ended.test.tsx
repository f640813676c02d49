// @vitest-environment happy-dom
/**
 * An entry whose last day has passed is hidden in the browser: by the page's start script before the app has
 * started (a page built yesterday and read today), and by the app itself on a page it draws. The script's part is
 * budgeted in bytes: every page carries it.
 */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SCRIPT, ENDED_PART, bootTag } from '../../scripts/server/boot.ts';
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
  it('hides, by the practice\'s day, an entry whose last day has passed, and keeps one ending today', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: SECOND_JANUARY_IN_ADELAIDE });
    document.body.innerHTML = '<p data-until="2027-01-01">Closed 25 December to 1 January</p><p data-until="2027-01-02">Today</p><p>Always</p>';
    const script = document.createElement('script');
    script.dataset.zone = 'Australia/Adelaide';
    new Function('s', `(${ENDED_PART})(s)`)(script);
    const shown = [...document.querySelectorAll('p')].filter((p) => p.style.display !== 'none').map((p) => p.textContent);
    expect(shown).toEqual(['Today', 'Always']);
  });

  it('is in the start script, and small: every page carries it', () => {
    expect(BOOT_SCRIPT).toContain(ENDED_PART);
    expect(new TextEncoder().encode(ENDED_PART).length).toBeLessThanOrEqual(220);
    expect(bootTag('/a.js', [], { zone: 'Australia/Adelaide' })).toContain('data-zone="Australia/Adelaide"');
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
