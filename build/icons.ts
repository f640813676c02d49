import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { LayoutData } from '../src/content/model.ts';

/** A .ico file holding one PNG (every browser since 2010 reads PNG inside ICO). */
function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

/** favicon.ico and apple-touch-icon.png made from the logo named in site.yaml (unless public/ has its own). */
export async function writeIcons(outDir: string, layout: LayoutData): Promise<void> {
  const logo = join(outDir, layout.site.logo.src);
  if (!existsSync(logo)) throw new Error(`The logo ${layout.site.logo.src} named in site.yaml is not in public/.`);
  if (!existsSync(join(outDir, 'favicon.ico'))) {
    const png = await sharp(logo, { density: 300 }).resize(32, 32, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
    writeFileSync(join(outDir, 'favicon.ico'), icoFromPng(png, 32));
  }
  if (!existsSync(join(outDir, 'apple-touch-icon.png'))) {
    // iOS shows transparency as black: the touch icon sits on white, with a little room around the logo.
    await sharp(logo, { density: 300 }).resize(148, 148, { fit: 'contain', background: '#ffffff' })
      .extend({ top: 16, bottom: 16, left: 16, right: 16, background: '#ffffff' }).flatten({ background: '#ffffff' })
      .png().toFile(join(outDir, 'apple-touch-icon.png'));
  }
}
