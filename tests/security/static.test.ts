import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFakeSite, type FakeSite } from './fakeDist.ts';
import { limit } from '../../bench/machineSpeed.ts';

// `npm start` serves what the build made: a web page only as a page of the site (or the not-found page, or the
// editor's), a script or stylesheet only from the build's own folders, and no file as a service worker. A file that
// found its way into dist/ any other way (committed under public/, say) is not served as what it claims to be.
let site: FakeSite;

const FILES: Record<string, string> = {
  'images/x.html': '<!doctype html><script src="/images/x.js"></script>',
  'images/x.js': 'localStorage.getItem("site-editor-session")',
  'images/x.htm': '<!doctype html><p>planted</p>',
  'images/x.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><p>planted</p></html>',
  'sw.js': 'self.addEventListener("fetch", () => {})',
  'downloads/y.mjs': 'export {}',
  'people/z.css': 'body { color: red }',
  'assets/index-a1.js': 'console.log("the site")',
  'assets/index-a1.css': 'body { margin: 0 }',
  'admin/index.html': '<!doctype html><title>Site editor</title>',
  'admin/assets/index-b2.js': 'console.log("the editor")',
  'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'images/hero/a.webp': 'RIFF',
  'downloads/form.pdf': '%PDF-1.7',
  'people/dr-a.avif': 'avif',
};

beforeAll(async () => {
  site = await serveFakeSite('static-files-', {});
  for (const [path, text] of Object.entries(FILES)) {
    const file = join(site.work, 'dist', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}, limit(120_000));

afterAll(async () => { await site?.stop(); });

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${site.base}${path}`, { headers, redirect: 'manual' });

describe('what npm start serves from dist/', () => {
  it.each(['/images/x.html', '/images/x.htm', '/images/x.xhtml', '/404.html', '/index.html'])('%s is not served as a page of the site: 404', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('not found');
  });

  it.each(['/images/x.js', '/sw.js', '/downloads/y.mjs', '/people/z.css'])('%s is not served as a script or stylesheet: 404', async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it.each(['/admin/..%2fimages/x.html', '/admin/..%2fimages/x.js', '/assets/..%2fimages/x.js', '/admin/assets/..%2f..%2fsw.js', '/%2e%2e/images/x.html'])(
    '%s (a folder of the build on the way to another file) is no way around it: 404', async (path) => {
      expect((await get(path)).status).toBe(404);
    },
  );

  it('serves the pages, the build\'s scripts and styles, and the editor\'s', async () => {
    const answers = await Promise.all(['/', '/assets/index-a1.js', '/assets/index-a1.css', '/admin/', '/admin/assets/index-b2.js'].map(async (path) => `${path} ${(await get(path)).status}`));
    expect(answers).toEqual(['/ 200', '/assets/index-a1.js 200', '/assets/index-a1.css 200', '/admin/ 200', '/admin/assets/index-b2.js 200']);
  });

  it('answers no request for a service worker\'s script, not even for a file of the build', async () => {
    for (const path of ['/sw.js', '/assets/index-a1.js', '/admin/assets/index-b2.js', '/images/x.js', '/']) {
      const answer = await get(path, { 'Service-Worker': 'script' });
      expect(`${path} ${answer.status}`).toBe(`${path} 404`);
      expect(answer.headers.get('service-worker-allowed')).toBeNull();
    }
  });

  it('declares every file\'s type and forbids guessing another (nosniff), pictures, downloads and portraits included', async () => {
    const paths = ['/', '/images/logo.svg', '/images/hero/a.webp', '/downloads/form.pdf', '/people/dr-a.avif', '/assets/index-a1.js', '/admin/', '/images/x.html', '/no-such-page'];
    for (const path of paths) {
      const answer = await get(path);
      expect(`${path} ${answer.headers.get('x-content-type-options')}`).toBe(`${path} nosniff`);
      expect(answer.headers.get('content-type')).toBeTruthy();
      expect(answer.headers.get('service-worker-allowed')).toBeNull();
    }
  });
});
