/**
 * Every port the project opens, as a web page on another site or a curious program would try it: the editor and its
 * preview (`npm run edit`), the dev server (`npm run dev`, the project's own vite.config.ts) and the site's server
 * (`npm start`, on a small dist/). None serves the local feedback database, git's files, environment files or Vite's
 * caches; none opens a file in a program on request; the development pages carry the site's policy and can only be
 * framed by the editor; a practice's name is text in the page, never markup.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEditor, type RunningEditor } from '../../server/local/editServer.ts';
import { buildInfoDir } from '../../server/local/buildInfo.ts';
import { startServer } from '../../server/local/serve.ts';
import { fakeDist } from '../security/fakeDist.ts';
import { sandbox, type Sandbox } from './sandbox.ts';
import { limit } from '../../bench/machineSpeed.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const NAME = `Banksia</title><script>window.injected = 1</script> & "Sons" 'Co' $& $'`;
const ESCAPED = 'Banksia&lt;/title&gt;&lt;script&gt;window.injected = 1&lt;/script&gt; &amp; &quot;Sons&quot; &#39;Co&#39; $&amp; $&#39;';

interface Answer { status: number; headers: IncomingHttpHeaders; text: string }

/** A GET with the path sent as written (no clean-up of "..") and the Host header given, as any program can send it. */
const get = (port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> => new Promise((resolve, reject) => {
  request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
  }).on('error', reject).end();
});

let box: Sandbox;
let editor: RunningEditor;
let dev: ViteDevServer;
let devPort: number;
let site: Server;
let sitePort: number;
let work: string;
const cleanups: (() => void)[] = [];
/** The probe files under the project, as the Vite servers would serve them. */
let texts: Record<string, string> = {};

/** A file to probe for, made for this test where it is missing and removed afterwards; returns its text. */
function probeFile(path: string, text: string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8');
  const top = [ROOT, work].find((base) => path.startsWith(base)) ?? ROOT;
  // Remove the highest folder this made, so nothing of the test stays behind.
  const made = path.slice(top.length + 1).split('/').map((_, i, all) => join(top, ...all.slice(0, i + 1))).find((p) => !existsSync(p)) ?? path;
  try {
    mkdirSync(join(path, '..'), { recursive: true });
  } catch {
    return text; // a file where a folder would be (.git is a file in a second working tree): nothing to find there
  }
  writeFileSync(path, text);
  cleanups.push(() => rmSync(made, { recursive: true, force: true }));
  return text;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'serving-'));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  box = sandbox('minimal');
  cleanups.push(() => box.cleanup());
  writeFileSync(box.siteFile, readFileSync(box.siteFile, 'utf8').replace('name: Banksia Flat Health', () => `name: ${JSON.stringify(NAME)}`));
  texts = Object.fromEntries(Object.entries(SECRETS).map(([path, text]) => [path, probeFile(join(ROOT, path), text)]));
  editor = await startEditor({ siteFile: box.siteFile, port: 0, ui: true });
  vi.stubEnv('SITE', box.siteFile);
  dev = await createServer({
    configFile: join(ROOT, 'vite.config.ts'), root: ROOT, logLevel: 'silent', cacheDir: join(work, 'vite-cache'),
    server: { port: 0, strictPort: false, host: '127.0.0.1' },
  });
  await dev.listen();
  devPort = Number(new URL(dev.resolvedUrls?.local[0] ?? '').port);
  const dist = fakeDist(join(work, 'dist'));
  cleanups.push(() => rmSync(buildInfoDir(dist), { recursive: true, force: true }));
  for (const [path, text] of Object.entries(SECRETS)) probeFile(join(dist, path), text);
  site = await startServer({ distDir: dist, port: 0, host: '127.0.0.1' });
  const address = site.address();
  sitePort = typeof address === 'object' && address ? address.port : 0;
}, limit(180_000));

afterAll(async () => {
  vi.unstubAllEnvs();
  await editor?.close();
  await dev?.close();
  await new Promise((done) => (site ? site.close(done) : done(undefined)));
  for (const clean of cleanups.reverse()) clean();
});

/** What each probe must never see, by path under the folder served. */
const SECRETS: Record<string, string> = {
  '.data/feedback.salt': 'salt-of-the-feedback-database',
  '.data/feedback/PG_VERSION': '17-feedback-database',
  '.git/config': '[core]\n\trepositoryformatversion = 0\n',
  '.env.serving-test': 'VITE_SECRET=serving-test-secret\n',
  'node_modules/.vite-serving-test/deps/_metadata.json': '{"hash":"serving-test-metadata"}',
};

describe('no port serves the feedback database, git, environment files or Vite\'s caches', () => {
  const suffixes = ['', '?raw', '?import', '?url'];
  const paths = (base: string) => Object.keys(SECRETS).flatMap((path) => [
    ...suffixes.map((suffix) => `/${path}${suffix}`),
    `/@fs${base}/${path}`,
    `/${path.replace(/^\./, '%2e')}`,
    `/src/%2e%2e/${path}`,
  ]);

  it.each([['the editor', () => editor.port], ['its preview', () => editor.previewPort], ['npm run dev', () => devPort]])('%s', async (_name, port) => {
    const answers: string[] = [];
    for (const path of [...paths(ROOT), '/node_modules/.vite-preview/deps/_metadata.json', '/node_modules/.vite-editor/deps/_metadata.json']) {
      const answer = await get(port(), path);
      const leaked = Object.values(texts).some((text) => answer.text.includes(text.trim().split('\n')[0])) || /"optimized"|"browserHash"/.test(answer.text);
      if (answer.status !== 403 || leaked) answers.push(`${path}: ${answer.status}${leaked ? ' with the file' : ''}`);
    }
    expect(answers).toEqual([]);
  }, limit(60_000));

  it('npm start', async () => {
    const answers: string[] = [];
    for (const path of paths(join(work, 'dist'))) {
      const answer = await get(sitePort, path);
      const leaked = Object.values(SECRETS).some((text) => answer.text.includes(text.trim().split('\n')[0]));
      if (answer.status !== 404 || leaked) answers.push(`${path}: ${answer.status}${leaked ? ' with the file' : ''}`);
    }
    expect(answers).toEqual([]);
  }, limit(60_000));

  it('the development servers serve the site\'s sources and public files, not the project\'s other files', async () => {
    for (const port of [editor.previewPort, devPort]) {
      expect((await get(port, '/src/site/entry-client.tsx')).status).toBe(200);
      expect((await get(port, '/favicon.svg')).status).toBe(200);
      for (const path of ['/package.json', '/package.json?raw', '/vite.config.ts', '/build/headers.ts', '/server/local/serve.ts', '/tsconfig.json?raw']) {
        expect((await get(port, path)).status, `${port}${path}`).toBe(403);
      }
    }
  });
});

