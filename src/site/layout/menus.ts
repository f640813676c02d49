/**
 * A <details> menu opens and closes by click or keyboard with no script; this closes it on Escape (focus back on its
 * summary) and on a click outside it. No React: the page's script of behaviours runs it on the prerendered menus,
 * and the app's menus run it from an effect.
 */
export function closeMenuWhenLeft(details: HTMLDetailsElement): () => void {
  const close = (event: Event) => {
    if (!details.open) return;
    if (event instanceof KeyboardEvent) {
      if (event.key !== 'Escape') return;
      details.open = false;
      details.querySelector('summary')?.focus();
    } else if (!(event.target instanceof Node && details.contains(event.target))) {
      details.open = false;
    }
  };
  document.addEventListener('keydown', close);
  document.addEventListener('click', close);
  return () => {
    document.removeEventListener('keydown', close);
    document.removeEventListener('click', close);
  };
}

/** The menus of the page, marked by their components. */
export const MENU_SELECTOR = 'details[data-menu]';

/**
 * Each menu of a prerendered page closes when left; and a page brought back by the browser's Back button (from its
 * cache, as it was) shows its menus closed, as a menu whose link was followed should be.
 */
export function enhanceMenus(doc: Document): void {
  const menus = [...doc.querySelectorAll<HTMLDetailsElement>(MENU_SELECTOR)];
  for (const menu of menus) closeMenuWhenLeft(menu);
  addEventListener('pageshow', (event) => {
    if (event.persisted) for (const menu of menus) menu.open = false;
  });
}
