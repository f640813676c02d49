import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMadeFile, type PracticeDetails } from '../../build/documents.ts';
import { renderPortrait, unusedPortraits } from '../../build/people.ts';
import { portraitSvg } from '../../scripts/portraits.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { catalogue } from '../../src/content/errors.ts';
import { loadSite } from '../../src/content/load.ts';
import { portraitName, PORTRAIT_WIDTH, PORTRAIT_WIDTHS, type MadeFile } from '../../src/content/madeFiles.ts';
import { madeFiles } from '../../src/content/siteFiles.ts';

const practice: PracticeDetails = { name: 'Test Practice' };
let root = '';
let siteFile = '';
let people = '';

// A practice folder of its own: site.yaml (not read here) with documents/people/ beside it.
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'site-people-'));
  siteFile = join(root, 'site.yaml');
  writeFileSync(siteFile, 'site: { name: Test Practice }\n');
  people = join(root, 'documents', 'people');
  mkdirSync(people, { recursive: true });
  writeFileSync(join(people, 'dr-ada-lane.svg'), portraitSvg('Dr Ada Lane', 'dr-ada-lane'));
  // A photo named by the person's name, taller than wide, as a camera would give it.
  await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#88aacc' } }).jpeg().toFile(join(people, 'Zoë Brown.jpg'));
  writeFileSync(join(people, 'README.md'), '# not a picture');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const byHref = (files: MadeFile[], href: string) => files.find((f) => f.href === href)!;

describe('pictures of people in documents/people/', () => {
  it('are listed for the checker: AVIF and WebP, full size and each smaller width, named without spaces', () => {
    const made = madeFiles(siteFile).filter((f) => f.kind === 'portrait');
    const sizes = ['', ...PORTRAIT_WIDTHS.map((w) => `-${w}`)];
    const expected = ['dr-ada-lane', 'zoe-brown'].flatMap((name) => ['avif', 'webp'].flatMap((ext) => sizes.map((s) => `/people/${name}${s}.${ext}`)));
    expect(made.map((f) => f.href).sort()).toEqual(expected.sort());
    expect(byHref(made, '/people/zoe-brown-320.webp')).toMatchObject({ source: join(people, 'Zoë Brown.jpg'), width: 320 });
    expect(portraitName('Dr Amelia Hart.JPG')).toBe('dr-amelia-hart');
  });

  it('become AVIF and WebP files of the listed widths, in proportion, small enough for a card', async () => {
    const made = madeFiles(siteFile).filter((f) => f.kind === 'portrait');
    for (const [name, ratio] of [['dr-ada-lane', 1], ['zoe-brown', 4 / 3]] as const) {
      for (const ext of ['avif', 'webp']) {
        for (const width of [PORTRAIT_WIDTH, ...PORTRAIT_WIDTHS]) {
          const href = `/people/${name}${width === PORTRAIT_WIDTH ? '' : `-${width}`}.${ext}`;
          const bytes = Buffer.from(await renderMadeFile(byHref(made, href), practice, root));
          const meta = await sharp(bytes).metadata();
          expect(meta.format, href).toBe(ext === 'avif' ? 'heif' : 'webp');
          if (ext === 'avif') expect(meta.compression, href).toBe('av1');
          expect([meta.width, meta.height], href).toEqual([width, Math.round(width * ratio)]);
          // The illustrated portraits are line art: a card's copy stays a few KB.
          if (name === 'dr-ada-lane') expect(bytes.length, href).toBeLessThan(width === 320 ? 8_000 : 30_000);
        }
      }
    }
  });

  it('says in plain words which file is damaged or too small', async () => {
    const bad = join(root, 'bad');
    mkdirSync(join(bad, 'documents', 'people'), { recursive: true });
    writeFileSync(join(bad, 'documents', 'people', 'dr-broken.jpg'), 'this is not a photo');
    await sharp({ create: { width: 100, height: 100, channels: 3, background: '#fff' } }).png().toFile(join(bad, 'documents', 'people', 'tiny.png'));
    const [broken, tiny] = ['dr-broken', 'tiny'].map((name) => byHref(madeFiles(join(bad, 'site.yaml')), `/people/${name}.webp`));
    await expect(renderMadeFile(broken, practice, bad)).rejects.toThrow('documents/people/dr-broken.jpg: this picture could not be opened. It may be damaged');
    await expect(renderMadeFile(tiny, practice, bad)).rejects.toThrow('documents/people/tiny.png: this picture is only 100 pixels wide');
    await expect(renderPortrait(Buffer.from('<svg'), 'avif', 320, 'x.svg')).rejects.toThrow(/^x\.svg: this picture could not be opened/);
  });

  it('warns when two pictures have the same name, and uses the first', () => {
    copyFileSync(join(people, 'Zoë Brown.jpg'), join(people, 'zoe-brown.png'));
    try {
      expect(madeFiles(siteFile).filter((f) => f.href === '/people/zoe-brown.webp').map((f) => f.source)).toEqual([join(people, 'Zoë Brown.jpg')]);
      expect(unusedPortraits(siteFile)).toEqual(['documents/people/zoe-brown.png is not used: another picture in that folder has the same name. Remove one of them.']);
    } finally {
      rmSync(join(people, 'zoe-brown.png'));
    }
    expect(readdirSync(people)).not.toContain('zoe-brown.png');
  });

  it('a missing picture of a person tells staff where to put the photo', () => {
    expect(catalogue.MissingFile('/people/dr-ada-lane-320.avif', undefined)).toBe(
      'There is no picture for "/people/dr-ada-lane-320.avif". Put the person\'s photo in documents/people/ named dr-ada-lane.jpg (or .png, .webp, .svg), or fix the path.');
  });

  it('the sample portraits are the same for the same name, and differ between names', () => {
    expect(portraitSvg('Dr Ada Lane', 'dr-ada-lane')).toBe(portraitSvg('Dr Ada Lane', 'dr-ada-lane'));
    expect(portraitSvg('Dr Ada Lane', 'dr-ada-lane')).not.toBe(portraitSvg('Dr Bo Lane', 'dr-bo-lane'));
  });

  it('the checker finds every smaller copy and AVIF copy a picture says it has', () => {
    const text = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
    const hero = /\{ src: (\/images\/hero\/[\w-]+)\.webp, alt: "", width: 1920, height: 1080, widths: \[640, 1280\] \}/.exec(text)!;
    const broken = loadSite(SALTBUSH_SITE_FILE, text.replace(hero[0], hero[0].replace('widths: [640, 1280]', 'widths: [640, 1000], avif: true')));
    expect(broken.ok).toBe(false);
    const missing = broken.ok ? [] : broken.errors.filter((e) => e.name === 'MissingFile').map((e) => /"([^"]+)"/.exec(e.message)?.[1]);
    expect(missing).toEqual([`${hero[1]}-1000.webp`, `${hero[1]}.avif`, `${hero[1]}-640.avif`, `${hero[1]}-1000.avif`]);
  });
});
