/**
 * npm run screenshots: every route (and the not-found page) at 375 px and 1280 px, full page, into screenshots/
 * (git-ignored), to look at, with every accordion in the content open. Builds the site into a private temporary folder first, so it never touches dist/.
 *
 *   npm run screenshots                          build, then shoot every route
 *   npm run screenshots -- /fees /doctors        only these paths
 *   npm run screenshots -- --dist DIR --out DIR  shoot an existing build; write elsewhere
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { RouteManifest } from '../src/content/model.ts';
import { launchChromium, renderEveryBlock } from '../bench/browser.ts';
import { startServer } from '../server/local/serve.ts';
import { buildInfoDir } from '../server/local/buildInfo.ts';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const [, value] = args.splice(i, 2);
  return value;
};
const givenDist = option('--dist');
const outDir = resolve(option('--out') ?? join(root, 'screenshots'));
const only = args;

const distDir = givenDist ? resolve(givenDist) : mkdtempSync(join(tmpdir(), 'site-screenshots-'));
if (!givenDist) {
  execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts'), '--outDir', distDir], { stdio: 'inherit', cwd: root });
}
mkdirSync(outDir, { recursive: true });

const manifest = JSON.parse(readFileSync(join(distDir, 'routes.json'), 'utf8')) as RouteManifest;
const server = await startServer({ distDir, port: 0, host: '127.0.0.1' });
const address = server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const browser = await launchChromium();
const paths = [...manifest.pages.map((p) => p.path), '/no-such-page'].filter((p) => !only.length || only.includes(p));
let count = 0;
try {
  for (const width of [375, 1280]) {
    // Reduced motion: every block is in place (none waiting to slide in) and the hero shows its first picture.
    const context = await browser.newContext({ viewport: { width, height: width < 800 ? 800 : 900 }, reducedMotion: 'reduce' });
    await context.route('**/*', (route) => (route.request().url().startsWith(base) ? route.continue() : route.abort()));
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      // Open every accordion (and menu-free details in the content) so tables and answers are in the picture too.
      await page.evaluate(async () => {
        for (const details of document.querySelectorAll('main details')) {
          details.removeAttribute('name');
          (details as HTMLDetailsElement).open = true;
        }
        await document.fonts.ready;
        // Lazy pictures load as a visitor scrolls to them: scroll through the page so the full-page shot shows them.
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((done) => setTimeout(done, 30));
        }
        window.scrollTo(0, 0);
        for (let waited = 0; waited < 3000 && [...document.images].some((img) => !img.complete); waited += 100) {
          await new Promise((done) => setTimeout(done, 100));
        }
      });
      await renderEveryBlock(page);
      const name = (path === '/' ? 'home' : path.slice(1).replaceAll('/', '_')) + `-${width}.png`;
      await page.screenshot({ path: join(outDir, name), fullPage: true });
      count++;
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
  if (!givenDist) for (const dir of [distDir, buildInfoDir(distDir)]) rmSync(dir, { recursive: true, force: true });
}
console.log(`Wrote ${count} screenshots (${paths.length} paths at 375 and 1280 px) to ${outDir}`);
