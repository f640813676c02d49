import { CONTENT_FILE_TYPES, contentFileType } from '../fileTypes.ts';
import { isAustralianPhone } from '../phone.ts';
import { normalisePath } from '../paths.ts';
import { getAt, parsePointer } from '../pointer.ts';
import { closestPath } from '../suggest.ts';
import { entityKey } from '../ids.ts';
import { isObject, list, type Check, type CheckContext, type Loose, type Path } from './context.ts';

/** Every path a visitor can open: pages, one per entry for profile pages, and aliases. */
function knownPaths(data: Loose): Set<string> {
  const paths = new Set<string>();
  const entities = isObject(data.entities) ? data.entities : {};
  for (const page of list(data.pages)) {
    if (!isObject(page) || typeof page.path !== 'string') continue;
    if (typeof page.each === 'string') {
      for (const item of list(entities[page.each])) if (isObject(item)) paths.add(page.path.replace(':slug', () => entityKey(item)));
    } else {
      paths.add(page.path);
    }
    for (const alias of list(page.aliases)) if (typeof alias === 'string') paths.add(alias);
  }
  return paths;
}

function fileChecker(files: string[]) {
  const served = new Set(files);
  return (path: string) => {
    let decoded = path;
    try { decoded = decodeURIComponent(path); } catch { /* keep as written */ }
    return served.has(decoded);
  };
}

/** Why a web address would not work, in words, or undefined when it is fine. */
function urlProblem(href: string): string | undefined {
  if (/\s/.test(href)) return 'it has a space in it';
  try {
    const url = new URL(href);
    if (!url.hostname.includes('.')) return 'its site name has no dot, e.g. ".org.au"';
  } catch {
    return 'it is not written like one';
  }
  return undefined;
}

/** Internal links reach a page, alias or file; others are https; tel: links dial an Australian number. */
function checkHref(context: CheckContext, paths: Set<string>, exists: (path: string) => boolean, href: string, path: Path): void {
  if (href.startsWith('/')) {
    const target = normalisePath(href);
    const isFile = /\.[a-z0-9]+$/i.test(target) && !paths.has(target);
    if (isFile && !contentFileType(target)) return context.report('UnsupportedFile', path, target, Object.keys(CONTENT_FILE_TYPES));
    if (paths.has(target) || exists(target)) return;
    if (isFile) context.report('MissingFile', path, target, closestPath(target, context.files));
    else context.report('BrokenLink', path, href, closestPath(target, paths));
  } else if (/^(javascript|data|vbscript):/i.test(href.replace(/[\s\u0000-\u001F]/g, ''))) {
    context.report('UnsafeLink', path, href);
  } else if (/^https?:/i.test(href)) {
    const reason = urlProblem(href);
    if (reason) context.report('BadUrl', path, href, reason);
    else if (/^http:/i.test(href)) context.report('InsecureLink', path, href);
  } else if (/^tel:/i.test(href)) {
    if (!isAustralianPhone(href.slice(4))) context.report('BadTelLink', path, href);
  } else if (/^mailto:/i.test(href)) {
    const address = href.slice(7).split('?')[0];
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) context.report('BadEmail', path, address);
  }
}

/** Every link field, and every link written inside formatted text ([words](/fees)), goes somewhere real. */
export const links: Check = (context) => {
  const paths = knownPaths(context.data);
  const exists = fileChecker(context.files);
  for (const href of context.collected.hrefs) checkHref(context, paths, exists, href.value, parsePointer(href.pointer));
  for (const pointer of context.collected.markdown) {
    const value = getAt(context.data, parsePointer(pointer));
    if (typeof value !== 'string') continue;
    for (const match of value.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) checkHref(context, paths, exists, match[1], parsePointer(pointer));
  }
};

/** NAME-WIDTH.EXT for each of an image's `widths`, and with `avif: true` the .avif of each of those and of the file. */
function pictureCopies(src: string, image: unknown): string[] {
  if (!isObject(image)) return [];
  const widths = Array.isArray(image.widths) ? image.widths.filter((w): w is number => typeof w === 'number') : [];
  const copies = widths.map((w) => src.replace(/(\.[a-z0-9]+)$/i, (extension) => `-${w}${extension}`));
  return image.avif === true ? [...copies, ...[src, ...copies].map((f) => f.replace(/\.[a-z0-9]+$/i, '.avif'))] : copies;
}

/** Pictures and files exist; pictures are described, unless their block's schema says they are decoration. */
export const pictures: Check = (context) => {
  const exists = fileChecker(context.files);
  for (const asset of context.collected.assets) {
    const path = parsePointer(asset.pointer);
    const image = getAt(context.data, path.slice(0, -1));
    if (!contentFileType(asset.value)) context.report('UnsupportedFile', path, asset.value, Object.keys(CONTENT_FILE_TYPES));
    else if (!exists(asset.value)) context.report('MissingFile', path, asset.value, closestPath(asset.value, context.files));
    else {
      // The smaller and AVIF copies the page will ask for, named as src/ui/Picture.tsx names them.
      for (const copy of pictureCopies(asset.value, image)) if (!exists(copy)) context.report('MissingFile', path.slice(0, -1), copy, closestPath(copy, context.files));
    }
    if (!image || typeof image !== 'object' || typeof (image as { alt?: unknown }).alt !== 'string' || (image as { alt: string }).alt.trim()) continue;
    const decorative = path.some((key, i) => path[i - 1] === 'blocks' && typeof key === 'number'
      && context.decorativeImageBlocks.has(String((getAt(context.data, path.slice(0, i + 1)) as { type?: unknown } | undefined)?.type)));
    if (!decorative) context.report('MissingAlt', [...path.slice(0, -1), 'alt']);
  }
};
