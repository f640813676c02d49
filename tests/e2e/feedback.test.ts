import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { viteManifestFile } from '../../server/local/buildInfo.ts';
import { closeLocalFeedback, localFeedback } from '../../server/local/feedback.ts';
import { listFeedback } from '../../server/local/feedbackStore.ts';
import { startServer } from '../../server/local/serve.ts';
import { closeContexts, sharedChromium } from '../chromium.ts';
import { openPage } from './page.ts';
import { limit } from '../../bench/machineSpeed.ts';

// The built site served by the real server, with the local send-feedback function storing into a private PGlite
// folder that this test reads back. Texts come from the feedback-form block in site.yaml.
const distDir = inject('distDir');
const text = {
  success: 'Feedback Submitted',
  successDescription: 'Thank you for your feedback. We will review it and respond if necessary.',
  failure: 'Error',
  failureDescription: 'There was a problem sending your feedback. Please try again later.',
};

let browser: Browser;
let server: Server;
let base: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'feedback-e2e-'));
  vi.stubEnv('FEEDBACK_DATA_DIR', join(dataDir, 'feedback'));
  vi.stubEnv('FEEDBACK_RATE_LIMIT', '0');
  server = await startServer({ distDir, port: 0, host: '127.0.0.1' });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await sharedChromium();
  await localFeedback();
}, limit(120_000));

afterAll(async () => {
  await closeContexts(browser);
  await new Promise((done) => server?.close(done));
  await closeLocalFeedback();
  vi.unstubAllEnvs();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  const { database } = await localFeedback();
  await database.db.exec('truncate public.feedback, public.feedback_rate_limit restart identity');
});

async function stored() {
  return listFeedback((await localFeedback()).database.db);
}

const supabaseChunk = (() => {
  const manifest = JSON.parse(readFileSync(viteManifestFile(distDir), 'utf8')) as Record<string, { file: string }>;
  const key = Object.keys(manifest).find((k) => k.includes('@supabase/supabase-js'));
  if (!key) throw new Error('supabase-js is not in the build manifest');
  return manifest[key].file;
})();

async function openForm(options: Parameters<typeof openPage>[1] = {}) {
  const watched = await openPage(browser, options);
  // openPage lets through only the shared test server; this test's own server (same machine) is allowed too.
  // Routes added later take precedence, and every other host stays blocked.
  await watched.context.route(`${base}/**`, (route) => route.continue());
  const requests: string[] = [];
  watched.page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await watched.page.goto(`${base}/feedback`, { waitUntil: 'networkidle' });
  await watched.page.getByRole('button', { name: 'Submit Feedback' }).waitFor();
  // The form's script, and React with it, come as a visitor first touches the form: here, the first field.
  await watched.page.getByRole('textbox', { name: /^Your Name/ }).focus();
  await formReady(watched.page);
  return { ...watched, requests };
}

/** React has hydrated the form's island (src/site/islands/wake.ts marks it). */
const formReady = (page: Page) => page.locator('[data-island="feedback-form"][data-hydrated]').waitFor({ state: 'attached' });

async function fillForm(page: Page) {
  await page.getByRole('textbox', { name: /^Your Name/ }).fill('Jane Citizen');
  await page.getByRole('textbox', { name: /^Email Address/ }).fill('jane@example.com');
  await page.getByRole('textbox', { name: /^Phone Number/ }).fill('08 8377 1234');
  // A click, not check(): while the form wakes, hydration may set the default back for a moment before the choice
  // is given back to it (islands/wake.ts); what counts is the state once it has woken, which the tests read.
  await page.getByRole('radio', { name: 'Complaint' }).click();
  await page.getByRole('textbox', { name: /^Your Message/ }).fill('The waiting room was very cold today.');
}

async function values(page: Page) {
  return {
    name: await page.getByRole('textbox', { name: /^Your Name/ }).inputValue(),
    email: await page.getByRole('textbox', { name: /^Email Address/ }).inputValue(),
    phone: await page.getByRole('textbox', { name: /^Phone Number/ }).inputValue(),
    message: await page.getByRole('textbox', { name: /^Your Message/ }).inputValue(),
    complaint: await page.getByRole('radio', { name: 'Complaint' }).isChecked(),
    general: await page.getByRole('radio', { name: 'General Feedback' }).isChecked(),
  };
}

const filled = { name: 'Jane Citizen', email: 'jane@example.com', phone: '08 8377 1234', message: 'The waiting room was very cold today.', complaint: true, general: false };

