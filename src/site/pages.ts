import { loaders } from 'virtual:site/routes';
import type { PageData } from '../content/model.ts';
import { loadBlockComponents } from './BlockView.tsx';

const cache = new Map<string, Promise<PageData>>();
let started = false;

/** Called once the app runs in the browser: from then on a page that fails to load falls back to a full load. */
export function markStarted() {
  started = true;
}

/** A page's content as a promise React's use() reads at once: it carries its status and value. */
function settled(data: PageData): Promise<PageData> {
  return Object.assign(Promise.resolve(data), { status: 'fulfilled', value: data });
}

/** In development, a saved site.yaml replaces a page's content (with any block component it now needs). */
export async function replacePage(id: string, data: PageData): Promise<void> {
  await loadBlockComponents(data.blocks);
  cache.set(id, settled(data));
}

/** Each page's content is its own chunk; this loads it and its block components once, and keeps them. */
export function pagePromise(id: string): Promise<PageData> {
  let promise = cache.get(id);
  if (!promise) {
    const load = loaders[id];
    if (!load) throw new Error(`No page with id "${id}"`);
    // React's use() reads a settled promise at once when it carries status and value, so a page loaded before
    // hydration renders without suspending.
    const tracked: Promise<PageData> = load().then(async (module) => {
      await loadBlockComponents(module.default.blocks);
      Object.assign(tracked, { status: 'fulfilled', value: module.default });
      return module.default;
    }, (error: unknown) => {
      cache.delete(id);
      // A chunk that cannot be fetched (the site was redeployed, or the connection dropped) must not leave a dead
      // page: load the address as a normal page instead, keeping the current page on screen meanwhile.
      if (!started) throw error;
      console.error(error);
      window.location.reload();
      return new Promise<PageData>(() => {});
    });
    promise = tracked;
    cache.set(id, promise);
  }
  return promise;
}
