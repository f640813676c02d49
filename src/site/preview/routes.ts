import type { PageData, RouteManifest } from '../../content/model.ts';
import { NOT_FOUND_ID } from '../../content/model.ts';

/**
 * `virtual:site/routes` in the editor's preview (build/previewPlugin.ts): the routes of the version shown,
 * replaced with each new version. The site's modules read `manifest` when they render, and an ES module's export is
 * a live binding, so they see the new one.
 */
export let manifest: RouteManifest = { pages: [], aliases: [], prefixRedirects: [], profilePaths: {}, notFoundId: NOT_FOUND_ID };

/** Never called: every page of a version is handed over before it renders (showSite). */
export const loaders: Record<string, () => Promise<{ default: PageData }>> = {};

export const contentVersion = 0;

export function showRoutes(next: RouteManifest) {
  manifest = next;
}
