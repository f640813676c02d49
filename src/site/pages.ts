import { loaders } from 'virtual:site/routes';
import type { PageData } from '../content/model.ts';
import { loadBlockComponents } from './BlockView.tsx';

const cache = new Map<string, Promise<PageData>>();

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
    });
    promise = tracked;
    cache.set(id, promise);
  }
  return promise;
}
