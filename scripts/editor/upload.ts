import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** What an uploaded file turned out to be, from its first bytes (never from its name or the browser's word). */
export type Kind = { type: 'jpeg' | 'png' | 'webp' | 'avif'; ext: string; picture: true } | { type: 'pdf'; ext: 'pdf'; picture: false };

export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;
export const MAX_PDF_BYTES = 20 * 1024 * 1024;

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
  const slug = stem.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60);
  return slug || 'file';
}

export type Checked =
  | { ok: true; folder: string; name: string; kind: Kind; width?: number; height?: number }
  | { ok: false; status: number; message: string };

/**
 * Checks an upload and picks where it goes: pictures under images/, PDFs under downloads/, each under a new name
 * made of safe characters and a random part, so it never replaces an existing file. A name that holds a folder
 * (a slash, a backslash, "..") is refused outright: the browser decides nothing about where files go.
 */
export async function checkUpload(originalName: string, bytes: Uint8Array): Promise<Checked> {
  if (!originalName || /[\\/]|\.\.|\0/.test(originalName)) {
    return { ok: false, status: 400, message: `"${originalName}" is not a plain file name (it names a folder). Choose the file itself.` };
  }
  if (bytes.length === 0) return { ok: false, status: 400, message: 'The file is empty. Choose another file.' };
  const kind = sniff(bytes);
  if (!kind) {
    return { ok: false, status: 415, message: `"${originalName}" is not a picture (JPEG, PNG, WebP, AVIF) or a PDF. Save it in one of those formats and choose it again.` };
  }
  const limit = kind.picture ? MAX_PICTURE_BYTES : MAX_PDF_BYTES;
  if (bytes.length > limit) {
    return { ok: false, status: 413, message: `"${originalName}" is ${(bytes.length / 1024 / 1024).toFixed(1)} MB; the most a ${kind.picture ? 'picture' : 'PDF'} may be is ${limit / 1024 / 1024} MB. Make it smaller and choose it again.` };
  }
  const name = `${safeStem(originalName)}-${randomBytes(3).toString('hex')}.${kind.ext}`;
  if (!kind.picture) return { ok: true, folder: 'downloads', name, kind };
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return { ok: true, folder: 'images', name, kind, width: meta.width, height: meta.height };
  } catch {
    return { ok: false, status: 415, message: `"${originalName}" looks like a picture but cannot be read. Save it again from a photo program and choose it again.` };
  }
}
