/**
 * A file committed under public/ is published as it is: a web page or a script there would run on the site's own
 * origin, where /admin keeps its sign-in. The checker (and so the build, and `npm start`) refuses every kind of file
 * the content has no use for, named by its path, before anything is built.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatError } from '../../src/content/errorFormat.ts';
import { loadSite } from '../../src/content/load.ts';
import { limit } from '../../bench/machineSpeed.ts';

const root = resolve(import.meta.dirname, '..', '..');
const minimal = join(root, 'tests', 'fixtures', 'minimal-site');
const KINDS = '.pdf, .doc, .docx, .txt, .svg, .webp, .avif, .png, .jpg, .jpeg, .gif, .ico, .mp4, .webm';

/** Every kind a browser could run as a page, a script, a style or a worker, or that only a program reads. */
const PLANTED = ['images/x.html', 'sw.js', 'images/x.htm', 'a/b.mjs', 'c.cjs', 'page.xhtml', 'feed.xml', 'data.json', 'm.wasm', 'style.css', 'images/y.shtml', 'CNAME'];

let work: string;
let siteFile: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'planted-files-'));
  cpSync(minimal, work, { recursive: true });
  siteFile = join(work, 'site.yaml');
});
afterAll(() => { if (work) rmSync(work, { recursive: true, force: true }); });

function plant(paths: string[]) {
  for (const path of paths) {
    mkdirSync(dirname(join(work, 'public', path)), { recursive: true });
    writeFileSync(join(work, 'public', path), '<script>alert(document.domain)</script>');
  }
}

const expected = (path: string) => {
  const extension = /\.[a-z0-9]+$/i.exec(path)?.[0];
  const what = extension
    ? `public/${path} is a kind of file the site does not serve (${extension}).`
    : `public/${path} has no ending such as .pdf or .jpg that says what kind of file it is.`;
  const located = relative(process.cwd(), join(work, 'public', path));
  return `${located}:1:1  The whole file [(file)]  ${what} Remove it: public/ may hold only pictures, videos and documents (${KINDS}).`;
};

describe('files under public/ that the site would not serve as they are', () => {
  it('are each refused by the checker, in plain words naming the file, and nothing else is', () => {
    plant(PLANTED);
    // What operating systems leave in a folder of pictures is no part of the site, and harmless as it is.
    plant(['images/.DS_Store', 'Thumbs.db', 'robots.txt', 'favicon.ico']);
    try {
      const result = loadSite(siteFile);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.errors.map(formatError).sort()).toEqual(PLANTED.map(expected).sort());
      expect(new Set(result.errors.map((e) => e.name))).toEqual(new Set(['UnservedFileKind']));
    } finally {
      rmSync(join(work, 'public'), { recursive: true, force: true });
      cpSync(join(minimal, 'public'), join(work, 'public'), { recursive: true });
    }
  });

  it('are refused in a listing from the Git host too (a draft of the editor at /admin)', () => {
    const listed = ['/images/logo.svg', '/images/hills.svg', '/images/team/rosa-quinlan.svg', '/favicon.svg', '/images/x.html', '/sw.js'];
    const result = loadSite(siteFile, undefined, listed);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.message)).toEqual([
      `public/images/x.html is a kind of file the site does not serve (.html). Remove it: public/ may hold only pictures, videos and documents (${KINDS}).`,
      `public/sw.js is a kind of file the site does not serve (.js). Remove it: public/ may hold only pictures, videos and documents (${KINDS}).`,
    ]);
  });

  it('stop `npm run build` before it builds anything', () => {
    plant(['images/x.html', 'sw.js']);
    const out = join(work, 'dist');
    try {
      const built = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/build.ts'), '--outDir', out], {
        cwd: root, encoding: 'utf8', env: { ...process.env, SITE: siteFile },
      });
      expect(built.status).toBe(1);
      expect(built.stderr).toContain(expected('images/x.html'));
      expect(built.stderr).toContain(expected('sw.js'));
      expect(built.stderr).toContain('2 problems in the site content.');
      expect(existsSync(out)).toBe(false);
    } finally {
      rmSync(join(work, 'public', 'images', 'x.html'));
      rmSync(join(work, 'public', 'sw.js'));
    }
  }, limit(120_000));

  it('leave the practice as it is alone: both fixtures pass', () => {
    expect(loadSite(siteFile).ok).toBe(true);
    expect(loadSite(join(root, 'tests', 'fixtures', 'saltbush', 'site.yaml')).ok).toBe(true);
  });
});
