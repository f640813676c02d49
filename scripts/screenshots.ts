/** npm run screenshots: every route at 375 px and 1280 px into screenshots/ (git-ignored), to look at. */
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RouteManifest } from '../src/content/model.ts';
import { launchChromium } from '../tests/e2e/browser.ts';
import { startServer } from './server/serve.ts';

const root = resolve(import.meta.dirname, '..');
const distDir = join(root, 'dist');
const outDir = join(root, 'screenshots');
const only = process.argv.slice(2);
mkdirSync(outDir, { recursive: true });

const manifest = JSON.parse(readFileSync(join(distDir, 'routes.json'), 'utf8')) as RouteManifest;
const server = await startServer({ distDir, port: 0, host: '127.0.0.1' });
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const browser = await launchChromium();
const paths = [...manifest.pages.map((p) => p.path), '/no-such-page'].filter((p) => !only.length || only.includes(p));
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 800 : 900 }, reducedMotion: 'reduce' });
  for (const path of paths) {
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const name = (path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')) + `-${width}.png`;
    await page.screenshot({ path: join(outDir, name), fullPage: true });
  }
  await page.close();
}
await browser.close();
server.close();
console.log(`Wrote ${paths.length * 2} screenshots to ${outDir}`);