describe('the feedback form in Chromium', () => {
  it('loads supabase-js only when the form is sent, stores the submission, confirms it and clears the form', async () => {
    const { page, context, errors, requests } = await openForm();
    expect(requests.some((path) => path.endsWith(supabaseChunk))).toBe(false);
    await fillForm(page);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();

    const notice = page.getByRole('status').locator('[data-outcome="success"]');
    await expect.poll(() => notice.textContent(), { timeout: limit(10_000) }).toContain(text.success);
    expect(await notice.textContent()).toContain(text.successDescription);
    expect(requests.some((path) => path.endsWith(supabaseChunk))).toBe(true);
    expect(requests).toContain('/functions/v1/send-feedback');

    expect(await values(page)).toEqual({ name: '', email: '', phone: '', message: '', complaint: false, general: true });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Jane Citizen', email: 'jane@example.com', phone: '08 8377 1234', feedbackType: 'complaint', message: filled.message });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads no script of the form until it is touched; what is typed meanwhile is kept and sent', async () => {
    const watched = await openPage(browser, { viewport: { width: 375, height: 800 } });
    await watched.context.route(`${base}/**`, (route) => route.continue());
    const scripts: string[] = [];
    watched.page.on('request', (request) => { if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname); });
    await watched.page.goto(`${base}/feedback`, { waitUntil: 'networkidle' });
    await watched.page.waitForTimeout(300);
    const before = scripts.length;
    expect(scripts.some((path) => /\/(framework|FeedbackForm)-/.test(path))).toBe(false);
    // Typed at once: the first key wakes the form, and the rest is typed while its script is on its way.
    await fillForm(watched.page);
    await formReady(watched.page);
    expect(scripts.length).toBeGreaterThan(before);
    expect(await values(watched.page)).toEqual(filled);
    await watched.page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect.poll(() => watched.page.locator('[data-outcome]').textContent(), { timeout: limit(10_000) }).toContain(text.success);
    expect(await stored()).toMatchObject([{ name: 'Jane Citizen', email: 'jane@example.com', feedbackType: 'complaint', message: filled.message }]);
    expect(watched.errors).toEqual([]);
    await watched.context.close();
  });

  it('is whole before its script: General chosen and Submit live; a choice and a press made while the script is held back are sent once it comes', async () => {
    const watched = await openPage(browser, { viewport: { width: 375, height: 667 } });
    await watched.context.route(`${base}/**`, (route) => route.continue());
    // The form's own chunk is held until the visitor has typed, chosen and pressed Submit (and at least 3 s).
    let release = () => {};
    const released = new Promise<void>((done) => { release = done; });
    const held: string[] = [];
    await watched.context.route(/\/FeedbackForm-[^/]*\.js$/, async (route) => {
      held.push(new URL(route.request().url()).pathname);
      await Promise.all([released, new Promise((done) => setTimeout(done, 3000))]);
      await route.continue();
    });
    const sent: string[] = [];
    watched.page.on('request', (request) => { if (request.url().endsWith('/functions/v1/send-feedback') && request.method() === 'POST') sent.push(request.postData() ?? ''); });
    await watched.page.goto(`${base}/feedback`, { waitUntil: 'networkidle' });
    const submit = watched.page.getByRole('button', { name: 'Submit Feedback' });
    expect(await values(watched.page)).toEqual({ name: '', email: '', phone: '', message: '', complaint: false, general: true });
    expect(await submit.isEnabled()).toBe(true);

    await fillForm(watched.page);
    await submit.click();
    expect(held).toHaveLength(1);
    expect(await watched.page.locator('[data-island][data-hydrated]').count()).toBe(0);
    expect(await values(watched.page)).toEqual(filled);
    release();

    await expect.poll(() => watched.page.locator('[data-outcome]').textContent(), { timeout: limit(15_000) }).toContain(text.success);
    expect(sent).toHaveLength(1);
    expect(await stored()).toMatchObject([{ name: 'Jane Citizen', email: 'jane@example.com', phone: '08 8377 1234', feedbackType: 'complaint', message: filled.message }]);
    expect(watched.errors).toEqual([]);
    await watched.context.close();
  });

  it('without scripts: General chosen, and a press sends nothing and leaves the page and what was typed where they are', async () => {
    const watched = await openPage(browser, { viewport: { width: 375, height: 667 }, javaScriptEnabled: false });
    await watched.context.route(`${base}/**`, (route) => route.continue());
    const posts: string[] = [];
    watched.page.on('request', (request) => { if (request.method() !== 'GET') posts.push(request.url()); });
    await watched.page.goto(`${base}/feedback`, { waitUntil: 'networkidle' });
    expect(await values(watched.page)).toEqual({ name: '', email: '', phone: '', message: '', complaint: false, general: true });
    expect(await watched.page.locator('form noscript').count()).toBe(1);
    await fillForm(watched.page);
    await watched.page.getByRole('button', { name: 'Submit Feedback' }).click();
    await watched.page.waitForTimeout(500);
    expect(posts).toEqual([]);
    expect(new URL(watched.page.url()).pathname).toBe('/feedback');
    expect(await values(watched.page)).toEqual(filled);
    await watched.context.close();
  });

  for (const [name, answer] of [
    ['an HTTP 500 answer', 'http500'],
    ['a network failure', 'abort'],
  ] as const) {
    it(`shows the error notice after ${name}, logs it to the console and keeps every value`, async () => {
      const { page, context, errors } = await openForm();
      await page.route('**/functions/v1/send-feedback', (route) =>
        answer === 'abort'
          ? route.abort('failed')
          : route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong."}' }),
      );
      await fillForm(page);
      await page.getByRole('button', { name: 'Submit Feedback' }).click();

      const notice = page.getByRole('alert').locator('[data-outcome="failure"]');
      await expect.poll(() => notice.textContent(), { timeout: limit(10_000) }).toContain(text.failureDescription);
      expect(await notice.locator('p').first().textContent()).toBe(text.failure);
      // The practice's number beside the spec's words, to call instead.
      expect(await notice.getByRole('link', { name: '8377 1234' }).getAttribute('href')).toBe('tel:+61883771234');
      expect(errors.some((line) => line.includes('The feedback could not be sent'))).toBe(true);
      expect(await values(page)).toEqual(filled);
      expect(await page.getByRole('button', { name: 'Submit Feedback' }).isEnabled()).toBe(true);
      expect(await stored()).toEqual([]);
      await context.close();
    });
  }

  it('at 375 px the failure message covers no control, stays past 20 s, and goes when closed, the focus back on Submit', async () => {
    const { page, context, errors } = await openForm({ viewport: { width: 375, height: 667 } });
    await page.clock.install();
    await page.route('**/functions/v1/send-feedback', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong."}' }));
    await fillForm(page);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    const notice = page.locator('[data-outcome="failure"]');
    await notice.waitFor();
    await page.clock.runFor(20_000);
    expect(await notice.isVisible()).toBe(true);
    // Every control of the form and the page's fixed bars: the point at each one's middle is its own, not the message's.
    const covered = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('form input:not([tabindex="-1"]), form textarea, form button, aside a')]
      .filter((el) => el.checkVisibility())
      .flatMap((el) => {
        el.scrollIntoView({ block: 'center' });
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return top && (el === top || el.contains(top)) ? [] : [`${el.localName} ${el.textContent ?? ''} under ${top?.localName ?? 'nothing'}`];
      }));
    expect(covered).toEqual([]);
    await notice.getByRole('button', { name: 'Close' }).click();
    expect(await notice.count()).toBe(0);
    expect(errors.filter((line) => line.startsWith('pageerror'))).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Submit Feedback');
    expect(await values(page)).toEqual(filled);
    await context.close();
  });

  it('stores a submission once when its answer was lost and the visitor sends it again (same submissionId)', async () => {
    const { page, context } = await openForm();
    const sent: { submissionId?: string }[] = [];
    let loseAnswer = true;
    await page.route('**/functions/v1/send-feedback', async (route) => {
      if (route.request().method() === 'POST') sent.push(route.request().postDataJSON() as { submissionId?: string });
      if (!loseAnswer || route.request().method() !== 'POST') return route.continue();
      // The submission reaches the server and is stored; its answer never reaches the page.
      await route.fetch();
      loseAnswer = false;
      return route.abort('failed');
    });
    await fillForm(page);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect.poll(() => page.locator('[data-outcome]').count(), { timeout: limit(10_000) }).toBe(1);
    expect(await page.locator('[data-outcome]').getAttribute('data-outcome')).toBe('failure');
    expect(await values(page)).toEqual(filled);
    expect(await stored()).toHaveLength(1);

    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect.poll(() => page.locator('[data-outcome="success"]').count(), { timeout: limit(10_000) }).toBe(1);
    expect(await page.locator('[data-outcome="failure"]').count()).toBe(0);
    expect(sent).toHaveLength(2);
    expect(sent[0].submissionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1].submissionId).toBe(sent[0].submissionId);
    expect((await stored()).map((row) => row.message)).toEqual([filled.message]);
    await context.close();
  });

  it('sends nothing with an empty message and shows the error inline, on the field', async () => {
    const { page, context, requests, errors } = await openForm();
    await page.getByRole('textbox', { name: /^Your Name/ }).fill('Jane');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    const message = page.getByRole('textbox', { name: /^Your Message/ });
    await expect.poll(() => message.getAttribute('aria-invalid')).toBe('true');
    const error = page.getByText('Please enter your message.');
    expect(await error.isVisible()).toBe(true);
    expect((await message.getAttribute('aria-describedby'))?.split(' ')).toContain(await error.getAttribute('id'));
    expect(await message.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.waitForTimeout(300);
    expect(requests.filter((path) => path.startsWith('/functions/'))).toEqual([]);
    expect(requests.some((path) => path.endsWith(supabaseChunk))).toBe(false);
    expect(await stored()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the honeypot out of reach: not focusable by Tab and not in the accessibility tree', async () => {
    const { page, context } = await openForm();
    expect(await page.getByRole('textbox', { name: 'Leave this field empty' }).count()).toBe(0);
    await page.getByRole('textbox', { name: /^Your Message/ }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('type'))).toBe('submit');
    await context.close();
  });

  it('passes axe accessibility checks, before and after a failed attempt', async () => {
    // axe is injected as an inline script, which the site's Content-Security-Policy rightly refuses: bypass it here only.
    // Reduced motion: scroll-reveal fades would otherwise be measured half-way through.
    const { page, context } = await openForm({ bypassCSP: true, reducedMotion: 'reduce' });
    const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
    await page.addScriptTag({ path: axePath });
    const audit = () => page.evaluate(async () => {
      const result = await (window as unknown as { axe: { run: (c: unknown) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> } })
        .axe.run({ include: [['form']] });
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    expect(await audit()).toEqual([]);
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await page.getByText('Please enter your message.').waitFor();
    expect(await audit()).toEqual([]);
    await context.close();
  });
});

describe('the built site holds no secrets', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));

  it('no service-role key, database URL or server-side secret appears in any file', () => {
    const textual = files(distDir).filter((file) => /\.(html|js|mjs|css|json|txt|xml|webmanifest|map|svg)$|_headers$|_redirects$/.test(file));
    expect(textual.length).toBeGreaterThan(40);
    // Secrets of this machine's environment, if any are set, must not have been baked in either.
    const envSecrets = Object.entries(process.env)
      .filter(([key, value]) => /KEY|SECRET|SALT|PASSWORD|TOKEN|DB_URL/i.test(key) && key !== 'VITE_SUPABASE_ANON_KEY' && value && value.length >= 12)
      .map(([, value]) => value as string);
    const forbidden: [string, RegExp][] = [
      ['service_role', /service_role/i],
      ['SUPABASE_SERVICE_ROLE_KEY', /SERVICE_ROLE_KEY/],
      ['a Supabase secret key', /sb_secret_[A-Za-z0-9_-]{10,}/],
      ['a Postgres connection string', /postgres(?:ql)?:\/\/[^\s"'`]*@/],
      ['SUPABASE_DB_URL', /SUPABASE_DB_URL/],
      ['the rate-limit salt setting', /FEEDBACK_RATE_LIMIT_SALT/],
      ['the e-mail API key setting', /FEEDBACK_NOTIFY_API_KEY/],
    ];
    const found: string[] = [];
    for (const file of textual) {
      const content = readFileSync(file, 'utf8');
      for (const [what, pattern] of forbidden) if (pattern.test(content)) found.push(`${relative(distDir, file)}: ${what}`);
      for (const secret of envSecrets) if (content.includes(secret)) found.push(`${relative(distDir, file)}: a value of a secret environment variable`);
      // A JWT whose payload says role service_role.
      for (const jwt of content.match(/eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g) ?? []) {
        const payload = Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8');
        if (/service_role/.test(payload)) found.push(`${relative(distDir, file)}: a service-role JWT`);
      }
    }
    expect(found).toEqual([]);
  });
});
