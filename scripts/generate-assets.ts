/**
 * Makes the site's pictures from code kept here, since nothing can be downloaded on the build machines:
 * five hero scenes (build/hero-scenes.ts: WebP, three widths each) and the logo. Same input, same files: run it
 * after changing a scene.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { scenes } from '../build/hero-scenes.ts';

const root = join(import.meta.dirname, '..', 'public', 'images');
const WIDTHS = [640, 1280];

const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="31" fill="#0b5563"/>
  <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill="#fff"/>
  <path d="M8 44c6-4 10-4 16 0s10 4 16 0 10-4 16 0v6c-6-4-10-4-16 0s-10 4-16 0-10-4-16 0z" fill="#7fc4cf"/>
</svg>
`;

mkdirSync(join(root, 'hero'), { recursive: true });
for (const scene of scenes) {
  const image = sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080" viewBox="0 0 1920 1080">${scene.svg}</svg>`));
  // Flat colour keeps its edges at this quality; the hero's dark veil hides what little blur is left.
  const webp = { quality: 70, effort: 6 };
  await image.clone().webp(webp).toFile(join(root, 'hero', `${scene.name}.webp`));
  for (const width of WIDTHS) {
    await image.clone().resize(width).webp(webp).toFile(join(root, 'hero', `${scene.name}-${width}.webp`));
  }
}
writeFileSync(join(root, 'logo.svg'), logo);
console.log(`Wrote ${scenes.length} hero scenes (${WIDTHS.length + 1} sizes each), and the logo under public/ (favicon.ico and the touch icon are made from the logo at build time).`);
