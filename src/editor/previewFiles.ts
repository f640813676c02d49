import { editorCatalogue } from '../content/errors.ts';
import { UPLOAD_ADDRESS } from '../content/uploadAddress.ts';
import { api, ApiError } from './api.ts';

/**
 * Files of the site opened from the preview (a link to a PDF), each in a tab of its own. The preview is drawn from the
 * draft, and so may name an upload that the website has only once it is published and built: the editor reads its
 * bytes with the person's sign-in, as it does the draft's pictures (draftPictures.ts), and the tab shows them. A file
 * the draft does not hold is the website's, and the tab opens its address.
 */

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', pdf: 'application/pdf' };

/** The type an upload's address says it is (its bytes were checked to be one), or undefined for an address no upload can have. */
export function uploadType(address: string): string | undefined {
  const match = UPLOAD_ADDRESS.exec(address);
  return match ? TYPES[match[1] ?? match[2] ?? ''] : undefined;
}

/** The website's own address for a path the preview sent, or undefined for anything that is not a plain path of it. */
export function siteAddress(address: string, origin: string): string | undefined {
  if (!address.startsWith('/') || address.startsWith('//')) return undefined;
  try {
    const url = new URL(address, origin);
    return url.origin === origin && url.pathname === address ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The draft's uploads opened in this visit, by address, as blob: addresses of their bytes: an upload's address names
 * exactly one file (its random part), so a second click opens the same bytes without reading them again.
 */
const opened = new Map<string, Promise<string | undefined>>();

/**
 * An upload's bytes as an address a tab can open, or undefined when the draft does not hold it (published since: the
 * website has it). Typed by the address, never by what came back: a blob: address is of the editor's own origin, and
 * only a PDF or a picture, whose bytes the server checked to be one, may be opened there.
 */
function draftAddress(address: string, type: string): Promise<string | undefined> {
  let made = opened.get(address);
  if (!made) {
    made = api.draftFile(address).then(
      (blob) => URL.createObjectURL(new Blob([blob], { type })),
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return undefined;
        throw error;
      },
    );
    opened.set(address, made);
    // A failure (signed out, no connection) is asked again on the next click.
    made.catch(() => opened.delete(address));
  }
  return made;
}

/**
 * Opens a file of the site that the preview asked for (`address`: '/downloads/form-abc123.pdf') in a new tab. The tab
 * is opened at once, while the click that asked still lets a page open one; its address follows when the bytes are
 * here. Does nothing for an address that is not a path of the website.
 */
export function openFromPreview(address: string): void {
  const site = siteAddress(address, window.location.origin);
  if (!site) return;
  const type = uploadType(address);
  if (!type) {
    window.open(site, '_blank', 'noopener');
    return;
  }
  const tab = window.open('', '_blank');
  if (!tab) return;
  // The tab is the reader's, not the editor's: nothing it loads may reach back into this page.
  tab.opener = null;
  tab.document.title = editorCatalogue.PreviewFileOpening();
  tab.document.body.textContent = editorCatalogue.PreviewFileOpening();
  draftAddress(address, type).then(
    (draft) => tab.location.replace(draft ?? site),
    (error: unknown) => {
      if (tab.closed) return;
      tab.document.title = editorCatalogue.PreviewFileNotOpened('');
      tab.document.body.textContent = editorCatalogue.PreviewFileNotOpened(error instanceof Error ? error.message : '');
    },
  );
}

/** Whether a message is the preview page's request to open a file (src/site/preview/Preview.tsx, PreviewOpen). */
export function openRequest(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const { type, address } = data as { type?: unknown; address?: unknown };
  return type === 'preview:open' && typeof address === 'string' ? address : undefined;
}
