/**
 * Makes the site's pictures from code kept here, since nothing can be downloaded on the build machines:
 * five hero scenes (WebP, three widths each) and the logo. Same input, same files: run it after changing a scene.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const root = join(import.meta.dirname, '..', 'public', 'images');
const W = 1920;
const H = 1080;
const WIDTHS = [640, 1280];

interface Scene { name: string; sky: [string, string]; sun: [number, number, number, string]; layers: { color: string; base: number; amp: number; waves: number; phase: number }[] }

const scenes: Scene[] = [
  { name: 'coast-morning', sky: ['#f7d9b5', '#8cc7d6'], sun: [1450, 330, 110, '#fff3d6'], layers: [
    { color: '#5aa6b8', base: 640, amp: 22, waves: 3, phase: 0 }, { color: '#2f7d8f', base: 720, amp: 18, waves: 5, phase: 1 },
    { color: '#e9d3ae', base: 860, amp: 30, waves: 2, phase: 2 }, { color: '#d8bd90', base: 950, amp: 20, waves: 3, phase: 0.5 } ] },
  { name: 'bay-midday', sky: ['#cfeaf2', '#5fa8c4'], sun: [420, 240, 90, '#ffffff'], layers: [
    { color: '#7bbfcf', base: 600, amp: 14, waves: 4, phase: 0.3 }, { color: '#3d8ea3', base: 700, amp: 20, waves: 6, phase: 1.4 },
    { color: '#1f6577', base: 820, amp: 26, waves: 3, phase: 2.2 }, { color: '#f1e4c8', base: 960, amp: 24, waves: 2, phase: 0.8 } ] },
  { name: 'dunes-afternoon', sky: ['#fbe7c6', '#e8a97a'], sun: [1600, 420, 130, '#fff0cf'], layers: [
    { color: '#d9b98c', base: 660, amp: 60, waves: 2, phase: 0 }, { color: '#c79f6e', base: 760, amp: 50, waves: 2, phase: 1.5 },
    { color: '#7e9b6a', base: 880, amp: 30, waves: 4, phase: 0.7 }, { color: '#5b7d4f', base: 980, amp: 22, waves: 5, phase: 2 } ] },
  { name: 'jetty-evening', sky: ['#f4c7a1', '#6a7fb0'], sun: [960, 520, 150, '#ffe0b8'], layers: [
    { color: '#8fa3c4', base: 640, amp: 10, waves: 6, phase: 0.2 }, { color: '#5d7aa6', base: 720, amp: 14, waves: 7, phase: 1.1 },
    { color: '#3b5a86', base: 830, amp: 18, waves: 5, phase: 2.6 }, { color: '#243f63', base: 960, amp: 16, waves: 4, phase: 0.4 } ] },
  { name: 'garden-spring', sky: ['#eef7e4', '#9fd0c4'], sun: [300, 300, 100, '#fffbe8'], layers: [
    { color: '#b9dcb0', base: 620, amp: 40, waves: 2, phase: 0.9 }, { color: '#8cc29a', base: 730, amp: 36, waves: 3, phase: 0.1 },
    { color: '#5ea27c', base: 850, amp: 30, waves: 3, phase: 1.9 }, { color: '#3f7f61', base: 970, amp: 24, waves: 4, phase: 2.7 } ] },
];

function wave(layer: Scene['layers'][number]): string {
  const points: string[] = [];
  for (let x = 0; x <= W; x += 40) {
    const y = layer.base + layer.amp * Math.sin((x / W) * Math.PI * 2 * layer.waves + layer.phase);
    points.push(`${x},${y.toFixed(1)}`);
  }
  return `<path d="M0,${H} L${points.join(' L')} L${W},${H} Z" fill="${layer.color}"/>`;
}

function svg(scene: Scene): string {
  const [cx, cy, r, sunColour] = scene.sun;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs><linearGradient id="sky" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="${sunColour}" stop-opacity="0.9"/><stop offset="1" stop-color="${sunColour}" stop-opacity="0"/></radialGradient></defs>
  <rect width="${W}" height="${H}" fill="url(#sky)"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 3}" fill="url(#glow)"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="${sunColour}"/>
  ${scene.layers.map(wave).join('\n  ')}
</svg>`;
}

const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
  <circle cx="32" cy="32" r="31" fill="#0b5563"/>
  <path d="M27 14h10v13h13v10H37v13H27V37H14V27h13z" fill="#fff"/>
  <path d="M8 44c6-4 10-4 16 0s10 4 16 0 10-4 16 0v6c-6-4-10-4-16 0s-10 4-16 0-10-4-16 0z" fill="#7fc4cf"/>
</svg>
`;

mkdirSync(join(root, 'hero'), { recursive: true });
for (const scene of scenes) {
  const image = sharp(Buffer.from(svg(scene)));
  await image.clone().webp({ quality: 62, effort: 6 }).toFile(join(root, 'hero', `${scene.name}.webp`));
  for (const width of WIDTHS) {
    await image.clone().resize(width).webp({ quality: 62, effort: 6 }).toFile(join(root, 'hero', `${scene.name}-${width}.webp`));
  }
}
writeFileSync(join(root, 'logo.svg'), logo);
console.log(`Wrote ${scenes.length} hero scenes (${WIDTHS.length + 1} sizes each), and the logo under public/ (favicon.ico and the touch icon are made from the logo at build time).`);
