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

/** One file the build makes from a text in documents/: where its source is and the address it is served at. */
export interface MadeFile { source: string; href: string; kind: 'pdf' | 'picture' | 'picture-small' }

/**
 * documents/<name>.md -> /downloads/<name>.pdf; documents/images/<name>.svg -> /downloads/<name>.webp and a 480 px
 * /downloads/<name>-480.webp. Listed here (no rendering) so that the checker knows these addresses exist.
 */
export function madeFiles(siteFile: string): MadeFile[] {
  const dir = documentsDirFor(siteFile);
  if (!existsSync(dir)) return [];
  const texts = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md').sort();
  const imageDir = join(dir, 'images');
  const svgs = existsSync(imageDir) ? readdirSync(imageDir).filter((f) => f.endsWith('.svg')).sort() : [];
  return [
    ...texts.map((f): MadeFile => ({ source: join(dir, f), href: `/downloads/${basename(f, '.md')}.pdf`, kind: 'pdf' })),
    ...svgs.flatMap((f): MadeFile[] => [
      { source: join(imageDir, f), href: `/downloads/${basename(f, '.svg')}.webp`, kind: 'picture' },
      { source: join(imageDir, f), href: `/downloads/${basename(f, '.svg')}-480.webp`, kind: 'picture-small' },
    ]),
  ];
}
