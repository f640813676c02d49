import { islands, isIsland, type BlockMap, type IslandRule, type IslandType } from '../../blocks/registry.ts';
import type { PageData } from '../../content/model.ts';
import type { Block } from '../../generated/site.ts';
import { ISLAND_SELECTOR, PAGE_DATA_ID } from './pageData.ts';

// A pointer coming over it (a mouse, before its click), a press, a key, focus coming in.
const TOUCH = ['pointerover', 'pointerdown', 'keydown', 'focusin'] as const;

/** How far ahead of the screen an island that wakes `near` starts to load: half a screen. */
const NEAR = '50% 0px';

/**
 * Wakes each island of the page by its rule (registry.ts): only then is its code, and React with it, fetched and
 * the island hydrated on its own root. A page with none loads nothing more.
 */
export function wakeIslands(doc: Document): void {
  const shells = doc.querySelectorAll<HTMLElement>(ISLAND_SELECTOR);
  if (!shells.length) return;
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) throw new Error(`The page has islands but no #${PAGE_DATA_ID} element with their page's data`);
  const page = JSON.parse(text) as PageData;
  for (const shell of shells) {
    const type = shell.dataset.island ?? '';
    if (!isIsland(type)) throw new Error(`"${type}" is not a block that moves (registry.ts islands)`);
    // The prerender wrote it from the page's own block.
    watch(shell, type, JSON.parse(shell.dataset.block ?? 'null') as BlockMap[typeof type], page);
  }
}

function watch<K extends IslandType>(shell: HTMLElement, type: K, block: BlockMap[K], page: PageData) {
  const rule: IslandRule<BlockMap[K]> = islands[type];
  const stops: (() => void)[] = [];
  let held: HTMLElement | null = null;
  let hydrated = false;
  // A press on one of its buttons while the island wakes is kept, and given to it once it is hydrated.
  const hold = (event: Event) => {
    if (hydrated) return;
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    held = button;
  };
  shell.addEventListener('click', hold, { capture: true });
  // A choice made meanwhile is kept too: hydration sets a controlled choice back to what the prerender drew.
  const chosen = new Map<string, HTMLInputElement>();
  const choose = (event: Event) => {
    const input = event.target;
    if (!hydrated && input instanceof HTMLInputElement && input.type === 'radio' && input.checked) chosen.set(input.name, input);
  };
  shell.addEventListener('change', choose, { capture: true });
  let woken = false;
  const wake = () => {
    if (woken) return;
    woken = true;
    for (const stop of stops) stop();
    void awaken(shell, block, page).then(() => {
      hydrated = true;
      shell.dataset.hydrated = '';
      shell.removeEventListener('click', hold, { capture: true });
      shell.removeEventListener('change', choose, { capture: true });
      for (const input of chosen.values()) if (!input.checked) input.click();
      held?.click();
    }, (error: unknown) => console.error(`The ${type} block could not start:`, error));
  };
  for (const name of TOUCH) {
    shell.addEventListener(name, wake, { capture: true, passive: true });
    stops.push(() => shell.removeEventListener(name, wake, { capture: true }));
  }
  if (rule.near) {
    // The shell lays out nothing of its own (display: contents): its block's element is what comes into view.
    const observer = new IntersectionObserver((entries) => { if (entries.some((e) => e.isIntersecting)) wake(); }, { rootMargin: NEAR });
    observer.observe(shell.firstElementChild ?? shell);
    stops.push(() => observer.disconnect());
  }
  const after = rule.afterMs?.(block) ?? null;
  if (after !== null) {
    const timer = setTimeout(wake, after);
    stops.push(() => clearTimeout(timer));
  }
  const params = new URLSearchParams(location.search);
  if (rule.query?.some((name) => params.has(name))) wake();
}

async function awaken(shell: HTMLElement, block: Block, page: PageData): Promise<void> {
  const { hydrateIsland } = await import('./hydrate.tsx');
  await hydrateIsland(shell, block, page);
}
