/** The editor's preview at /admin: how long a change takes to be drawn. */
import { chromeFlags, chromePath } from './common.ts';

/**
 * Run in the page as a string: tsx names the functions it compiles with a helper the page does not have. Makes the
 * frame (the preview page as its own document, sandboxed as the editor's), then sends the changes one by one, each
 * timed to the frame drawn.
 */
export const PREVIEW_TIMING = `async ({ text, path, total }) => {
  const frame = document.createElement('iframe');
  frame.width = '1280';
  frame.height = '900';
  frame.sandbox = 'allow-scripts';
  frame.srcdoc = await (await fetch('/admin/preview.html')).text();
  const loaded = new Promise((done) => frame.addEventListener('load', done, { once: true }));
  document.body.append(frame);
  await loaded;
  const shown = () => new Promise((done) => {
    const answer = (event) => {
      if (event.source !== frame.contentWindow || event.data.type !== 'preview:shown') return;
      removeEventListener('message', answer);
      requestAnimationFrame(() => done());
    };
    addEventListener('message', answer);
  });
  const send = (version) => frame.contentWindow.postMessage({ type: 'editor:site', text: version, path }, '*');
  const first = shown();
  send(text);
  await first;
  const taken = [];
  for (let i = 0; i < total; i++) {
    const minutes = String(10 + (i % 40)).padStart(2, '0');
    const changed = text.replace(/closes: "(\\d\\d):\\d\\d"/, (all, hour) => 'closes: "' + hour + ':' + minutes + '"');
    if (changed === text) throw new Error('The site file has no closing time to change.');
    const done = shown();
    const started = performance.now();
    send(changed);
    await done;
    taken.push(performance.now() - started);
  }
  return taken;
}`;

/** The editor's preview at /admin: from a changed text posted to the preview page to the change drawn, in ms. */
export interface PreviewFigures { changes: number; path: string; medianMs: number; p90Ms: number; maxMs: number }

/**
 * The hosted editor's preview as the editor drives it: the preview page as a frame's own document on /admin (under
 * the admin's policy), sent the site file with the weekday closing time changed, `total` times; each time from the
 * message to the frame drawn (its answer, then the next animation frame).
 */
export async function measurePreview(base: string, text: string, path = '/', total = 20): Promise<PreviewFigures> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/admin/`);
    const times = (await page.evaluate(`(${PREVIEW_TIMING})(${JSON.stringify({ text, path, total })})`)) as number[];
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
    return { changes: times.length, path, medianMs: pct(50), p90Ms: pct(90), maxMs: times.at(-1) ?? 0 };
  } finally {
    await browser.close();
  }
}
