// The tests' Chromium reaches this machine's 127.0.0.1 and nothing else, by its own switch (bench/common.ts): no test
// intercepts requests to keep them on the machine, so the switch is what keeps them here.
import { createServer, type Server } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../bench/browser.ts';
import { limit } from '../../bench/machineSpeed.ts';

let server: Server;
let port: number;
let browser: Browser;

beforeAll(async () => {
  // On every address of this machine, so that only the browser's switch can refuse the others.
  server = createServer((_request, response) => response.end('<!doctype html><title>here</title>'));
  await new Promise<void>((done) => server.listen(0, '0.0.0.0', done));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  browser = await launchChromium();
}, limit(60_000));

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

/** What loading `url` gives: its status, or the browser's error for it. */
async function load(url: string): Promise<string> {
  const page = await browser.newPage();
  try {
    return await page.goto(url, { timeout: limit(10_000) }).then((response) => `status ${response?.status()}`, (error: Error) => /net::\w+/.exec(error.message)?.[0] ?? error.message);
  } finally {
    await page.close();
  }
}

describe('the tests\' Chromium', () => {
  it('loads a page from 127.0.0.1', async () => {
    expect(await load(`http://127.0.0.1:${port}/`)).toBe('status 200');
  });

  it('cannot reach the same server by another name or address, nor any other host', async () => {
    const others = Object.values(networkInterfaces()).flat().filter((a) => a?.family === 'IPv4' && !a.internal).map((a) => a?.address);
    for (const host of ['localhost', ...others, 'example.com', '93.184.215.14']) {
      expect(`${host}: ${await load(`http://${host}:${port}/`)}`).toBe(`${host}: net::ERR_NAME_NOT_RESOLVED`);
    }
  });
});
