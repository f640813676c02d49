/**
 * The editor asks the preview to show the block staff are editing: a message from the editor (the frame's parent)
 * names the block by its place on the page (`#main`'s children are the page's blocks, in order) or its anchor. The
 * page scrolls it into view unless it is in view already (without a smooth scroll when motion is unwelcome) and
 * outlines it for a second after the last message. A block not drawn yet (the page still loading) is waited for.
 */
export const SHOW_BLOCK = `(() => {
  let wanted = null;
  let waiting = null;
  let unmark = 0;
  const blockOf = (w) => {
    const main = document.getElementById('main');
    const anchored = w.anchor ? document.getElementById(w.anchor) : null;
    const el = anchored && main && main.contains(anchored) ? anchored : main ? main.children[w.index] : null;
    if (!el || !main) return null;
    return el.parentElement === main ? el : el.closest('#main > *');
  };
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && (r.bottom <= innerHeight || r.top < innerHeight / 3);
  };
  const show = () => {
    const el = blockOf(wanted);
    if (!el) return false;
    // Blocks below the fold are laid out only near the screen, at a guessed height: laid out now, the block lands
    // where it is scrolled to.
    for (let e = el; e; e = e.previousElementSibling) e.style.contentVisibility = 'visible';
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!inView(el)) {
      el.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
      setTimeout(() => { if (!inView(el)) el.scrollIntoView({ block: 'start' }); }, smooth ? 900 : 50);
    }
    el.style.outline = '3px solid #c2410c';
    el.style.outlineOffset = '-3px';
    clearTimeout(unmark);
    unmark = setTimeout(() => { el.style.outline = ''; el.style.outlineOffset = ''; }, 1200);
    return true;
  };
  addEventListener('message', (event) => {
    const data = event.data;
    if (event.source !== parent || !data || data.type !== 'editor:show-block' || typeof data.index !== 'number') return;
    wanted = { index: data.index, anchor: typeof data.anchor === 'string' ? data.anchor : '' };
    if (waiting) waiting.disconnect();
    waiting = null;
    if (show()) return;
    waiting = new MutationObserver(() => { if (show()) { waiting.disconnect(); waiting = null; } });
    waiting.observe(document, { childList: true, subtree: true });
    setTimeout(() => { if (waiting) { waiting.disconnect(); waiting = null; } }, 10000);
  });
})();`;
