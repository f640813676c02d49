/*
 * Which addresses the site serves from its content files, worked out from their names alone (no file system), so
 * that the checker gives the same answer for this computer's folders and for a commit on the Git host.
 */

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
      // Two pictures of one person (x.jpg and x.png): the first is used; the build says so (build/documents.ts).
      if (!name || seen.has(name)) return [];
      seen.add(name);
      return PORTRAIT_FORMATS.flatMap((format) => [undefined, ...PORTRAIT_WIDTHS].map((width): MadeFile => ({
        source: `${peopleDir}/${f}`, href: `/people/${name}${width ? `-${width}` : ''}.${format}`, kind: 'portrait', width,
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
  const imageDir = `${dir}/images`;
  return [
    ...texts.map((f): MadeFile => ({ source: `${dir}/${f}`, href: `/downloads/${f.slice(0, -'.md'.length)}.pdf`, kind: 'pdf' })),
    ...svgs.flatMap((f): MadeFile[] => [
      { source: `${imageDir}/${f}`, href: `/downloads/${f.slice(0, -'.svg'.length)}.webp`, kind: 'picture' },
      { source: `${imageDir}/${f}`, href: `/downloads/${f.slice(0, -'.svg'.length)}-480.webp`, kind: 'picture-small' },
    ]),
    ...portraits(`${dir}/people`, under('people')),
  ];
}

/**
 * The addresses the site serves, from the paths of its content files (relative to the site file's folder, as
 * 'public/images/x.jpg' or 'documents/people/y.jpg'): what the checker needs when the files are on a Git host.
 */
export function addressesOf(paths: string[]): string[] {
  const under = (folder: string) => paths.filter((p) => p.startsWith(`${folder}/`)).map((p) => p.slice(folder.length + 1));
  return [...under('public').map((p) => `/${p}`), ...madeFilesOf('documents', under('documents')).map((f) => f.href)];
}
