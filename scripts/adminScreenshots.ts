/**
 * Pictures of the editor at /admin for EDITING.md: signing in, publishing, and the choice shown when a colleague
 * published the same field first. Made with `npm start` on a copy of site.yaml in a temporary git repository with a
 * bare remote (nothing here touches the real file or its remote). Writes docs/editor/admin-*.jpg.
 *   npx tsx scripts/adminScreenshots.ts
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startSiteProcess } from '../server/local/startProcess.ts';
import { ROOT } from '../server/local/editServer.ts';

const OUT = join(ROOT, 'docs', 'editor');
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => Boolean(p && existsSync(p)));
if (!chromiumPath) throw new Error('Chromium was not found: install Debian\'s chromium package or set CHROMIUM_PATH.');

const dir = mkdtempSync(join(tmpdir(), 'admin-screens-'));
const work = join(dir, 'work');
mkdirSync(work);
for (const part of ['site.yaml', 'public', 'documents']) if (existsSync(join(ROOT, part))) cpSync(join(ROOT, part), join(work, part), { recursive: true });
const git = (args: string[], cwd = work) => execFileSync('git', ['-c', 'user.name=Setup', '-c', 'user.email=setup@example.invalid', ...args], { cwd, stdio: 'pipe' });
git(['init', '--quiet', '--initial-branch=main']);
git(['add', '-A']);
git(['commit', '--quiet', '-m', 'published']);
git(['init', '--quiet', '--bare', '--initial-branch=main', join(dir, 'remote.git')], dir);
git(['remote', 'add', 'origin', join(dir, 'remote.git')]);
git(['push', '--quiet', '-u', 'origin', 'main']);

const site = await startSiteProcess({ siteFile: join(work, 'site.yaml'), distDir: join(dir, 'dist'), dataDir: join(dir, 'data') });
const browser: Browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
mkdirSync(OUT, { recursive: true });

async function shoot(page: Page, name: string) {
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(OUT, `${name}.jpg`), type: 'jpeg', quality: 80 });
  console.log(`docs/editor/${name}.jpg`);
}

/** Signs in through an address: the first printed (Karen, who manages people), or an invitation of hers. */
async function signIn(name: string, email: string, picture?: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'en-AU', timezoneId: 'Australia/Adelaide' })).newPage();
  await page.goto(email === 'karen@practice.example' ? await site.nextSignIn() : await site.invite({ email: 'karen@practice.example' }, { name, email }));
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Your e-mail address').fill(email);
  if (picture) await shoot(page, picture);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Signed in as ${name}`).waitFor({ timeout: 60_000 });
  return page;
}

async function closingTime(page: Page, time: string) {
  await page.getByRole('navigation', { name: 'Parts of the site' }).getByRole('region', { name: 'Practice' }).getByRole('button', { name: 'Opening hours' }).click();
  await page.locator('#root_regular_0_closes').fill(time);
  await page.locator('#root_regular_0_closes').blur();
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).first().waitFor({ timeout: 30_000 });
}

async function publish(page: Page, message: string, picture?: string) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByLabel(/What did you change/).fill(message);
  if (picture) await shoot(page, picture);
  await page.getByRole('button', { name: 'Publish now' }).click();
}

try {
  const karen = await signIn('Karen Mills', 'karen@practice.example', 'admin-sign-in');
  const chloe = await signIn('Chloe Anderson', 'chloe@practice.example');
  await closingTime(karen, '18:30');
  await closingTime(chloe, '19:00');
  await publish(karen, 'Closing at half past six', 'admin-publish');
  await karen.getByRole('dialog').getByText(/^Published\./).waitFor({ timeout: 60_000 });
  await shoot(karen, 'admin-published');
  await publish(chloe, 'Closing at seven');
  await chloe.getByRole('group').filter({ hasText: 'Karen Mills changed this' }).waitFor({ timeout: 60_000 });
  await shoot(chloe, 'admin-conflict');
} finally {
  await browser.close();
  await site.stop();
  rmSync(dir, { recursive: true, force: true });
}
