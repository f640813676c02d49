import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions, type Page } from 'playwright-core';
import { chromeFlags } from './common.ts';
import { limit } from './machineSpeed.ts';

/** Playwright's own limit on a wait, set for a quiet machine. */
const PLAYWRIGHT_WAIT_MS = 30_000;

/**
 * Debian's headless shell first: the tests need no window, and it is Chromium's own engine without the browser's
 * user interface around it (measured here: a visit with axe, 0.55 core-seconds against 1.3 in the whole browser).
 * It has no PDF viewer, though (it downloads a PDF instead of drawing it): 'browser' asks for the whole browser.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
let toldOfShell = false;
const candidates = [process.env.CHROMIUM_PATH, SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Debian's Chromium (its headless shell where installed): found where it is, installed with apt when we are root, else a clear way forward. */
export function findChromium(kind: 'shell' | 'browser' = 'shell'): string {
  const find = () => candidates.find((path): path is string => Boolean(path && (kind === 'shell' || path !== SHELL) && existsSync(path)));
  const found = find();
  if (found && kind === 'shell' && found !== SHELL && found !== process.env.CHROMIUM_PATH && !toldOfShell) {
    toldOfShell = true;
    console.log('Chromium\'s headless shell is not installed, so the whole browser runs instead, at about twice the processor time. Install it with `sudo apt-get install chromium-headless-shell`.');
  }
  if (found) return found;
  if (process.getuid?.() === 0) {
    console.log('Chromium is missing; installing Debian\'s chromium and chromium-headless-shell packages...');
    execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell'], { stdio: 'inherit' });
    const installed = find();
    if (installed) return installed;
  }
  throw new Error('Chromium was not found. Install it with `sudo apt-get install chromium chromium-headless-shell`, or set CHROMIUM_PATH to a Chromium binary.');
}

/**
 * Debian's Chromium, reaching no other machine (chromeFlags). Playwright waits 30 s for an element, an action or a
 * navigation whatever the machine: here each such wait without a limit of its own is the quiet machine's 30 s times
 * how much slower this one runs (bench/machineSpeed.ts), so that a busy machine does not fail a wait that would end.
 */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({ args: chromeFlags, ...options, executablePath: options.executablePath ?? findChromium() });
  const newContext = browser.newContext.bind(browser);
  // browser.newPage opens its page's context through this too.
  browser.newContext = async (contextOptions) => {
    const context = await newContext(contextOptions);
    context.setDefaultTimeout(limit(PLAYWRIGHT_WAIT_MS));
    return context;
  };
  return browser;
}

/**
 * Renders every block of the page at once. A browser renders a block away from the screen only as a visitor nears it
 * (content-visibility); a picture of the whole page, or axe reading the colours behind text, needs every block as a
 * visitor sees it once it is on screen. Set through the style property, which the page's style policy allows.
 */
export function renderEveryBlock(page: Page): Promise<void> {
  return page.evaluate(() => {
    for (const block of document.querySelectorAll<HTMLElement>('main > div')) block.style.contentVisibility = 'visible';
  });
}
