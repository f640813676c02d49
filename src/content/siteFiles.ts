import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The practice's content: site.yaml, with public/ (files served as they are) and documents/ (texts made into files) beside it. */
export const DEFAULT_SITE_FILE = fileURLToPath(new URL('../../site.yaml', import.meta.url));

/** The site file to use: $SITE when set (another practice, a test fixture), else site.yaml at the root. */
export function siteFileFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.SITE ? resolve(env.SITE) : DEFAULT_SITE_FILE;
}

/** Files under public/ beside the site file are what links and images may point at. */
export function publicDirFor(siteFile: string): string {
  return join(dirname(siteFile), 'public');
}

/** Texts beside the site file that the build turns into downloads (PDFs, pictures), so they never go stale. */
export function documentsDirFor(siteFile: string): string {
  return join(dirname(siteFile), 'documents');
}

/** Every file under a folder as the address it is served at ('/downloads/x.pdf'). */
export function servedFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const full = join(folder, name);
      return statSync(full).isDirectory() ? walk(full) : ['/' + relative(dir, full).split(sep).join('/')];
    });
  return walk(dir);
}

/** Every address the site serves from the folders beside the site file: public/ as it is, and what the build makes from documents/. */
export function siteAddresses(siteFile: string): string[] {
  return [...servedFiles(publicDirFor(siteFile)), ...madeFiles(siteFile).map((f) => f.href)];
}

/**
 * One file the build makes from a source in documents/: where its source is and the address it is served at.
 * A portrait is one size (`width`, or the full picture without it) in one format (the address's extension).
 */
export interface MadeFile { source: string; href: string; kind: 'pdf' | 'picture' | 'picture-small' | 'portrait'; width?: number }

/** The kinds of picture staff can drop into documents/people/. */
export const PEOPLE_SOURCES = ['.svg', '.jpg', '.jpeg', '.png', '.webp'];
/** The full picture is at most this wide (a doctor's profile at twice its 420 CSS px, plus margin). */
export const PORTRAIT_WIDTH = 960;
/** Smaller copies: a card is about 320 CSS px wide, so 320 for ordinary screens and 640 for sharp (2x) ones. */
export const PORTRAIT_WIDTHS = [320, 640];
/** Every browser of the last years shows WebP; AVIF is smaller still, offered first where it is understood. */
export const PORTRAIT_FORMATS = ['avif', 'webp'] as const;

/** 'Dr Amelia Hart.JPG' -> 'dr-amelia-hart': a picture named by a person's name or slug gets an address without spaces. */
export function portraitName(file: string): string {
  return file.replace(/\.[^.]+$/, '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** documents/people/<name>.<svg|jpg|png|webp> -> /people/<name>.avif|.webp and -320/-640 copies of each. */
function portraits(peopleDir: string, names: string[]): MadeFile[] {
  const seen = new Set<string>();
  return [...names].sort()
    .filter((f) => PEOPLE_SOURCES.some((ext) => f.toLowerCase().endsWith(ext)))
    .flatMap((f): MadeFile[] => {
      const name = portraitName(f);
      // Two pictures of one person (x.jpg and x.png): the first is used; the build says so (scripts/documents.ts).
      if (!name || seen.has(name)) return [];
      seen.add(name);
      return PORTRAIT_FORMATS.flatMap((format) => [undefined, ...PORTRAIT_WIDTHS].map((width): MadeFile => ({
        source: join(peopleDir, f), href: `/people/${name}${width ? `-${width}` : ''}.${format}`, kind: 'portrait', width,
      })));
    });
}

/**
 * What the build makes from the files under documents/ (`paths` relative to that folder, as 'x.md', 'images/y.svg',
 * 'people/z.jpg'), wherever the listing came from: this computer's folder, or a commit on the Git host.
 */
export function madeFilesOf(dir: string, paths: string[]): MadeFile[] {
  const under = (folder: string) => paths.filter((p) => p.startsWith(`${folder}/`) && !p.slice(folder.length + 1).includes('/')).map((p) => p.slice(folder.length + 1));
  const texts = paths.filter((f) => !f.includes('/') && f.endsWith('.md') && f !== 'README.md').sort();
  const svgs = under('images').filter((f) => f.endsWith('.svg')).sort();
  const imageDir = join(dir, 'images');
  return [
    ...texts.map((f): MadeFile => ({ source: join(dir, f), href: `/downloads/${basename(f, '.md')}.pdf`, kind: 'pdf' })),
    ...svgs.flatMap((f): MadeFile[] => [
      { source: join(imageDir, f), href: `/downloads/${basename(f, '.svg')}.webp`, kind: 'picture' },
      { source: join(imageDir, f), href: `/downloads/${basename(f, '.svg')}-480.webp`, kind: 'picture-small' },
    ]),
    ...portraits(join(dir, 'people'), under('people')),
  ];
}

/**
 * documents/<name>.md -> /downloads/<name>.pdf; documents/images/<name>.svg -> /downloads/<name>.webp and a 480 px
 * /downloads/<name>-480.webp; documents/people/<name>.<svg|jpg|png|webp> -> /people/<name>.avif and .webp in three
 * sizes. Listed here (no rendering) so that the checker knows these addresses exist.
 */
export function madeFiles(siteFile: string): MadeFile[] {
  const dir = documentsDirFor(siteFile);
  if (!existsSync(dir)) return [];
  const listed = (folder: string) => (existsSync(join(dir, folder)) ? readdirSync(join(dir, folder)).map((f) => `${folder}/${f}`) : []);
  return madeFilesOf(dir, [...readdirSync(dir), ...listed('images'), ...listed('people')]);
}

/**
 * The addresses the site serves, from the paths of its content files (relative to the site file's folder, as
 * 'public/images/x.jpg' or 'documents/people/y.jpg'): what the checker needs when the files are on a Git host.
 */
export function addressesOf(paths: string[]): string[] {
  const under = (folder: string) => paths.filter((p) => p.startsWith(`${folder}/`)).map((p) => p.slice(folder.length + 1));
  return [...under('public').map((p) => `/${p}`), ...madeFilesOf('documents', under('documents')).map((f) => f.href)];
}
