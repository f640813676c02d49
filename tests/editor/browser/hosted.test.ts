import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { editorCatalogue } from '../../../src/content/errors.ts';
import { NEWS_EVERY_MS } from '../../../src/editor/news.tsx';
import type { StartedSite } from '../../../server/local/startProcess.ts';
import { sandbox, type Sandbox } from '../sandbox.ts';
import { startPractice } from './practiceProcess.ts';
import { saved, select } from './harness.ts';
import { closeContexts, sharedChromium } from '../../chromium.ts';
import { limit } from '../../../bench/machineSpeed.ts';

// The editor at /admin as staff meet it: `npm start` on a copy of the practice (a git repository with a bare remote
// standing in for the website's), signed in through the address it prints, in Chromium. Each person is a browser
// context of their own, as two computers would be.
let box: Sandbox;
let site: StartedSite;
let browser: Browser;
let lastAddress = '';
const shots = process.env.PEOPLE_SHOTS;
const problems: string[] = [];
afterEach(() => {
  // A refused sign-in (401), a colleague taken off (403) and a publish that asks for a choice (409) are answers the
  // tests expect; the browser logs them as failed loads.
  expect(problems.filter((p) => !/status of (401|409)\b/.test(p) && !/^(Sam Ortiz|Ben Lowe): .*status of 403\b/.test(p))).toEqual([]);
  problems.length = 0;
});

beforeAll(async () => {
  box = sandbox('real');
  site = await startPractice(box);
  browser = await sharedChromium();
}, limit(300_000));

afterAll(async () => {
  await closeContexts(browser);
  await site?.stop();
  box?.cleanup();
});

interface Person { name: string; email: string }
const karen: Person = { name: 'Karen Mills', email: 'karen@practice.example' };
const chloe: Person = { name: 'Chloe Anderson', email: 'chloe@practice.example' };

/** Who is on the editors list so far: the first to sign in (Karen), then those invited. */
const onList = new Set<string>();

/**
 * The next address printed for this person: the first one printed at start for the first person, an invitation by
 * Karen for a colleague not on the list yet, else the one printed after their last sign-in.
 */
async function addressOf(person: Person): Promise<string> {
  const known = onList.has(person.email);
  const first = onList.size === 0;
  onList.add(person.email);
  if (known) return site.addressFor(person.email);
  return first ? site.nextSignIn() : site.invite(karen, person);
}

/** A person at their own computer: a browser of their own, signed in through a printed address (theirs, or `address`). */
async function signIn(person: Person, address?: string, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  // Time runs as usual, and a test can move a screen on to its next look at what colleagues did (nextLook).
  await context.clock.install();
  const page = await context.newPage();
  // Anything the admin's policy refuses, or any script error, fails the test that made it (afterEach).
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`${person.name}: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`${person.name}: ${e.message}`));
  lastAddress = address ?? await addressOf(person);
  await page.goto(lastAddress);
  await page.getByLabel('Your name').fill(person.name);
  await page.getByLabel('Your e-mail address').fill(person.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Signed in as ${person.name}`).waitFor({ timeout: limit(60_000) });
  return { context, page };
}

/**
 * An open screen's next look at what colleagues did, now: its clock moved on by the time between two looks instead of
 * waiting for it. The look, and what the screen makes of the answer, are the editor's own.
 */
const nextLook = (screen: { context: BrowserContext }) => screen.context.clock.fastForward(NEWS_EVERY_MS);

async function setField(page: Page, where: [string, string], field: string, value: string) {
  await select(page, ...where);
  await page.locator(field).fill(value);
  await page.locator(field).blur();
  await saved(page);
}

/** Publish as the signed-in person: only the description is asked for. Returns the time to "Published." */
async function publish(page: Page, message: string): Promise<number> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByLabel(/What did you change/).fill(message);
  expect(await page.getByLabel(/Your name/).count()).toBe(0);
  const started = Date.now();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await page.getByRole('dialog').getByText(/^Published\./).waitFor({ timeout: limit(60_000) });
  const took = Date.now() - started;
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  return took;
}

