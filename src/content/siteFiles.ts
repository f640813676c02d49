import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { madeFilesOf, type MadeFile } from './madeFiles.ts';

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

