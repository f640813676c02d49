import type { ContentStore } from './contentStore.ts';
import { HttpError } from './request.ts';
import { sniff, storedUploadProblem, UPLOAD_PATH, type Kind } from './upload.ts';

/**
 * A file of a person's draft read back by them: on Supabase and under `npm start` an upload waits in the database
 * until it is published, and the website has it only after the next build, so the form's thumbnail and the preview
 * read its bytes here, with the same sign-in as every other request.
 */
export class FileAnswer {
  /** `name`: the file's name on the site ('x-abc123.pdf'), made by the editor of safe characters only (UPLOAD_PATH). */
  constructor(readonly bytes: Uint8Array<ArrayBuffer>, readonly type: string, readonly name: string) {}
}

const TYPES: Record<Kind['type'], string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif', pdf: 'application/pdf' };

export const NOT_IN_DRAFT = 'That file is not among the files of your draft (it may have been published already). Reload the page to see it as the website has it.';

/**
 * `address`: the upload's address on the site ('/images/x-abc123.jpg'). Only an upload's path is ever looked up, and
 * only bytes that are what the name says are given back (as at Publish): the store reads the person's own draft only.
 */
export async function draftFile(store: ContentStore, address: string): Promise<FileAnswer> {
  const path = `public${address}`;
  const bytes = UPLOAD_PATH.test(path) ? await store.draftFile?.(path) : undefined;
  const kind = bytes && sniff(bytes);
  if (!bytes || !kind || storedUploadProblem(path, bytes)) throw new HttpError(404, NOT_IN_DRAFT);
  return new FileAnswer(new Uint8Array(bytes), TYPES[kind.type], path.slice(path.lastIndexOf('/') + 1));
}

/**
 * The headers of a draft file's answer: never kept by a cache (it is one person's, and may go), never sniffed as
 * anything else, and never a document that could run on the function's address even if one were opened there. A PDF
 * is read in a tab of its own (the preview opens it, src/editor/previewFiles.ts), so it says so, with its name for
 * the viewer's Save; a picture is only ever drawn from its bytes.
 */
export function fileHeaders(file: FileAnswer): Record<string, string> {
  return {
    'content-type': file.type,
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'content-disposition': file.type === 'application/pdf' ? `inline; filename="${file.name}"` : 'attachment',
  };
}