describe('a web page elsewhere cannot make these servers act', () => {
  it('never opens a file in a program (Vite\'s open-in-editor is off on every development port)', async () => {
    const marker = join(work, 'opened.txt');
    const program = join(work, 'open-file.sh');
    writeFileSync(program, `#!/bin/sh\necho "$@" >> '${marker}'\n`);
    chmodSync(program, 0o755);
    vi.stubEnv('LAUNCH_EDITOR', program);
    for (const port of [editor.port, editor.previewPort, devPort]) {
      const answer = await get(port, `/__open-in-editor?file=${encodeURIComponent(box.siteFile)}`);
      expect(answer.status, String(port)).toBe(403);
    }
    await new Promise((done) => setTimeout(done, 1_000));
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses what a browser marks as sent from another website, and the editor\'s API refuses its neighbours too', async () => {
    const crossSite = { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' };
    for (const port of [editor.port, editor.previewPort, devPort]) {
      expect((await get(port, '/', crossSite)).status, String(port)).toBe(403);
      expect((await get(port, '/', { 'sec-fetch-site': 'same-origin' })).status, String(port)).toBe(200);
    }
    expect((await get(editor.port, '/api/document', { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await get(editor.port, '/api/document', { 'sec-fetch-site': 'none' })).status).toBe(200);
    // The editor shows the preview's pictures beside the form.
    expect((await get(editor.previewPort, '/favicon.svg', { 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'image' })).status).toBe(200);
  });
});

describe('the development pages', () => {
  it('show a practice name with markup in it as text, in the preview and in npm run dev', async () => {
    for (const port of [editor.previewPort, devPort]) {
      const page = await get(port, '/');
      expect(page.status).toBe(200);
      expect(page.text).toContain(`<title>${ESCAPED}</title>`);
      expect(page.text).not.toContain('<script>window.injected');
    }
  });

  it('carry the site\'s policy, with only what Vite\'s client needs added', async () => {
    const policyOf = async (port: number) => {
      const header = String((await get(port, '/')).headers['content-security-policy']);
      return Object.fromEntries(header.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));
    };
    const hashed = /^'sha256-[A-Za-z0-9+/]+=*'$/;
    for (const [port, framedBy] of [[editor.previewPort, [`http://127.0.0.1:${editor.port}`, `http://localhost:${editor.port}`]], [devPort, ["'none'"]]] as const) {
      const policy = await policyOf(port);
      expect(Object.keys(policy)).toEqual(['default-src', 'script-src', 'style-src', 'img-src', 'font-src', 'connect-src', 'manifest-src', 'object-src', 'base-uri', 'frame-ancestors', 'form-action']);
      // Inline scripts by their hashes only: no nonce, so a script written into the page by the content never runs.
      expect(policy['script-src'][0]).toBe("'self'");
      expect(policy['script-src'].slice(1).every((source) => hashed.test(source))).toBe(true);
      expect(policy['style-src'].filter((source) => source !== "'self'" && !hashed.test(source))).toEqual([expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{24}'$/)]);
      expect(policy['connect-src']).toEqual(["'self'", `ws://127.0.0.1:${port}`]);
      expect(policy['frame-ancestors']).toEqual(framedBy);
      expect(policy['object-src']).toEqual(["'none'"]);
    }
  });
});

describe('framing', () => {
  const editorOnly = () => `frame-ancestors http://127.0.0.1:${editor.port} http://localhost:${editor.port}`;

  it('every answer of the editor may be framed by the editor itself only', async () => {
    const answers = [
      await get(editor.port, '/'),
      await get(editor.port, '/api/document'),
      await get(editor.port, '/api/nothing-here'),
      await get(editor.port, '/@vite/client'),
      await get(editor.port, '/src/editor/main.tsx'),
      await get(editor.port, '/.git/config'),
      await get(editor.port, '/', { host: `elsewhere.example:${editor.port}` }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 200, 200, 403, 403]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'self'");
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('every answer of the preview may be framed by the editor only', async () => {
    const answers = [
      await get(editor.previewPort, '/'),
      await get(editor.previewPort, '/some/page/that/is/not/there'),
      await get(editor.previewPort, '/@vite/client'),
      await get(editor.previewPort, '/favicon.svg'),
      await get(editor.previewPort, '/.data/feedback.salt'),
      await get(editor.previewPort, '/', { host: `elsewhere.example:${editor.previewPort}` }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 403, 403]);
    for (const answer of answers) {
      const policy = String(answer.headers['content-security-policy']);
      expect(policy.split('; ').filter((d) => d.startsWith('frame-ancestors'))).toEqual([editorOnly()]);
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});

