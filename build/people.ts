/**
 * Pictures of people (documents/people/<name>.<svg|jpg|png|webp>) made into the sizes and formats the site offers:
 * AVIF and WebP, the full picture at most PORTRAIT_WIDTH wide and copies PORTRAIT_WIDTHS wide (src/content/siteFiles.ts
 * lists them). Photos are turned upright from their camera data and lose that data (place, camera, date) on the way.
 *
 * Encoding AVIF is slow (about half a second a copy on one core), so each result is kept in node_modules/.cache,
 * named by the source's bytes and the settings: a build re-encodes only pictures that changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { PEOPLE_SOURCES, PORTRAIT_WIDTH, PORTRAIT_WIDTHS, type MadeFile } from '../src/content/madeFiles.ts';
import { documentsDirFor, madeFiles } from '../src/content/siteFiles.ts';

/** Quality chosen by eye on the sample portraits: line art stays crisp, a card's picture weighs a few KB. */
const SETTINGS = { webp: { quality: 62, effort: 6 }, avif: { quality: 45, effort: 3 } } as const;
const CACHE_DIR = join(import.meta.dirname, '..', 'node_modules', '.cache', 'people-pictures');
/** Narrower than this, a card's picture would be blown up and blurred. */
const MIN_WIDTH = PORTRAIT_WIDTHS[0];

/** A picture that cannot be used, said in words for the member of staff who put it there. */
export class PictureError extends Error {}

async function decode(bytes: Buffer, file: string): Promise<Sharp> {
  const unreadable = () => new PictureError(`${file}: this picture could not be opened. It may be damaged, or not really `
    + 'a JPEG, PNG, WebP or SVG picture. Open it in a picture program, save it again as .jpg or .png, and build again.');
  let width: number | undefined;
  try {
    ({ width } = await sharp(bytes).metadata());
  } catch {
    throw unreadable();
  }
  if (!width) throw unreadable();
  // A drawing (SVG) is drawn at the size it needs rather than blown up from the size it declares.
  const svg = file.toLowerCase().endsWith('.svg');
  const image = sharp(bytes, svg && width < PORTRAIT_WIDTH ? { density: Math.ceil((72 * PORTRAIT_WIDTH) / width) } : {});
  if (!svg && width < MIN_WIDTH) {
    throw new PictureError(`${file}: this picture is only ${width} pixels wide, so it would look blurred. Use one at least 640 pixels wide.`);
  }
  return image.rotate();
}

/** One size and format of one person's picture. `file` names the source in error messages. */
export async function renderPortrait(bytes: Buffer, format: 'avif' | 'webp', width: number | undefined, file: string): Promise<Buffer> {
  const image = await decode(bytes, file);
  const resized = image.resize({ width: width ?? PORTRAIT_WIDTH, withoutEnlargement: true });
  try {
    return await (format === 'avif' ? resized.avif(SETTINGS.avif) : resized.webp(SETTINGS.webp)).toBuffer();
  } catch {
    throw new PictureError(`${file}: this picture could not be converted. Save it again as .jpg or .png and build again.`);
  }
}

/** As renderPortrait, kept in the cache so that an unchanged picture is never encoded twice. */
export async function portraitBytes(made: MadeFile, root: string): Promise<Buffer> {
  const format = made.href.endsWith('.avif') ? 'avif' : 'webp';
  const bytes = readFileSync(made.source);
  const key = createHash('sha256').update(bytes).update(JSON.stringify([SETTINGS[format], made.width, PORTRAIT_WIDTH])).digest('hex');
  const cached = join(CACHE_DIR, `${key}.${format}`);
  if (existsSync(cached)) return readFileSync(cached);
  const out = await renderPortrait(bytes, format, made.width, relative(root, made.source));
  mkdirSync(dirname(cached), { recursive: true });
  writeFileSync(cached, out);
  return out;
}

/**
 * Pictures in documents/people/ the site does not use because another has the same name (dr-amelia-hart.jpg beside
 * dr-amelia-hart.png: the first in alphabetical order is used), as warnings in plain words.
 */
export function unusedPortraits(siteFile: string): string[] {
  const dir = join(documentsDirFor(siteFile), 'people');
  if (!existsSync(dir)) return [];
  const used = new Set(madeFiles(siteFile).filter((f) => f.kind === 'portrait').map((f) => f.source));
  return readdirSync(dir).filter((f) => PEOPLE_SOURCES.some((ext) => f.toLowerCase().endsWith(ext)) && !used.has(join(dir, f)))
    .map((f) => `documents/people/${f} is not used: another picture in that folder has the same name. Remove one of them.`);
}
