import type { RouteManifest } from '../content/model.ts';
import { normalisePath } from '../content/paths.ts';

export type Resolution =
  | { kind: 'page'; id: string; path: string }
  | { kind: 'redirect'; to: string; permanent: boolean }
  | { kind: 'not-found'; id: string };

/** What a path shows: a page, a redirect (alias or unknown doctor), or the not-found page. Shared by browser and server. */
export function resolvePath(manifest: RouteManifest, pathname: string): Resolution {
  let path: string;
  try {
    path = normalisePath(decodeURI(pathname));
  } catch {
    return { kind: 'not-found', id: manifest.notFoundId };
  }
  const page = manifest.pages.find((p) => p.path === path);
  if (page) return { kind: 'page', id: page.id, path: page.path };
  const alias = manifest.aliases.find((a) => a.from === path);
  if (alias) return { kind: 'redirect', to: alias.to, permanent: true };
  const prefix = manifest.prefixRedirects.find((r) => path.startsWith(r.prefix) && !path.slice(r.prefix.length).includes('/'));
  if (prefix) return { kind: 'redirect', to: prefix.to, permanent: false };
  return { kind: 'not-found', id: manifest.notFoundId };
}
