import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { startEditor, type RunningEditor } from '../../../server/local/editServer.ts';
import { loadSite } from '../../../src/content/load.ts';
import { closeContexts, sharedChromium } from '../../chromium.ts';
import { changedLines, comments } from '../lineDiff.ts';
import { sandbox, type Sandbox } from '../sandbox.ts';
import { limit } from '../../../bench/machineSpeed.ts';

/**
 * One editor on a copy of the real practice (in a temporary git repository with a bare remote), driven in
 * Chromium as staff would: clicks, typing, the keyboard. Off-machine requests are blocked.
 */
const pageMessages = new WeakMap<Page, string[]>();
const messagesOf = (page: Page) => pageMessages.get(page) ?? [];

export interface Session { box: Sandbox; editor: RunningEditor; browser: Browser; context: BrowserContext; page: Page; published: string; messages: string[] }

interface Shared { box: Sandbox; editor: RunningEditor; browser: Browser; first: string }
let shared: Promise<Shared> | undefined;

/**
 * The editor project runs its files one after another in one process (vitest.config.ts: isolate off), and one
 * practice, one editor and one Chromium serve every file that opens a session: starting them, with Vite compiling the
 * editor and the site anew, cost each file seconds of processor time. Each file still starts from the practice as
 * first published (putBack) in a browser context of its own. The sandbox is in the project's folder (globalSetup.ts).
 */
function sharedEditor(): Promise<Shared> {
  shared ??= (async () => {
    const box = sandbox('real', { in: inject('editorFolder') });
    const editor = await startEditor({ siteFile: box.siteFile, port: 0, ui: true });
    const browser = await sharedChromium();
    return { box, editor, browser, first: box.git(['rev-parse', 'HEAD']).trim() };
  })();
  return shared;
}

/** The practice as the sandbox first published it: its files, its commits, and its remote's. */
function putBack(box: Sandbox, first: string) {
  box.git(['reset', '--quiet', '--hard', first]);
  box.git(['clean', '--quiet', '-fdx']);
  box.git(['push', '--quiet', '--force', 'origin', `${first}:main`]);
}

export async function openSession(viewport = { width: 1280, height: 900 }): Promise<Session> {
  const { box, editor, browser, first } = await sharedEditor();
  putBack(box, first);
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const messages: string[] = [];
  const log: string[] = [];
  pageMessages.set(page, log);
  page.on('console', (m) => { if (!/websocket|WebSocket/.test(m.text())) log.push(`${new Date().toISOString().slice(14, 23)} ${m.type()} ${m.text().slice(0, 160)}`); });
  page.on('framenavigated', (f) => log.push(`${new Date().toISOString().slice(14, 23)} navigated ${f.url()}`));
  page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // The preview's development client looks for a live-reload channel the editor does not open; that is expected.
    if (m.type() === 'error' && !/Failed to load resource|WebSocket|websocket/.test(m.text())) messages.push(`console: ${m.text()}`);
  });
  const session = { box, editor, browser, context, page, published: readFileSync(box.siteFile, 'utf8'), messages };
  await reopen(session);
  return session;
}

/**
 * One session for the test file that calls this (opened before its first test, its browser contexts closed after its
 * last), and the practice put back as published before each test when `reset` is on. Returns a getter for it.
 */
export function sessionForFile(options: { reset: boolean; viewport?: { width: number; height: number } }): () => Session {
  let s: Session | undefined;
  beforeAll(async () => { s = await openSession(options.viewport); }, limit(300_000));
  afterAll(async () => { await closeContexts(s?.browser); });
  if (options.reset) beforeEach(async () => { if (s) await resetSession(s); });
  return () => {
    if (!s) throw new Error('no editor session');
    return s;
  };
}

export async function reopen(session: Session) {
  await session.page.goto(session.editor.url);
  await session.page.getByRole('heading', { level: 2, name: 'Opening hours' }).waitFor({ timeout: limit(120_000) });
}

/** Puts the practice back as published (in the sandbox's own repository) and opens the editor afresh. */
export async function resetSession(session: Session) {
  session.box.git(['checkout', '--quiet', '--', '.']);
  session.box.git(['clean', '--quiet', '-fd', '--', 'public']);
  session.messages.length = 0;
  await reopen(session);
}

/**
 * What the editor left becomes the sandbox's published state (committed and pushed there): the tests that follow
 * start from it, and the production build at the end of the suite holds every task's change at once.
 */
export function keepAsPublished(session: Session) {
  const { box } = session;
  box.git(['add', '-A']);
  box.git(['commit', '--quiet', '-m', 'A staff task done in the editor']);
  box.git(['push', '--quiet', 'origin', 'main']);
  session.published = readFileSync(box.siteFile, 'utf8');
}

export async function saved(page: Page) {
  // A change reaches the status line a moment after the keystroke (the form reports it asynchronously).
  await page.waitForTimeout(300);
  await expect.poll(() => page.getByRole('status').filter({ hasText: /All changes saved|not saved|Saving|changed by another/ }).first().textContent(), { timeout: limit(20_000) })
    .toBe('All changes saved');
}

export async function select(page: Page, group: string, item: string | RegExp) {
  const section = page.getByRole('navigation', { name: 'Parts of the site' }).getByRole('region', { name: group });
  await section.getByRole('button', { name: item }).first().click();
}

/** The file as the editor left it: the checker finds nothing, comments all kept, and only these lines changed. */
export function expectFaithful(session: Session, newComments: string[] = []) {
  const now = readFileSync(session.box.siteFile, 'utf8');
  const result = loadSite(session.box.siteFile);
  expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([]);
  // Every comment kept, in order; comments typed in the YAML view are the only new ones.
  expect(comments(now).filter((c) => !newComments.includes(c))).toEqual(comments(session.published));
  expect(comments(now).filter((c) => newComments.includes(c))).toEqual(newComments);
  return { now, ...changedLines(session.published, now) };
}

/** Waits until the live preview (the site itself, in the frame) holds `text` and returns that HTML; on failure says what it showed. */
export async function previewShows(page: Page, text: string, timeout = limit(45_000)): Promise<string> {
  const started = Date.now();
  let last = '';
  while (Date.now() - started < timeout) {
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // The preview may be drawn anew at any moment, so the page that matched is the one handed back.
    const html = frame ? await frame.content().catch(() => '') : '';
    if (html.includes(text)) return html;
    last = frame ? `${frame.url()}: ${html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').slice(0, 400)}` : '(no frame)';
    await page.waitForTimeout(250);
  }
  const problems = await page.locator('#problems').textContent().catch(() => '');
  throw new Error(`The preview did not show "${text}" within ${timeout} ms. It showed ${last}\nEditor: ${problems}\n${messagesOf(page).slice(-40).join('\n')}`);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the editor itself (WCAG 2.2 A and AA, best practice); the preview frame is the site, tested on its own. */
export async function axe(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: unknown[] }[] }[] };
    const runner = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<Result> } }).axe;
    const result = await runner.run({ exclude: [['iframe']] }, {
      iframes: false,
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** The first person signs in to `npm start`'s editor, through the address it printed first. */
export async function signInFirst(page: Page, site: { nextSignIn(): Promise<string> }, person = { name: 'Karen Mills', email: 'karen@practice.example' }) {
  await page.goto(await site.nextSignIn());
  await page.getByLabel('Your name').fill(person.name);
  await page.getByLabel('Your e-mail address').fill(person.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(`Signed in as ${person.name}`).waitFor({ timeout: limit(60_000) });
}
