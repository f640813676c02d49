// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Faq } from '../../src/blocks/Faq/Faq.tsx';
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
