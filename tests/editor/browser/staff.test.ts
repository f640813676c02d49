import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { build, check } from '../build.ts';
import { expectFaithful, keepAsPublished, previewShows, saved, select, sessionForFile } from './harness.ts';
import { limit } from '../../../bench/machineSpeed.ts';

const session = sessionForFile({ reset: true });

type Site = { hours: { regular: { closes: string }[] }; entities: Record<string, Record<string, unknown>[]>; pages: { path: string; blocks: Record<string, unknown>[] }[] };
const read = (text: string) => parse(text) as Site;

/**
 * What each staff task must have changed on the built site: each task keeps its result as published, and the last
 * test builds the practice once for production and checks them all.
 */
const onBuiltSite: { task: string; route: string; shows(html: string, out: string): boolean }[] = [];
const done = (task: string, route: string, shows: (html: string, out: string) => boolean) => {
  keepAsPublished(session());
  onBuiltSite.push({ task, route, shows });
};
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text of a block that the page shows as it is: its heading, else its first longer plain text. */
function textOf(block: unknown): string {
  const texts: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string' && v.length > 12 && !/[&<>"'\n*_[\]#]/.test(v) && !v.startsWith('/')) texts.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  const heading = (block as { heading?: unknown }).heading;
  if (typeof heading === 'string' && !/[&<>"']/.test(heading)) return heading;
  walk(block);
  if (!texts[0]) throw new Error(`no plain text in the block ${JSON.stringify(block).slice(0, 80)}`);
  return texts[0];
}

describe('staff use the editor', () => {
  it('change the weekday closing time: one line changes and the preview follows within about a second', async () => {
    const { page } = session();
    const closes = read(session().published).hours.regular[0].closes;
    const next = closes === '18:00' ? '18:30' : '18:00';
    const shown = next === '18:00' ? '6:00 PM' : '6:30 PM';
    const preview = page.frameLocator('iframe[title^="Preview"]');
    await preview.getByText(/Opening Hours/).first().waitFor({ timeout: limit(60_000) });
    const started = Date.now();
    await page.locator('#root_regular_0_closes').fill(next);
    await preview.getByText(shown).first().waitFor({ state: 'attached', timeout: limit(45_000) });
    const elapsed = Date.now() - started;
    console.log(`preview updated ${elapsed} ms after the change`);
    await saved(page);
    const { added, removed } = expectFaithful(session());
    expect(removed).toHaveLength(1);
    expect(added).toEqual([removed[0].replace(`closes: "${closes}"`, `closes: "${next}"`)]);
    expect(elapsed).toBeLessThan(limit(8_000));
    expect(session().messages).toEqual([]);
    const label = read(session().published).hours.regular[0] as unknown as { label: string };
    done('weekday closing time', '/', (html) => new RegExp(`<dt>${escapeRegExp(label.label)}</dt><dd>[^<]*${escapeRegExp(shown)}</dd>`).test(html));
  });

  it('a new doctor with a photo, in one job: Add to Doctors, no problem before typing, the address made from the name, on the staff page and in the carousel', async () => {
    const { page, box } = session();
    await page.getByRole('button', { name: 'Add to Doctors' }).click();
    await page.locator('#root_name').waitFor();
    // A blank entry is not a list of mistakes: nothing red until staff have been to a field.
    expect(await page.locator('.new-entry-note').textContent()).toMatch(/^The new entry has \d+ fields still to fill in\.$/);
    expect(await page.locator('#problems-heading').textContent()).toBe('No problems so far');
    expect(await page.locator('.form [id$="__error"]').evaluateAll((els) => els.map((e) => e.textContent).join(''))).toBe('');
    await page.locator('#root_name').fill('Dr Jane Citizen');
    await page.locator('#root_qualifications').focus();
    await expect.poll(() => page.locator('#root_slug').inputValue()).toBe('dr-jane-citizen');
    await page.locator('#root_qualifications').fill('MBBS, FRACGP');
    await page.locator('#root_summary').fill('A GP for the whole family, with an interest in children\'s health.');
    await page.locator('#root_bio').fill('Dr Jane Citizen joined the practice in 2026.');
    const photo = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 160, b: 120 } } }).jpeg().toBuffer();
    await page.locator('#root_image_src').setInputFiles({ name: 'Jane Citizen.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByText(/Uploaded: 600 x 600 pixels/).waitFor();
    await page.getByLabel(/What it shows/).fill('Dr Jane Citizen smiling');
    await saved(page);
    await page.getByRole('heading', { name: 'No problems: the site can be published' }).waitFor();
    await select(page, 'Pages', /^\/doctors\s/);
    await previewShows(page, 'Dr Jane Citizen');

    const { added, removed, now } = expectFaithful(session());
    expect(removed).toEqual([]);
    expect(added).toContain('    - slug: dr-jane-citizen');
    const doctor = read(now).entities.doctors.at(-1)!;
    expect(doctor).toMatchObject({ slug: 'dr-jane-citizen', name: 'Dr Jane Citizen', image: { alt: 'Dr Jane Citizen smiling', width: 600, height: 600 } });
    // Listed unless staff say otherwise: the file needs no line for it.
    expect(doctor.listed).toBeUndefined();
    const src = String((doctor.image as { src: string }).src);
    expect(readFileSync(`${box.work}/public${src}`).length).toBe(photo.length);
    done('a new doctor with a picture, on the staff page', '/doctors', (html, out) => html.includes('Dr Jane Citizen') && existsSync(join(out, src)));
    onBuiltSite.push({ task: 'the new doctor in the carousel', route: '/', shows: (html) => html.includes('Dr Jane Citizen') });
    onBuiltSite.push({ task: 'the new doctor\'s own page', route: '/doctors/dr-jane-citizen', shows: (html) => html.includes('Dr Jane Citizen smiling') });
  });

  it('post a news item: it is first on the home page in one job', async () => {
    const { page } = session();
    await page.getByRole('button', { name: 'Add to News' }).click();
    await page.locator('#root_title').fill('Flu clinic this Saturday');
    await page.locator('#root_date').fill('2026-11-23');
    await page.locator('#root_summary').fill('Walk in between 9am and noon for your flu vaccine.');
    await saved(page);
    // Its short name was made from the headline when the headline was left.
    expect(await page.locator('#root_id').inputValue()).toBe('flu-clinic-this-saturday');
    await previewShows(page, 'Flu clinic this Saturday');
    const { added, removed } = expectFaithful(session());
    expect(removed).toEqual([]);
    expect(added.filter((l) => l.includes('flu-clinic-this-saturday'))).toHaveLength(1);
    expect(added, added.join('\n')).toContain('      date: "2026-11-23"');
    done('a news item on the home page', '/', (html) => html.indexOf('Flu clinic this Saturday') >= 0 && html.indexOf('Flu clinic this Saturday') < html.indexOf('2025 flu vaccines have arrived'));
  });

  it('take down old news: the warning beside it has a button that takes it off the home page, and the item stays', async () => {
    const { page } = session();
    // The news posted above is the newest, so the home page shows it and the next two: the oldest of them is warned about.
    const warning = (id: string) => page.locator('li.warning').filter({ hasText: `The news item ${id} is dated` });
    expect(await warning('medicare-rebates-2024').getByRole('button').first().textContent()).toMatch(/The news item medicare-rebates-2024 is dated 2024-07-01, more than 12 months ago/);
    await page.getByRole('heading', { name: 'No problems: the site can be published' }).waitFor();
    // The same warning, with its button, at the top of the item's own form.
    await select(page, 'News', 'Medicare rebates updated');
    const beside = page.locator('.form .warnings li').filter({ hasText: 'The news item medicare-rebates-2024 is dated' });
    await beside.getByRole('button', { name: 'Take it down', exact: true }).click();
    await saved(page);
    await warning('medicare-rebates-2024').waitFor({ state: 'detached' });
    // The next newest takes its place on the home page.
    await warning('thursday-hours-2023').waitFor();
    const { added, removed, now } = expectFaithful(session());
    expect(removed).toEqual([]);
    expect(added).toEqual(['      listed: false']);
    expect(read(now).entities.news.find((n) => n.id === 'medicare-rebates-2024')).toMatchObject({ listed: false });
    done('old news taken down from the home page', '/', (html) => !html.includes('Medicare rebates updated') && html.includes('Extended Thursday hours trial'));
  });

  it('a fee up by $5, typed as staff type it ("85"): the out-of-pocket amount follows in the preview', async () => {
    const { page } = session();
    const group = read(session().published).entities.feeGroups[0];
    const fee = (group.items as Record<string, string>[])[0];
    await select(page, 'Fees', String(group.name));
    const cents = Math.round(Number(fee.price.slice(1)) * 100) + 500;
    const typed = cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
    const box = page.locator('#root_items_0_price');
    await box.fill('');
    await box.pressSequentially(typed, { delay: 60 });
    expect(await box.inputValue()).toBe(typed);
    await box.blur();
    await saved(page);
    const price = (cents / 100).toFixed(2);
    const outOfPocket = ((cents - Math.round(Number(fee.medicareRebate.slice(1)) * 100)) / 100).toFixed(2);
    await previewShows(page, `$${outOfPocket}`);
    const { added, removed } = expectFaithful(session());
    expect(removed).toHaveLength(1);
    expect(added).toEqual([removed[0].replace(`price: "${fee.price}"`, `price: "$${price}"`)]);
    done('a fee and its out-of-pocket amount', '/fees', (html) => html.includes(`$${price}`) && html.includes(`$${outOfPocket}`));
  });

  it('a doctor leaves: Remove on their entry takes them off the staff page and the carousel, and nothing else needs changing', async () => {
    const { page } = session();
    const doctors = read(session().published).entities.doctors;
    const leaving = doctors.findLast((d) => d.listed !== false && d.slug !== 'dr-jane-citizen')!;
    await select(page, 'Doctors', String(leaving.name));
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('group', { name: 'Arrange this entry' }).getByRole('button', { name: 'Remove' }).click();
    await saved(page);
    await page.getByRole('heading', { name: 'No problems: the site can be published' }).waitFor();
    const { added, removed, now } = expectFaithful(session());
    expect(added).toEqual([]);
    expect(removed[0]).toBe(`    - slug: ${String(leaving.slug)}`);
    expect(read(now).entities.doctors.map((d) => d.slug)).not.toContain(leaving.slug);
    done('a doctor who left', '/doctors', (html) => !html.includes(String(leaving.name)));
    onBuiltSite.push({ task: 'the doctor who left, not in the carousel', route: '/', shows: (html) => !html.includes(String(leaving.name)) });
  });

  it('a mobile number for the practice: every call button dials it', async () => {
    const { page } = session();
    await select(page, 'Practice', 'Contact');
    await page.locator('#root_phone').fill('0412 345 678');
    await page.locator('#root_phone').blur();
    await saved(page);
    await page.getByRole('heading', { name: 'No problems: the site can be published' }).waitFor();
    const { added, removed } = expectFaithful(session());
    expect(removed).toHaveLength(1);
    expect(added).toEqual([removed[0].replace(/8377 1234/, '0412 345 678')]);
    done('the practice mobile number', '/appointments', (html) => html.includes('href="tel:+61412345678"') && html.includes('0412 345 678'));
  });

  it('three mistakes (25:00, an empty name, a link to a missing page) are each refused at their field in plain words, and Publish is refused', async () => {
    const { page, box } = session();
    const errorOf = (id: string) => page.locator(`#${id}__error`);
    await select(page, 'Practice', 'Opening hours');
    await page.locator('#root_regular_0_closes').fill('25:00');
    await page.locator('#root_regular_0_closes').blur();
    await saved(page);
    await expect.poll(() => errorOf('root_regular_0_closes').textContent()).toMatch(/\S/);
    const first = read(session().published).entities.doctors[0];
    await select(page, 'Doctors', String(first.name));
    await page.locator('#root_name').fill('');
    await saved(page);
    await expect.poll(() => errorOf('root_name').textContent()).toMatch(/empty/i);
    await select(page, 'Pages', /^\/\s/);
    await select(page, 'Pages', /^Banner with pictures/);
    await page.locator('#root_buttons_0_href').fill('/no-such-page');
    await saved(page);
    await expect.poll(() => errorOf('root_buttons_0_href').textContent()).toBe('/no-such-page goes to no page of this site. Choose a page from the list, or upload the file.');
    // Plain words: no quotes, keys, paths or lines of the file in what the form says.
    const said = (await page.locator('#problems li').allTextContents()).join('\n');
    expect(said).not.toMatch(/in quotes|entities\.|pages:|\[|line \d/i);
    expect(await page.locator('#problems-heading').textContent()).toBe('Problems (3): fix these before publishing');

    const publishedBefore = box.git(['rev-parse', 'origin/main']);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect(await page.getByRole('dialog').getByRole('alert').textContent()).toBe('The site has 3 problems. Your work is saved as a draft; fix them first, then publish.');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    expect(box.git(['rev-parse', 'origin/main'])).toBe(publishedBefore);
  });

  it('undo one change in Review changes, then publish the other: one commit, one line', async () => {
    const { page, box } = session();
    const dialog = page.getByRole('dialog', { name: 'Review changes' });
    // Two changes; the first is taken back.
    await select(page, 'Practice', 'Contact');
    await page.locator('#root_fax').fill('8377 1300');
    await page.locator('#root_fax').blur();
    await select(page, 'Practice', 'Opening hours');
    await page.locator('#root_regular_0_opens').fill('08:15');
    await page.locator('#root_regular_0_opens').blur();
    await saved(page);
    await page.getByRole('button', { name: 'Review changes' }).click();
    await dialog.getByRole('button', { name: /^Undo.*fax/i }).click();
    await expect.poll(() => dialog.getByRole('button', { name: /^Undo/ }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByLabel(/What did you change/).fill('Opening at quarter past eight');
    await page.getByLabel(/Your name/).fill('Chloe Anderson');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('dialog').getByText(/^Published\./).waitFor({ timeout: limit(30_000) });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    const diff = box.git(['show', '--format=%s|%an', '-U0', 'main'], box.remote).split('\n');
    expect(diff[0]).toBe('Opening at quarter past eight|Chloe Anderson');
    expect(diff.filter((l) => /^[-+] /.test(l))).toHaveLength(2);
    expect(diff.filter((l) => /^\+ /.test(l))[0]).toMatch(/opens: "08:15"/);
    session().published = readFileSync(box.siteFile, 'utf8');
    onBuiltSite.push({ task: 'the published opening time, not the undone fax', route: '/', shows: (html) => html.includes('8:15 AM') && !html.includes('8377 1300') });
  });

  it('add an FAQ question to a service page', async () => {
    const { page } = session();
    const site = read(session().published);
    const pageWithFaq = site.pages.find((p) => p.path.startsWith('/services/') && p.blocks.some((b) => b.type === 'faq'));
    if (!pageWithFaq) throw new Error('no service page with questions');
    await select(page, 'Pages', new RegExp(`^${pageWithFaq.path}\\s`));
    await select(page, 'Pages', /^Questions and answers/);
    const items = (pageWithFaq.blocks.find((b) => b.type === 'faq')?.items as unknown[]).length;
    await page.locator('#root_items').getByRole('button', { name: 'Add one' }).last().click();
    await page.locator(`#root_items_${items}_question`).fill('Can I bring my own vaccine?');
    await page.locator(`#root_items_${items}_answer`).fill('Yes. Keep it cool and book a nurse appointment.');
    await saved(page);
    await previewShows(page, 'Can I bring my own vaccine?');
    const { added, removed } = expectFaithful(session());
    expect(removed).toEqual([]);
    expect(added).toHaveLength(2);
    expect(added[0]).toMatch(/- question: Can I bring my own vaccine\?$/);
    done('a question on a service page', pageWithFaq.path, (html) => html.includes('Can I bring my own vaccine?') && html.includes('book a nurse appointment'));
  });

  it('reorder two blocks with the keyboard: the moved block keeps its text', async () => {
    const { page } = session();
    await select(page, 'Pages', /^\/\s/);
    await select(page, 'Pages', /^Band of short facts/);
    const down = page.getByRole('group', { name: 'Arrange this block' }).getByRole('button', { name: 'Move down' });
    await down.focus();
    await page.keyboard.press('Enter');
    await saved(page);
    const { added, removed, now } = expectFaithful(session());
    expect(removed.length).toBeGreaterThan(0);
    expect([...added].sort()).toEqual([...removed].sort());
    const before = read(session().published).pages[0].blocks.map((b) => b.type);
    expect(read(now).pages[0].blocks.map((b) => b.type)).toEqual([before[0], before[2], before[1], ...before.slice(3)]);
    const [moved, passed] = [read(session().published).pages[0].blocks[1], read(session().published).pages[0].blocks[2]].map(textOf);
    // In the page's main content: the header's line of today's hours has words of the info strip too.
    done('two blocks in their new order', read(now).pages[0].path, (html) => {
      const main = html.slice(html.indexOf('<main'));
      return main.indexOf(passed) >= 0 && main.indexOf(moved) > main.indexOf(passed);
    });
  });

  it('remove a page that others link to: every broken link is listed and publishing is refused until fixed', async () => {
    const { page, box } = session();
    await select(page, 'Pages', /^\/fees\s/);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('group', { name: 'Arrange this page' }).getByRole('button', { name: 'Remove' }).click();
    await saved(page);
    const links = session().published.split('\n').filter((l) => /href: \/fees\b/.test(l) && !l.includes('/fees/')).length;
    const problems = page.getByRole('region', { name: /Problems/ }).getByRole('listitem');
    await expect.poll(() => problems.count()).toBeGreaterThanOrEqual(links);
    expect((await problems.allTextContents()).filter((t) => t.includes('/fees')).length).toBeGreaterThanOrEqual(links);
    // A click on a problem goes to its field.
    await problems.first().getByRole('button').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^root_/);

    const publishedBefore = box.git(['rev-parse', 'origin/main']);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('dialog').getByRole('alert').textContent()).resolves.toMatch(/problems?\. Your work is saved as a draft/);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    expect(box.git(['rev-parse', 'origin/main'])).toBe(publishedBefore);

    // Review changes lists the removal; Undo brings the page back, and then it publishes.
    await page.getByRole('button', { name: 'Review changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review changes' });
    await dialog.getByText(/^Pages: removed "/).first().waitFor();
    await dialog.getByRole('button', { name: /^Undo/ }).first().click();
    await dialog.getByText('No changes since the last publish.').waitFor({ timeout: limit(10_000) }).catch(async (error: unknown) => {
      console.log(await dialog.textContent());
      throw error;
    });
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(readFileSync(box.siteFile, 'utf8')).toBe(session().published);
  });

  it('publishes with a one-line description: one commit with only site.yaml, pushed, and the built site has it', async () => {
    const { page, box } = session();
    await page.locator('#root_note').fill('Closed weekends, public holidays and 24 to 26 December.');
    await saved(page);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByLabel(/What did you change/).fill('Christmas closure');
    // The commit's author is the person publishing (this computer's git identity records it).
    await page.getByLabel(/Your name/).fill('Karen Mills');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('dialog').getByText(/^Published\./).waitFor({ timeout: limit(30_000) });
    expect(box.git(['log', '-1', '--format=%s|%an', 'main'], box.remote).trim()).toBe('Christmas closure|Karen Mills');
    expect(box.git(['show', '--name-only', '--format=', 'main'], box.remote).trim()).toBe('site.yaml');
    // The next test starts from what is now published.
    session().published = readFileSync(box.siteFile, 'utf8');
    onBuiltSite.push({ task: 'the published closing note', route: '/', shows: (html) => html.includes('Closed weekends, public holidays and 24 to 26 December.') });
  });

  it('the YAML view: the whole file in a code editor, saved as typed, problems underlined, the form in step', async () => {
    const { page, box } = session();
    await page.getByRole('group', { name: 'How to edit' }).getByRole('button', { name: 'YAML' }).click();
    await page.getByRole('group', { name: 'What to show' }).getByRole('button', { name: 'Whole file' }).click();
    const editor = page.locator('.cm-content');
    await editor.waitFor();
    await expect.poll(() => editor.textContent()).toContain('hours:');
    await page.locator('.cm-line').filter({ hasText: 'hours:' }).first().click();
    await page.locator('.cm-editor.cm-focused').waitFor();
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('# Checked by the practice manager');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save the file' }).click({ timeout: limit(10_000) }).catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/yaml-fail.png' });
      console.log('active:', await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200)));
      throw error;
    });
    await page.getByText('Saved.', { exact: true }).waitFor();
    const { added, removed } = expectFaithful(session(), ['# Checked by the practice manager']);
    expect(removed).toEqual([]);
    expect(added).toEqual(['# Checked by the practice manager']);
    // A mistake typed in the file: listed with the others and underlined where it is.
    await page.locator('.cm-line').filter({ hasText: 'hours:' }).first().click();
    await page.locator('.cm-editor.cm-focused').waitFor();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('bogus: 1');
    await page.getByRole('button', { name: 'Save the file' }).click();
    await page.getByRole('region', { name: /Problems/ }).getByRole('listitem').first().waitFor();
    await page.locator('.cm-lintRange-error').first().waitFor();
    expect(readFileSync(box.siteFile, 'utf8')).toMatch(/^# Checked by the practice manager\n# yaml-language-server[^]*\nbogus: 1$/);
    await page.getByRole('group', { name: 'How to edit' }).getByRole('button', { name: 'Form' }).click();
    await page.locator('#root_heading').waitFor();
  });

  it('the YAML view of one part: only its lines, saved in place, the checker\'s messages on the file\'s line numbers', async () => {
    const { page, box } = session();
    const doctor = read(session().published).entities.doctors[0];
    await select(page, 'Doctors', String(doctor.name));
    await page.getByRole('group', { name: 'How to edit' }).getByRole('button', { name: 'YAML' }).click();
    const editor = page.locator('.cm-content');
    await expect.poll(() => editor.textContent()).toContain(`slug: ${String(doctor.slug)}`);
    const shown = await page.locator('.cm-line').allTextContents();
    expect(shown[0]).toMatch(new RegExp(`^ +- slug: ${String(doctor.slug)}$`));
    expect(shown.join('\n')).not.toContain(String(read(session().published).entities.doctors[1].slug));
    /** A new last line of the part, typed as is (not indented by the editor), then saved. */
    const addLineAtEnd = async (line: string) => {
      await editor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Shift+Home');
      await page.keyboard.type(line);
      await page.getByRole('button', { name: 'Save the file' }).click();
    };
    const fileLines = session().published.split('\n');
    const first = fileLines.indexOf(shown[0]) + 1;
    await expect.poll(() => page.locator('.cm-lineNumbers .cm-gutterElement').nth(1).textContent()).toBe(String(first));
    // A comment added at the end of the part lands right after the doctor's last line; nothing else changes.
    await addLineAtEnd('      # Reviewed in November');
    await page.getByText('Saved.', { exact: true }).waitFor();
    const { added, removed, now } = expectFaithful(session(), ['# Reviewed in November']);
    expect(removed).toEqual([]);
    expect(added).toEqual(['      # Reviewed in November']);
    const last = first - 1 + shown.length;
    expect(now.split('\n')[last]).toBe('      # Reviewed in November');
    // A mistake in the part: reported by the checker, underlined on its line of the part.
    await addLineAtEnd('      bogus: 1');
    await page.getByRole('region', { name: /Problems/ }).getByRole('listitem').first().waitFor();
    await page.locator('.cm-lintRange-error').first().waitFor();
    const text = readFileSync(box.siteFile, 'utf8');
    expect(text.split('\n')[last + 1]).toMatch(/^ +bogus: 1$/);
    expect(await page.locator('.cm-lintRange-error').first().textContent()).toContain('bogus');
  });

  it('every task above is on the production site: npm run check is green and one build holds each change', () => {
    const { box } = session();
    expect(check(box.siteFile)).toMatch(/no (problems found|errors)/);
    const site = build(box.siteFile);
    try {
      const missing = onBuiltSite.filter((t) => !t.shows(site.html(t.route), site.out)).map((t) => `${t.task} (${t.route})`);
      expect(missing).toEqual([]);
    } finally {
      site.cleanup();
    }
  }, limit(600_000));
});
