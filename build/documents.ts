/**
 * The downloads the build makes from the practice's texts (documents/ beside site.yaml), so a changed phone number
 * or checklist can never leave a stale file behind:
 *
 * - documents/<name>.md  -> /downloads/<name>.pdf (pdfDocument.ts)
 * - documents/images/<name>.svg -> /downloads/<name>.webp (+ <name>-480.webp for phones)
 * - documents/people/<name>.<svg|jpg|png|webp> -> /people/<name>.avif and .webp in three sizes (build/people.ts)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import sharp from 'sharp';
import { parse } from 'yaml';
import type { MadeFile } from '../src/content/madeFiles.ts';
import { madeFiles } from '../src/content/siteFiles.ts';
import { portraitBytes, unusedPortraits } from './people.ts';
import { renderPdf, type PracticeDetails } from './pdfDocument.ts';

export type { PracticeDetails } from './pdfDocument.ts';

/** The header details, read from the site file (only a few fields, so it works while the file has other errors). */
export function practiceDetails(siteFile: string): PracticeDetails {
  const data = parse(readFileSync(siteFile, 'utf8')) as {
    site?: { name?: string; url?: string };
    contact?: { phone?: string; areaCode?: string; address?: { street?: string; suburb?: string; state?: string; postcode?: string } };
  };
  const name = data.site?.name;
  if (!name) throw new Error(`${relative(process.cwd(), siteFile)}: site.name is missing; the PDF header needs it.`);
  const a = data.contact?.address;
  const phone = data.contact?.phone && (data.contact.areaCode ? `(${data.contact.areaCode}) ${data.contact.phone}` : data.contact.phone);
  return {
    name,
    phone,
    address: a ? `${a.street}, ${a.suburb} ${a.state} ${a.postcode}` : undefined,
    website: data.site?.url?.replace(/^https?:\/\//, '').replace(/\/$/, ''),
  };
}

/** SVG illustration to WebP, full size and 480 px wide. */
export async function renderImage(svg: Buffer): Promise<{ full: Buffer; small: Buffer; width: number; height: number }> {
  const image = sharp(svg);
  const { width = 0, height = 0 } = await image.metadata();
  const full = await image.clone().webp({ quality: 82, effort: 6 }).toBuffer();
  const small = await image.clone().resize(480).webp({ quality: 80, effort: 6 }).toBuffer();
  return { full, small, width, height };
}

/** The bytes of one made file. */
export async function renderMadeFile(file: MadeFile, practice: PracticeDetails, root = process.cwd()): Promise<Uint8Array> {
  if (file.kind === 'pdf') return renderPdf(readFileSync(file.source, 'utf8'), practice, relative(root, file.source));
  if (file.kind === 'portrait') return portraitBytes(file, root);
  const { full, small } = await renderImage(readFileSync(file.source));
  return file.kind === 'picture' ? full : small;
}

/** Writes every made file of a site into a built site's folder (dist/); returns how many. */
export async function writeMadeFiles(siteFile: string, outDir: string): Promise<number> {
  const files = madeFiles(siteFile);
  if (!files.length) return 0;
  const practice = practiceDetails(siteFile);
  for (const warning of unusedPortraits(siteFile)) console.warn(warning);
  for (const file of files) {
    const target = join(outDir, file.href);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, await renderMadeFile(file, practice, dirname(siteFile)));
  }
  return files.length;
}
