import { UPLOAD_ADDRESS } from '../../src/content/uploadAddress.ts';
import { imageSize } from 'image-size';
import { avifSize } from './avifSize.ts';

/**
 * Uploads into a draft: what a file is (from its bytes, never from its name or the browser's word), where it goes,
 * and the same checks again at Publish on the bytes about to be committed. No native code and no Node module: the
 * same checks run in the site-editor function.
 */

/** What an uploaded file turned out to be, from its first bytes. */
export type Kind = { type: 'jpeg' | 'png' | 'webp' | 'avif'; ext: string; picture: true } | { type: 'pdf'; ext: 'pdf'; picture: false };

export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
export const MAX_PDF_BYTES = 20 * 1024 * 1024;
/**
 * The most pixels on a picture's long side. A page shows a picture at most about 2,000 px wide on the largest screens;
 * a 16,000 x 16,000 PNG of 249 KB decodes to about 1 GB in a visitor's browser.
 */
export const MAX_PICTURE_SIDE = 6000;

/**
 * The only paths an upload can have: its address on the site (UPLOAD_ADDRESS) under public/. The database holds the
 * same rule (supabase/migrations, editor_draft_files_path_upload): no page, script or service worker can be a draft's file.
 */
export const UPLOAD_PATH = new RegExp(`^public${UPLOAD_ADDRESS.source.slice(1)}`);

const starts = (bytes: Uint8Array, at: number, text: string) => [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

export function sniff(bytes: Uint8Array): Kind | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: 'jpeg', ext: 'jpg', picture: true };
  if (bytes[0] === 0x89 && starts(bytes, 1, 'PNG\r\n\x1a\n')) return { type: 'png', ext: 'png', picture: true };
  if (starts(bytes, 0, 'RIFF') && starts(bytes, 8, 'WEBP')) return { type: 'webp', ext: 'webp', picture: true };
  if (starts(bytes, 4, 'ftypavif')) return { type: 'avif', ext: 'avif', picture: true };
  if (starts(bytes, 0, '%PDF-')) return { type: 'pdf', ext: 'pdf', picture: false };
  return undefined;
}

/** 'Dr Jane Citizen (2).JPG' -> 'dr-jane-citizen-2': lower case words joined by hyphens, nothing else. */
export function safeStem(name: string): string {
  const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const slug = stem.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').slice(0, 60).replace(/^-+|-+$/g, '');
  return slug || 'file';
}

const randomHex = (bytes: number) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

export type Checked =
  | { ok: true; folder: string; name: string; kind: Kind; width?: number; height?: number }
  | { ok: false; status: number; message: string };

type Refusal = Extract<Checked, { ok: false }>;

/**
 * The picture's size from its header, or undefined when it cannot be read as a picture. An AVIF says its size in
 * several places, and a browser decodes at the primary item's: `avifSize` reads them all.
 */
function pixels(kind: Kind, bytes: Uint8Array): { width: number; height: number } | undefined {
  if (kind.type === 'avif') return avifSize(bytes);
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/** What is wrong with a file of this kind and these bytes, in words, or undefined when nothing is. */
function refusal(label: string, kind: Kind, bytes: Uint8Array): Refusal | { width?: number; height?: number } {
  const limit = kind.picture ? MAX_PICTURE_BYTES : MAX_PDF_BYTES;
  if (bytes.length > limit) {
    return { ok: false, status: 413, message: `"${label}" is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the most a ${kind.picture ? 'picture' : 'PDF'} may be is ${limit / 1024 / 1024} MB. Make it smaller and choose it again.` };
  }
  if (!kind.picture) return {};
  const size = pixels(kind, bytes);
  if (!size) return { ok: false, status: 415, message: `"${label}" looks like a picture but cannot be read. Save it again from a photo program and choose it again.` };
  if (Math.max(size.width, size.height) > MAX_PICTURE_SIDE) {
    return { ok: false, status: 413, message: `"${label}" is ${size.width} × ${size.height} pixels; a picture may be at most ${MAX_PICTURE_SIDE} pixels on its longer side. Make it smaller in a photo program and choose it again.` };
  }
  return size;
}

/**
 * Checks an upload and picks where it goes: pictures under images/, PDFs under downloads/, each under a new name
 * made of safe characters and a random part, so it never replaces an existing file. A name that holds a folder
 * (a slash, a backslash, "..") is refused outright: the browser decides nothing about where files go.
 */
export function checkUpload(originalName: string, bytes: Uint8Array): Checked {
  if (!originalName || /[\\/]|\.\.|\0/.test(originalName)) {
    return { ok: false, status: 400, message: `"${originalName}" is not a plain file name (it names a folder). Choose the file itself.` };
  }
  if (bytes.length === 0) return { ok: false, status: 400, message: 'The file is empty. Choose another file.' };
  const kind = sniff(bytes);
  if (!kind) {
    return { ok: false, status: 415, message: `"${originalName}" is not a picture (JPEG, PNG, WebP, AVIF) or a PDF. Save it in one of those formats and choose it again.` };
  }
  const checked = refusal(originalName, kind, bytes);
  if ('ok' in checked) return checked;
  const name = `${safeStem(originalName)}-${randomHex(3)}.${kind.ext}`;
  return { ok: true, folder: kind.picture ? 'images' : 'downloads', name, kind, ...checked };
}

/**
 * A draft's file checked again as Publish is about to commit it: its path has an upload's shape, and its bytes are
 * what its extension says, within the limits. Returns why not, or undefined when it may be committed.
 */
export function storedUploadProblem(path: string, bytes: Uint8Array): string | undefined {
  const shape = UPLOAD_PATH.exec(path);
  if (!shape) return `${path} is not where the editor puts an upload.`;
  const kind = sniff(bytes);
  const ext = shape[1] ?? 'pdf';
  if (!kind || kind.ext !== ext) return `${path} does not hold what its name says.`;
  const checked = refusal(path, kind, bytes);
  return 'ok' in checked ? checked.message : undefined;
}
