// No React here: the page's script of behaviours runs this on the prerendered page.

/** Calls `onChange` with whether the element scrolls sideways (its content is wider than it is), now and as it changes. */
export function watchScrollsSideways(element: HTMLElement, onChange: (scrolls: boolean) => void): () => void {
  const check = () => onChange(element.scrollWidth > element.clientWidth + 1);
  check();
  const observer = new ResizeObserver(check);
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * On the prerendered page: each row that says so (data-scroll-label, its name) takes keyboard focus, named, while it
 * scrolls sideways.
 */
export function enhanceSidewaysRows(doc: Document): void {
  for (const row of doc.querySelectorAll<HTMLElement>('[data-scroll-label]')) {
    watchScrollsSideways(row, (scrolls) => {
      if (scrolls) {
        row.tabIndex = 0;
        row.setAttribute('aria-label', row.dataset.scrollLabel ?? '');
      } else {
        row.removeAttribute('tabindex');
        row.removeAttribute('aria-label');
      }
    });
  }
}
