import type { ClockLayout } from '../content/model.ts';
import { openStatus } from '../content/openNow.ts';
import { lineFacts, openNowLine, type LinePart } from './openNowLine.ts';

function nodeOf(part: LinePart): Node {
  if (typeof part === 'string') return document.createTextNode(part);
  const element = document.createElement(part.href ? 'a' : 'span');
  if (part.href) element.setAttribute('href', part.href);
  element.textContent = part.text;
  return element;
}

/**
 * The open-now line of a prerendered page (each element TodayHours.tsx marked data-today), by the practice's clock,
 * again at the turn of every minute: what the app's TodayHours does, with no React. Until a line can be drawn the
 * element keeps what the build wrote (the weekly hours, or nothing). The phone's call bar (data-call-bar, the site's
 * CallBar.tsx) is told the same state each time, so the number it offers never disagrees with the line.
 */
export function showOpenNow(doc: Document, layout: ClockLayout): void {
  const lines = [...doc.querySelectorAll<HTMLElement>('[data-today]')];
  const bar = doc.querySelector<HTMLElement>('[data-call-bar]');
  const { hours } = layout;
  const { clock, today } = hours;
  if (!clock || !(bar || (lines.length && today))) return;
  const facts = today && lineFacts(layout, today, clock);
  let drawn = '';
  const look = () => {
    const now = Date.now();
    const status = openStatus(hours.regular, hours.afterHours, clock, new Date(now));
    if (bar) bar.dataset.callBar = status.state;
    const parts = facts ? openNowLine(status, facts) : [];
    // Drawn again only when its words change: a link in it that has the keyboard's focus (the number to call) stays.
    const words = JSON.stringify(parts);
    if (parts.length && words !== drawn) for (const line of lines) line.replaceChildren(...parts.map(nodeOf));
    drawn = words;
    // A phone that slept with the page open runs an overdue timer as soon as it wakes.
    setTimeout(look, 60_000 - (now % 60_000));
  };
  look();
}
