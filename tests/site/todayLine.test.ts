/**
 * The open-now line a built page draws without React (src/ui/todayLine.ts): at the turn of each minute it is drawn
 * again only when its words change, so the link a keyboard user is on (the number to call) keeps its focus. The
 * frozen content is compiled in Node; the page is a happy-dom window of this test's own.
 */
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLayout, clockLayout } from '../../src/content/model.ts';
import { showOpenNow } from '../../src/ui/todayLine.ts';
import { compiledSaltbush } from '../fixtures/saltbush.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the open-now line of a prerendered page', () => {
  it('is drawn again only when its words change, so a focused link in it stays focused', () => {
    const layout = clockLayout(browserLayout(compiledSaltbush().layout));
    const { document } = new Window();
    vi.stubGlobal('document', document);
    // 02:00 on a Wednesday in Adelaide: closed, with the emergency number to call, in the same words until 8:30.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'], now: new Date('2026-11-25T02:00:00+10:30') });
    document.body.innerHTML = '<p data-today="">Weekly hours</p>';
    showOpenNow(document as unknown as Document, layout);
    const line = document.querySelector('p')!;
    expect(line.textContent).toContain('Emergency');
    const link = line.querySelector('a')!;
    link.focus();
    vi.advanceTimersByTime(5 * 60_000);
    expect(line.querySelector('a')).toBe(link);
    expect(document.activeElement).toBe(link);
    // At 8:30 it opens: other words, drawn.
    vi.advanceTimersByTime(7 * 60 * 60_000);
    expect(line.textContent).toContain('Open now');
  });
});
