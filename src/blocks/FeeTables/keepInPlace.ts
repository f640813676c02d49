/**
 * Opening a group closes the one open above it, which would pull the tapped heading up, often off the screen; the
 * page scrolls by as much, so the heading stays under the finger. Blocks brought on screen by that scroll are laid
 * out only then (content-visibility) and may move it again: it is put back for a few frames. Without scripts the
 * browser's own behaviour stays. No React: the page's script of behaviours runs it on the prerendered page.
 */
export function keepInPlace(summary: HTMLElement): void {
  const before = summary.getBoundingClientRect().top;
  // The browser's own scroll anchoring would move the page too, by a different amount: off meanwhile.
  const root = document.documentElement.style;
  root.overflowAnchor = 'none';
  let frames = 4;
  const putBack = () => {
    const drift = summary.getBoundingClientRect().top - before;
    if (Math.abs(drift) >= 1) window.scrollBy({ top: drift, behavior: 'instant' });
    if (--frames > 0) requestAnimationFrame(putBack);
    else root.overflowAnchor = '';
  };
  requestAnimationFrame(putBack);
}

/** Each group's heading keeps its place as it is pressed, on the prerendered page. */
export function enhanceFeeGroups(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const summary = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-keep-in-place]') : null;
    if (summary) keepInPlace(summary);
  });
}