/** Invited by `manager` with their changes waiting for approval, then signed in at their own computer. */
async function invitedToWait(manager: Page, colleague: Person) {
  await manager.getByRole('button', { name: 'People' }).click();
  const people = manager.getByRole('dialog', { name: 'People' });
  await people.getByLabel('Their name').fill(colleague.name);
  await people.getByLabel('Their e-mail address').fill(colleague.email);
  await people.getByLabel(/Their changes wait for approval/).check();
  await people.getByRole('button', { name: 'Invite' }).click();
  await people.getByRole('rowheader', { name: colleague.name }).waitFor();
  expect(await people.getByRole('checkbox', { name: `${colleague.name} may publish` }).isChecked()).toBe(false);
  await people.getByRole('button', { name: 'Close' }).click();
  onList.add(colleague.email);
  return signIn(colleague, await site.addressFor(colleague.email));
}

/** "Ask for approval" with a description, as a colleague who may not publish does. */
async function askForApproval(page: Page, message: string) {
  await page.getByRole('button', { name: 'Ask for approval' }).click();
  await page.getByLabel(/What did you change/).fill(message);
  await page.getByRole('dialog').getByRole('button', { name: 'Ask for approval' }).click();
  await page.getByText(/^Asked\. A colleague who may publish will look at your changes\./).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
}

const remote = (args: string[]) => box.git(args, box.remote);
const remoteText = () => remote(['show', 'main:site.yaml']);

