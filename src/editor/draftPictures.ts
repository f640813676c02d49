import { createContext, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from './api.ts';
import type { Json } from './yaml/json.ts';

/**
 * Pictures uploaded into a draft, shown by the editor from their bytes. The hosted editor (and `npm start`) keeps an
 * upload in the database until it is published, and the website serves it only once it has been built again, so
 * their addresses answer "not found" meanwhile: the form's thumbnail and the preview show them as data: addresses
 * instead (the admin's policy allows data: pictures, and a sandboxed preview with no origin can draw them, where a
 * blob: address belongs to the editor's origin alone). Kept for the whole visit: after a publish the website still
 * needs its next build.
 */
export type DraftPictures = Record<string, string>;

/** The picture kinds an upload can be, by the ending the editor gives its name. */
const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };
const typeOf = (address: string): string | undefined => TYPES[/\.([a-z]+)$/.exec(address)?.[1] ?? ''];

/** Shown while a picture's bytes are on their way (a transparent pixel): nothing asks the site for an address it lacks. */
export const ON_ITS_WAY = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * How the editor shows a picture of the draft: its bytes, the empty pixel while they come, or undefined for one the
 * website has. A React context rather than part of the form's context: the form library compares that context's
 * functions as equal, so a thumbnail drawn before its bytes came would stay empty.
 */
export type PictureOf = (src: string) => string | undefined;
export const DraftPicturesContext = createContext<PictureOf>(() => undefined);

function dataAddress(blob: Blob, type: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read.'));
    // The type the upload's name says (its bytes were checked to match it), never what the browser guessed.
    reader.readAsDataURL(new Blob([blob], { type }));
  });
}

/** Whether any text of the content is exactly this address. */
function mentions(value: Json, address: string): boolean {
  if (typeof value === 'string') return value === address;
  if (Array.isArray(value)) return value.some((item) => mentions(item, address));
  return value !== null && typeof value === 'object' && Object.values(value).some((item) => mentions(item, address));
}

/**
 * `listed`: the draft's uploads as the backend lists them (none for `npm run edit`, whose uploads are on this
 * computer's disk and served by its preview server); those the content names are read once. `keep` takes an upload's
 * bytes that are here already (just chosen by staff).
 */
export function useDraftPictures(doc: Json | null) {
  const [pictures, setPictures] = useState<DraftPictures>({});
  const [uploads, listed] = useState<readonly string[]>([]);
  const asked = useRef(new Set<string>());
  /** Whether the picture is now shown from its bytes; never throws: an upload that was stored is not undone by this. */
  const keep = useCallback(async (address: string, blob: Blob): Promise<boolean> => {
    const type = typeOf(address);
    if (!type) return false;
    asked.current.add(address);
    const shown = await dataAddress(blob, type).catch(() => undefined);
    if (shown) setPictures((before) => ({ ...before, [address]: shown }));
    return shown !== undefined;
  }, []);
  useEffect(() => {
    if (doc === null) return;
    for (const address of uploads.filter((a) => !asked.current.has(a) && typeOf(a) && mentions(doc, a))) {
      asked.current.add(address);
      setPictures((before) => ({ ...before, [address]: ON_ITS_WAY }));
      // Published meanwhile, or not readable: the address itself is shown, as the website has it.
      const forget = () => setPictures(({ [address]: _gone, ...rest }) => rest);
      api.draftFile(address).then((blob) => keep(address, blob)).then((shown) => { if (!shown) forget(); }, forget);
    }
  }, [doc, uploads, keep]);
  // An upload listed and not read yet is on its way from the first render on, before the effect above asks for it.
  const picture = useMemo<PictureOf>(() => (src) => pictures[src] ?? (uploads.includes(src) && !asked.current.has(src) && typeOf(src) ? ON_ITS_WAY : undefined), [pictures, uploads]);
  return { pictures, picture, keep, listed };
}
