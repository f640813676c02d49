/**
 * Pictures of the editor's main screens for EDITING.md, at 1280 px and on a tablet (820 px), made from a copy of
 * site.yaml in a temporary git repository (nothing here touches the real file). Writes docs/editor/.
 *   npx tsx scripts/editorScreenshots.ts
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ROOT, startEditor } from '../server/local/editServer.ts';

const OUT = join(ROOT, 'docs', 'editor');
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p): p is string => Boolean(p && existsSync(p)));
if (!chromiumPath) throw new Error('Chromium was not found: install Debian\'s chromium package or set CHROMIUM_PATH.');

const dir = mkdtempSync(join(tmpdir(), 'editor-screens-'));
const work = join(dir, 'work');
mkdirSync(work);
for (const part of ['site.yaml', 'public', 'documents']) if (existsSync(join(ROOT, part))) cpSync(join(ROOT, part), join(work, part), { recursive: true });
const git = (...args: string[]) => execFileSync('git', args, { cwd: work, stdio: 'pipe' });
git('init', '--quiet', '--initial-branch=main');
git('-c', 'user.name=Screens', '-c', 'user.email=screens@example.invalid', 'add', '-A');
git('-c', 'user.name=Screens', '-c', 'user.email=screens@example.invalid', 'commit', '--quiet', '-m', 'published');

const editor = await startEditor({ siteFile: join(work, 'site.yaml'), port: 0 });
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
mkdirSync(OUT, { recursive: true });

async function ready(page: Page) {
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).first().waitFor({ timeout: 30_000 });
  // The preview frame has drawn the page.
  for (let i = 0; i < 60; i++) {
    const frame = page.frames().find((f) => f !== page.mainFrame());
    if (frame && (await frame.locator('main').count().catch(() => 0)) > 0) break;
    await page.waitForTimeout(250);
  }
  await page.waitForTimeout(800);
}

const select = (page: Page, group: string, item: string | RegExp) =>
  page.getByRole('navigation', { name: 'Parts of the site' }).getByRole('region', { name: group }).getByRole('button', { name: item }).first().click();

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(OUT, `${name}.jpg`), type: 'jpeg', quality: 80 });
  console.log(`docs/editor/${name}.jpg`);
}

try {
  for (const [suffix, viewport] of [['1280', { width: 1280, height: 860 }], ['tablet', { width: 820, height: 1180 }]] as const) {
    const page = await browser.newPage({ viewport });
    await page.goto(editor.url);
    await page.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor({ timeout: 120_000 });
    await ready(page);
    await shoot(page, `hours-${suffix}`);
    if (suffix === 'tablet') { await page.close(); continue; }

    await select(page, 'Doctors', /Dr /);
    await ready(page);
    await page.locator('#root_image, fieldset.image-field').first().scrollIntoViewIfNeeded();
    await shoot(page, `doctor-${suffix}`);

    await select(page, 'Pages', /^\/services\/immunisations\s/);
    await select(page, 'Pages', /^faq/);
    await ready(page);
    await page.locator('.markdown').first().scrollIntoViewIfNeeded();
    await shoot(page, `faq-${suffix}`);

    // Changes by date: a news item shown until a day of its own.
    await select(page, 'News', /.+/);
    await ready(page);
    await page.locator('#root_until').fill('24/12/2026');
    await page.locator('#root_until').blur();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).first().waitFor({ timeout: 30_000 });
    await page.locator('#root_from').scrollIntoViewIfNeeded();
    await shoot(page, `dated-${suffix}`);

    await select(page, 'Fees', /.+/);
    await ready(page);
    await page.locator('.money').first().scrollIntoViewIfNeeded();
    await shoot(page, `fees-${suffix}`);

    // A mistake on purpose (in the copy): the problems list and the message beside the field.
    const price = page.locator('#root_items_1_price');
    const was = await price.inputValue();
    await price.fill('eighty');
    await price.blur();
    await page.getByRole('region', { name: /Problems/ }).getByRole('listitem').first().waitFor({ timeout: 30_000 });
    await page.waitForTimeout(800);
    await price.scrollIntoViewIfNeeded();
    await shoot(page, `problems-${suffix}`);
    await price.fill(was);
    await price.blur();
    await page.getByRole('heading', { name: /No problems/ }).waitFor({ timeout: 30_000 });
    await select(page, 'Practice', 'Opening hours');
    await page.locator('#root_regular_0_closes').fill('18:00');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).first().waitFor({ timeout: 30_000 });

    await page.getByRole('button', { name: 'Review changes' }).click();
    await page.getByRole('dialog').getByText(/since the last publish/).first().waitFor();
    await shoot(page, `review-${suffix}`);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByLabel(/What did you change/).fill('Later closing on weekdays');
    await page.getByLabel(/Your name/).fill('Karen Mills');
    await shoot(page, `publish-${suffix}`);
    await page.close();
  }
} finally {
  await browser.close();
  await editor.close();
  rmSync(dir, { recursive: true, force: true });
}