describe('the editor at /admin, served by npm start', () => {
  it('signs in through the address npm start prints; an address works once', async () => {
    const { context, page } = await signIn(karen);
    expect(page.url()).toBe(`${site.origin}/admin/`);
    await page.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor();
    const usedAddress = lastAddress;
    await context.close();
    const again = await browser.newContext();
    const other = await again.newPage();
    await other.goto(usedAddress);
    await other.getByLabel('Your name').fill(karen.name);
    await other.getByLabel('Your e-mail address').fill(karen.email);
    await other.getByRole('button', { name: 'Sign in' }).click();
    expect(await other.getByRole('alert').textContent()).toBe('This sign-in address has been used already or is not right. Use the newest address npm start printed.');
    await again.close();
  });

  it('publishes the weekday closing time: one commit on the remote, by the person, with their words and a one-line diff', async () => {
    const before = remote(['rev-parse', 'main']).trim();
    const { context, page } = await signIn(karen);
    await setField(page, ['Practice', 'Opening hours'], '#root_regular_0_closes', '18:00');
    // The preview draws the change in the browser, before anything is published.
    const preview = page.frameLocator('iframe[title^="Preview"]');
    await expect.poll(() => preview.locator('body').innerText(), { timeout: limit(30_000) }).toContain('6:00 PM');
    const took = await publish(page, 'Later closing on weekdays');
    console.log(`Publish to the commit on the remote: ${took} ms`);
    expect(remote(['log', '--format=%P|%an|%ae|%s', '-1', 'main']).trim()).toBe(`${before}|Karen Mills|karen@practice.example|Later closing on weekdays`);
    const diff = remote(['show', '--format=', '-U0', 'main']).split('\n').filter((l) => /^[-+] /.test(l));
    expect(diff).toHaveLength(2);
    expect(diff[1]).toMatch(/^\+ .*closes: "18:00"/);
    await context.close();
  });

  it('keeps the sign-in out of the preview\'s reach: its frame has no origin of its own, yet draws the page and its pictures', async () => {
    const { context, page } = await signIn(karen);
    expect(await page.evaluate(() => localStorage.getItem('site-editor-session'))).toMatch(/token/);
    const preview = page.frameLocator('iframe[title^="Preview"]');
    await preview.locator('main h1').waitFor({ timeout: limit(30_000) });
    const frame = page.frames().find((f) => f.parentFrame() === page.mainFrame() && f.url() === 'about:srcdoc');
    // What a script of the page drawn there (the site's code on staff's content) could reach.
    const reach = await frame?.evaluate(() => {
      const attempt = (read: () => unknown) => { try { return String(read()); } catch (error) { return (error as Error).name; } };
      return { origin: self.origin, storage: attempt(() => localStorage.getItem('site-editor-session')), parent: attempt(() => window.parent.document.title) };
    });
    expect(reach).toEqual({ origin: 'null', storage: 'SecurityError', parent: 'SecurityError' });
    const logo = preview.locator('header img').first();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await context.close();
  });

  it('says when the preview is behind and why, and catches up by itself: a version it cannot draw does not stop the next', async () => {
    const { context, page } = await signIn(karen);
    const preview = page.frameLocator('iframe[title^="Preview"]');
    await preview.locator('main h1').waitFor({ timeout: limit(30_000) });
    const frame = () => page.frames().find((f) => f.parentFrame() === page.mainFrame() && f.url() === 'about:srcdoc');
    const note = page.locator('.preview-note');
    // The page in the frame fails as it draws the next version (as a value half typed once made it fail): before, its
    // queue stopped there and every later change was lost until Reload.
    await frame()?.evaluate(() => Object.defineProperty(document.documentElement, 'lang', { configurable: true, set() { throw new Error('cannot draw this version'); } }));
    await setField(page, ['Practice', 'Opening hours'], '#root_note', 'Closed Saturday 26 De');
    await note.getByText(editorCatalogue.PreviewBehind()).waitFor({ timeout: limit(30_000) });
    await frame()?.evaluate(() => Reflect.deleteProperty(document.documentElement, 'lang'));
    await setField(page, ['Practice', 'Opening hours'], '#root_note', 'Closed Saturday 26 December.');
    await expect.poll(() => preview.locator('body').innerText(), { timeout: limit(30_000) }).toContain('Closed Saturday 26 December.');
    await expect.poll(() => note.count()).toBe(0);

    // The page stops answering altogether: said within seconds, and Reload mends it.
    // (Its window.parent made its own self: the page takes no message but its parent's, so it takes none.)
    await frame()?.evaluate(() => Object.defineProperty(window, 'parent', { configurable: true, get: () => window }));
    await setField(page, ['Practice', 'Opening hours'], '#root_note', 'Closed on weekends.');
    await note.getByText(editorCatalogue.PreviewNotAnswering()).waitFor({ timeout: limit(30_000) });
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => preview.locator('body').innerText(), { timeout: limit(30_000) }).toContain('Closed on weekends.');
    await expect.poll(() => note.count()).toBe(0);
    await context.close();
  });

  it('keeps the draft when the browser is closed mid-edit: signed in again, it is there', async () => {
    const first = await signIn(chloe);
    await setField(first.page, ['Practice', 'Contact'], '#root_fax', '8377 1300');
    await first.context.close();
    const second = await signIn(chloe);
    await select(second.page, 'Practice', 'Contact');
    expect(await second.page.locator('#root_fax').inputValue()).toBe('8377 1300');
    expect(remoteText()).not.toContain('8377 1300');
    await second.context.close();
  });

  it('two people at once, different fields: both land, nobody is asked', async () => {
    const k = await signIn(karen);
    const c = await signIn(chloe);
    // Chloe's fax is her draft from before; Karen changes the opening time and publishes first.
    await setField(k.page, ['Practice', 'Opening hours'], '#root_regular_0_opens', '08:15');
    await publish(k.page, 'Opening at quarter past eight');
    await publish(c.page, 'New fax number');
    const text = remoteText();
    expect(text).toContain('opens: "08:15"');
    expect(text).toContain('fax: "8377 1300"');
    expect(remote(['log', '--format=%an|%s', '-2', 'main']).trim().split('\n')).toEqual(['Chloe Anderson|New fax number', 'Karen Mills|Opening at quarter past eight']);
    await k.context.close();
    await c.context.close();
  });

  it('two people at once, the same field: the second sees both values and who made theirs, chooses, and nothing is lost', async () => {
    const k = await signIn(karen);
    const c = await signIn(chloe);
    await setField(k.page, ['Practice', 'Opening hours'], '#root_regular_0_closes', '18:30');
    await setField(c.page, ['Practice', 'Opening hours'], '#root_regular_0_closes', '19:00');
    await publish(k.page, 'Closing at half past six');
    const karens = remote(['rev-parse', 'main']).trim();
    await c.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await c.page.getByLabel(/What did you change/).fill('Closing at seven');
    await c.page.getByRole('button', { name: 'Publish now' }).click();
    const choice = c.page.getByRole('group').filter({ hasText: 'Karen Mills changed this to 18:30' });
    await choice.waitFor({ timeout: limit(60_000) });
    expect(await choice.textContent()).toContain('You changed it to 19:00');
    expect(remote(['rev-parse', 'main']).trim()).toBe(karens);
    await choice.getByLabel('Keep mine: 19:00').check();
    await c.page.getByRole('button', { name: 'Publish now' }).click();
    await c.page.getByRole('dialog').getByText(/^Published\./).waitFor({ timeout: limit(60_000) });
    expect(remoteText()).toContain('closes: "19:00"');
    expect(remote(['rev-parse', 'main~1']).trim()).toBe(karens);
    await k.context.close();
    await c.context.close();
  });

  it('"Keep theirs" settles a clash for good: the form, Review and Undo show what is published, and the next publish asks nothing', async () => {
    const k = await signIn(karen);
    const c = await signIn(chloe);
    const phone = () => /\n {2}phone: "?([^"\n]*)"?/.exec(remoteText())?.[1];
    const original = phone();
    await setField(c.page, ['Practice', 'Contact'], '#root_phone', '0412 345 678');
    await setField(k.page, ['Practice', 'Contact'], '#root_phone', '1300 725 899');
    await publish(k.page, 'New phone number');
    const dialog = c.page.getByRole('dialog');
    await c.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await c.page.getByLabel(/What did you change/).fill('Mobile as the phone number');
    await c.page.getByRole('button', { name: 'Publish now' }).click();
    const choice = c.page.getByRole('group').filter({ hasText: 'Karen Mills changed this to 1300 725 899' });
    await choice.waitFor({ timeout: limit(60_000) });
    await choice.getByLabel('Keep theirs: 1300 725 899').check();
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    // Nothing of hers is left to publish: she is told so, and her form now holds Karen's number, after a reload too.
    await dialog.getByText(/nothing new to publish/i).waitFor({ timeout: limit(60_000) });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => c.page.locator('#root_phone').inputValue(), { timeout: limit(20_000) }).toBe('1300 725 899');
    await c.page.reload();
    await select(c.page, 'Practice', 'Contact');
    expect(await c.page.locator('#root_phone').inputValue()).toBe('1300 725 899');
    // Two more changes; Review lists them and not the phone, and taking one back leaves the phone as published.
    await setField(c.page, ['Practice', 'Contact'], '#root_fax', '8377 1444');
    await setField(c.page, ['Practice', 'Opening hours'], '#root_note', 'Closed on public holidays.');
    await c.page.getByRole('button', { name: 'Review changes' }).click();
    const review = c.page.getByRole('dialog', { name: 'Review changes' });
    await expect.poll(() => review.getByRole('button', { name: /^Undo/ }).count(), { timeout: limit(20_000) }).toBe(2);
    expect(await review.getByRole('list').textContent()).not.toMatch(/Phone number|0412 345 678|725 899/);
    const changedLines = (await review.locator('pre .add, pre .del').allTextContents()).filter((line) => !/^(\+\+\+|---) /.test(line));
    expect(changedLines.join('')).not.toMatch(/phone/);
    await review.getByRole('button', { name: /^Undo.*note/i }).click();
    await expect.poll(() => review.getByRole('button', { name: /^Undo/ }).count()).toBe(1);
    await review.getByRole('button', { name: 'Close', exact: true }).click();
    await select(c.page, 'Practice', 'Contact');
    expect(await c.page.locator('#root_phone').inputValue()).toBe('1300 725 899');
    // The next publish is the fax alone: nobody is asked about the phone again.
    await publish(c.page, 'New fax number');
    expect(phone()).toBe('1300 725 899');
    expect(remoteText()).toContain('fax: "8377 1444"');
    expect(remoteText()).not.toContain('Closed on public holidays.');
    expect(remote(['show', '--format=%an|%s', '-U0', 'main']).split('\n').filter((l) => /^[-+] /.test(l) || l.includes('|'))).toEqual([
      'Chloe Anderson|New fax number', expect.stringMatching(/^- +fax:/), '+  fax: "8377 1444"',
    ]);
    expect(original).not.toBe('1300 725 899');
    await k.context.close();
    await c.context.close();
  });

  it('People: the first to sign in invites a colleague, who signs in with the address printed for them, and takes them off again', async () => {
    const { context, page } = await signIn(karen);
    await page.getByRole('button', { name: 'People' }).click();
    const dialog = page.getByRole('dialog', { name: 'People' });
    await dialog.getByRole('rowheader', { name: 'Karen Mills (you)' }).waitFor();
    // Nobody changes or takes off themself.
    expect(await dialog.getByRole('checkbox', { name: 'Karen Mills may manage people' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Their name').fill('Sam Ortiz');
    await dialog.getByLabel('Their e-mail address').fill('Sam@Practice.example');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await dialog.getByText('Sam Ortiz is invited. The address they sign in with is shown where the website was started (npm start); give it to them.').waitFor();
    await dialog.getByRole('rowheader', { name: 'Sam Ortiz' }).waitFor();
    if (shots) await page.screenshot({ path: join(shots, 'people-1280.png') });

    // Sam, at his own computer: he edits, and has no People list.
    const sam = await signIn({ name: 'Sam Ortiz', email: 'sam@practice.example' }, await site.addressFor('sam@practice.example'), { width: 375, height: 800 });
    await sam.page.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor();
    expect(await sam.page.getByRole('button', { name: 'People' }).count()).toBe(0);
    if (shots) await sam.page.screenshot({ path: join(shots, 'people-sam-375.png') });

    await dialog.getByRole('row', { name: /Sam Ortiz/ }).getByRole('button', { name: 'Take off' }).click();
    await dialog.getByRole('button', { name: 'Yes, take off' }).click();
    await dialog.getByText('Sam Ortiz can no longer sign in to edit the website.').waitFor();

    // Taken off mid-edit: his next change is not saved, he is told so, and what he typed stays in the page to copy.
    const samStatus = sam.page.locator('.save-state');
    await sam.page.locator('#root_note').fill('Closed on Anzac Day.');
    await sam.page.locator('#root_note').blur();
    await expect.poll(() => samStatus.textContent(), { timeout: limit(20_000) }).toBe('Your last changes were not saved. You are signed in as sam@practice.example, which is not on the list of people who may edit this website. Ask the practice manager to add you.');
    await sam.page.getByText('What you typed, to copy').click();
    expect(await sam.page.getByLabel('What you typed, not saved').inputValue()).toBe('Closed on Anzac Day.');
    if (shots) await sam.page.screenshot({ path: join(shots, 'taken-off-unsaved-375.png') });
    // Added back, Try again sends what was kept: nothing he typed is lost.
    await dialog.getByLabel('Their name').fill('Sam Ortiz');
    await dialog.getByLabel('Their e-mail address').fill('sam@practice.example');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    await dialog.getByRole('rowheader', { name: 'Sam Ortiz' }).waitFor();
    await sam.page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => samStatus.textContent(), { timeout: limit(20_000) }).toBe('All changes saved');
    await sam.page.reload();
    await sam.page.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor();
    expect(await sam.page.locator('#root_note').inputValue()).toBe('Closed on Anzac Day.');
    await dialog.getByRole('row', { name: /Sam Ortiz/ }).getByRole('button', { name: 'Take off' }).click();
    await dialog.getByRole('button', { name: 'Yes, take off' }).click();
    await expect.poll(() => dialog.getByRole('rowheader').allTextContents()).not.toContain('Sam Ortiz');

    // Whoever was invited earlier in this file is on the list too.
    const left = await dialog.getByRole('rowheader').allTextContents();
    expect(left).toContain('Karen Mills (you)');
    expect(left).not.toContain('Sam Ortiz');
    if (shots) {
      await page.setViewportSize({ width: 375, height: 800 });
      await page.screenshot({ path: join(shots, 'people-375.png') });
    }
    // Taken off: his open screen says so by itself at its next look, in words.
    await nextLook(sam);
    await sam.page.getByText('You are signed in as sam@practice.example, which is not on the list of people who may edit this website. Ask the practice manager to add you.').waitFor({ timeout: limit(30_000) });
    await sam.context.close();
    await context.close();
  });

  it('Approval: a colleague whose changes wait asks for approval; Karen sees the change in words and publishes it with both names', async () => {
    const { context, page } = await signIn(karen);
    const dan = await invitedToWait(page, { name: 'Dan Reyes', email: 'dan@practice.example' });
    await setField(dan.page, ['Practice', 'Contact'], '#root_fax', '8377 1399');
    await askForApproval(dan.page, 'New fax number');
    // When, as an Australian reads it (the browser's own language is American English): the day before the month's
    // name, whichever day the test runs on.
    const month = '(January|February|March|April|May|June|July|August|September|October|November|December)';
    await dan.page.getByText(new RegExp(`^Waiting for approval: "New fax number", asked at \\d{1,2}:\\d\\d [ap]m on \\d{1,2} ${month} 20\\d\\d\\.$`)).waitFor();
    if (shots) await dan.page.screenshot({ path: join(shots, 'approval-asked-1280.png') });

    const before = remote(['rev-parse', 'main']).trim();
    // Karen's screen, open since before Dan asked, learns of the request by itself (no reload), and says so.
    await nextLook({ context });
    await page.getByText(editorCatalogue.NewsAsked(1)).waitFor({ timeout: limit(30_000) });
    await page.getByRole('button', { name: 'Waiting for approval (1)' }).click();
    const waiting = page.getByRole('dialog', { name: 'Waiting for approval' });
    await waiting.getByRole('heading', { name: 'Dan Reyes: New fax number' }).waitFor();
    await waiting.getByText(/^Contact > Fax number: [0-9 ]+ -> 8377 1399$/).waitFor();
    if (shots) await page.screenshot({ path: join(shots, 'approval-1280.png') });
    await waiting.getByRole('button', { name: 'Approve and publish' }).click();
    await waiting.getByText('Published: "New fax number", by Dan Reyes, approved by you.').waitFor({ timeout: limit(60_000) });
    await waiting.getByText('Nothing is waiting for approval.').waitFor();
    expect(remote(['log', '-1', '--format=%an <%ae>|%B', 'main']).trim()).toBe('Dan Reyes <dan@practice.example>|New fax number\n\nApproved-by: Karen Mills <karen@practice.example>');
    expect(remote(['rev-list', '--count', `${before}..main`]).trim()).toBe('1');
    expect(remoteText()).toContain('fax: "8377 1399"');
    // Dan's open screen: told, his request's note gone, the form on the website's version.
    await nextLook(dan);
    await dan.page.getByText(editorCatalogue.NewsApproved()).waitFor({ timeout: limit(30_000) });
    expect(await dan.page.getByText(/^Waiting for approval:/).count()).toBe(0);
    await dan.page.getByRole('button', { name: 'Review' }).click();
    await dan.page.getByRole('dialog').getByText('No changes since the last publish.').waitFor();
    await dan.context.close();
    await context.close();
  });

  it('Approval: Karen sends a request back with a note, which the colleague sees above her form; nothing is published', async () => {
    const { context, page } = await signIn(karen);
    const ella = await invitedToWait(page, { name: 'Ella Ward', email: 'ella@practice.example' });
    await setField(ella.page, ['Practice', 'Contact'], '#root_phone', '8377 1235');
    await askForApproval(ella.page, 'New phone number');
    const before = remote(['rev-parse', 'main']).trim();
    await nextLook({ context });
    await page.getByRole('button', { name: /^Waiting for approval \(\d+\)$/ }).click({ timeout: limit(30_000) });
    const request = page.getByRole('dialog', { name: 'Waiting for approval' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ella Ward: New phone number' }) });
    await request.getByLabel('Or send it back, saying what to change').fill('The phone number stays 8377 1234: only the fax number changed.');
    await request.getByRole('button', { name: 'Send back' }).click();
    await page.getByText('Sent back to Ella Ward with your note.').waitFor();
    // Ella's open screen learns of it by itself.
    await nextLook(ella);
    await ella.page.getByText(editorCatalogue.NewsSentBack('Karen Mills')).waitFor({ timeout: limit(30_000) });
    await ella.page.getByText('Sent back by Karen Mills: The phone number stays 8377 1234: only the fax number changed.').waitFor();
    if (shots) await ella.page.screenshot({ path: join(shots, 'approval-returned-1280.png') });
    expect(remote(['rev-parse', 'main']).trim()).toBe(before);
    await ella.context.close();
    await context.close();
  });

  it('three people one morning: a return that asks first, no phantom conflict after it, screens that update, a preview that keeps up, and a colleague taken off mid-edit', async () => {
    const priya: Person = { name: 'Priya Shah', email: 'priya@practice.example' };
    const manager = await signIn(karen);
    const second = await signIn(priya);
    const ben = await invitedToWait(manager.page, { name: 'Ben Lowe', email: 'ben@practice.example' });
    const phoneNow = /\n {2}phone: "([^"]+)"/.exec(remoteText())?.[1] ?? '';
    expect(phoneNow).not.toBe('');

    // Priya's draft: the phone typed over and back (so Review lists no phone), and a note. Her preview keeps up (4).
    await setField(second.page, ['Practice', 'Contact'], '#root_phone', '8377 1236');
    await setField(second.page, ['Practice', 'Contact'], '#root_phone', phoneNow);
    await setField(second.page, ['Practice', 'Opening hours'], '#root_note', 'Closed Friday afternoon for staff training.');
    const preview = second.page.frameLocator('iframe[title^="Preview"]');
    await expect.poll(() => preview.locator('body').innerText(), { timeout: limit(30_000) }).toContain('Closed Friday afternoon for staff training.');
    expect(await second.page.locator('.preview-note').count()).toBe(0);

    // Karen publishes a new phone number; Priya's open screen is told, and keeps her draft (3).
    const beforePhone = remote(['log', '-1', '--format=%s', 'main']).trim();
    await setField(manager.page, ['Practice', 'Contact'], '#root_phone', '8377 1250');
    await publish(manager.page, 'New phone number');
    await nextLook(second);
    await second.page.locator('.news').getByText(/^Karen Mills published a new version of the website at .*\. Your changes stay as they are, and go with it when you publish\.$/).waitFor({ timeout: limit(30_000) });
    if (shots) await second.page.screenshot({ path: join(shots, 'news-published-1280.png') });

    // Karen returns to the version before it: asked first, with the phone named (1); then undoes that return.
    await manager.page.getByRole('button', { name: 'History', exact: true }).click();
    const history = manager.page.getByRole('dialog', { name: 'History' });
    await history.getByRole('button', { name: `Return to this version: ${beforePhone}` }).first().click();
    const question = history.getByRole('region', { name: `Return to "${beforePhone}"?` });
    await question.getByRole('listitem').first().waitFor({ timeout: limit(30_000) });
    expect(await question.getByRole('listitem').allTextContents()).toEqual([`Contact > Phone number: 8377 1250 -> ${phoneNow}`]);
    await question.getByRole('button', { name: 'Return and publish' }).click();
    await history.getByText(/^Published\./).waitFor({ timeout: limit(60_000) });
    expect(remoteText()).toContain(`phone: "${phoneNow}"`);
    await history.getByRole('button', { name: `Undo just this change: Returned to "${beforePhone}"` }).first().click();
    await expect.poll(remoteText, { timeout: limit(60_000) }).toContain('phone: "8377 1250"');
    await history.getByRole('button', { name: 'Close' }).click();

    // Priya publishes: nobody is asked about a phone she left as she found it, and Karen's number stays (2).
    await publish(second.page, 'Training on Friday');
    const published = remoteText();
    expect(published).toContain('phone: "8377 1250"');
    expect(published).toContain('note: Closed Friday afternoon for staff training.');

    // Ben asks for approval; Karen's open screen shows it, she approves, and Ben's screen is told (3).
    await setField(ben.page, ['Practice', 'Contact'], '#root_fax', '8377 1311');
    await askForApproval(ben.page, 'New fax number');
    await nextLook(manager);
    await manager.page.getByRole('button', { name: 'Waiting for approval (1)' }).click({ timeout: limit(30_000) });
    const waiting = manager.page.getByRole('dialog', { name: 'Waiting for approval' });
    await waiting.getByRole('button', { name: 'Approve and publish' }).click();
    await waiting.getByText('Published: "New fax number", by Ben Lowe, approved by you.').waitFor({ timeout: limit(60_000) });
    await waiting.getByRole('button', { name: 'Close' }).click();
    await nextLook(ben);
    await ben.page.getByText(editorCatalogue.NewsApproved()).waitFor({ timeout: limit(30_000) });
    if (shots) {
      await ben.page.setViewportSize({ width: 375, height: 800 });
      await ben.page.screenshot({ path: join(shots, 'news-approved-375.png') });
      await ben.page.setViewportSize({ width: 1280, height: 900 });
    }

    // Karen takes Ben off while he is typing: told it was not saved, his words kept to copy (7).
    await manager.page.getByRole('button', { name: 'People' }).click();
    const people = manager.page.getByRole('dialog', { name: 'People' });
    await people.getByRole('row', { name: /Ben Lowe/ }).getByRole('button', { name: 'Take off' }).click();
    await people.getByRole('button', { name: 'Yes, take off' }).click();
    await people.getByText('Ben Lowe can no longer sign in to edit the website.').waitFor();
    await select(ben.page, 'Practice', 'Opening hours');
    await ben.page.locator('#root_note').fill('Closed on Melbourne Cup day.');
    await ben.page.locator('#root_note').blur();
    await expect.poll(() => ben.page.locator('.save-state').textContent(), { timeout: limit(30_000) }).toMatch(/^Your last changes were not saved\. /);
    await ben.page.getByText('What you typed, to copy').click();
    expect(await ben.page.getByLabel('What you typed, not saved').inputValue()).toBe('Closed on Melbourne Cup day.');
    for (const { context } of [ben, second, manager]) await context.close();
  });

  it('History: three versions in words; undo just the middle one keeps the other two; return to the first brings its site.yaml back byte for byte', async () => {
    const { context, page } = await signIn(karen);
    await setField(page, ['Practice', 'Opening hours'], '#root_regular_0_closes', '18:10');
    await publish(page, 'First: later closing');
    await setField(page, ['Practice', 'Contact'], '#root_fax', '8377 1288');
    await publish(page, 'Second: new fax');
    await setField(page, ['Practice', 'Opening hours'], '#root_note', 'Closed on weekends and public holidays.');
    await publish(page, 'Third: the note');
    const firstCommit = remote(['log', '--format=%H', '--grep=^First: later closing$', 'main']).trim();
    const atFirst = remote(['show', `${firstCommit}:site.yaml`]);
    const faxBefore = /fax: "([^"]+)"/.exec(remote(['show', `${firstCommit}:site.yaml`]))?.[1];

    await page.getByRole('button', { name: 'History', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    const versions = dialog.locator('ol.history > li');
    await expect.poll(async () => (await versions.locator('h3').allTextContents()).slice(0, 3)).toEqual(['Third: the note', 'Second: new fax', 'First: later closing']);
    expect(await versions.nth(1).locator('ul.history-changes').textContent()).toMatch(/Contact > Fax number: .* -> 8377 1288/);
    if (shots) await page.screenshot({ path: join(shots, 'history-npm-start-1280.png') });

    await dialog.getByRole('button', { name: 'Undo just this change: Second: new fax' }).click();
    await dialog.getByText(/^Published\./).waitFor({ timeout: limit(60_000) });
    const undone = remoteText();
    expect(undone).toContain(`fax: "${faxBefore}"`);
    expect(undone).toContain('closes: "18:10"');
    expect(undone).toContain('note: Closed on weekends and public holidays.');

    const beforeReturn = remote(['rev-parse', 'main']).trim();
    await dialog.getByRole('button', { name: 'Return to this version: First: later closing' }).click();
    // It asks first, listing what it takes back: the note published since (the fax is back already), nothing else.
    const question = dialog.getByRole('region', { name: 'Return to "First: later closing"?' });
    await question.waitFor();
    expect(await question.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^Opening hours > Note: /)]);
    expect(await question.textContent()).toContain('It takes back this change, published since:');
    if (shots) await page.screenshot({ path: join(shots, 'history-return-asks-1280.png') });
    expect(remote(['rev-parse', 'main']).trim()).toBe(beforeReturn);
    await question.getByRole('button', { name: 'Return and publish' }).click();
    await expect.poll(() => remote(['rev-parse', 'main']).trim(), { timeout: limit(60_000) }).not.toBe(beforeReturn);
    expect(remote(['rev-list', '--count', `${beforeReturn}..main`]).trim()).toBe('1');
    expect(remoteText()).toBe(atFirst);
    await context.close();
  });
});
