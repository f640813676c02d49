import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Site } from '../generated/site.ts';
import { catalogue, type ContentError, type ErrorName } from './errors.ts';
import { describePath, locate } from './locate.ts';
import { normalisePath } from './paths.ts';
import { dotted, getAt, parsePointer } from './pointer.ts';
import type { Collected } from './schema.ts';
import { closest, closestPath } from './suggest.ts';
import { ID_PATTERN, slugify, type Source } from './validate.ts';

/** Block types that render the page's one main heading (h1). */
export const HEADING_BLOCKS = new Set(['hero', 'page-header', 'status', 'doctor-profile']);
/** Block types whose pictures are background decoration, so they may have an empty alt text. */
export const DECORATIVE_IMAGE_BLOCKS = new Set(['hero']);

export function entityKey(item: { slug?: string; id?: string }): string {
  return item.slug ?? item.id ?? '';
}

type Path = (string | number)[];
type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => value !== null && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Every path a visitor can open: pages, one per entry for template pages, and aliases. */
export function knownPaths(site: Site): Set<string> {
  const paths = new Set<string>();
  const entities = isObject(site.entities) ? (site.entities as unknown as Loose) : {};
  for (const page of list(site.pages)) {
    if (!isObject(page) || typeof page.path !== 'string') continue;
    if (typeof page.each === 'string') {
      for (const item of list(entities[page.each])) if (isObject(item)) paths.add(page.path.replace(':slug', entityKey(item)));
    } else {
      paths.add(page.path);
    }
    for (const alias of list(page.aliases)) if (typeof alias === 'string') paths.add(alias);
  }
  return paths;
}

/** Australian numbers as people write them: local 8 digits, 0X plus 8, +61, 1800/1300, 13 xx xx, 000. */
export function isAustralianPhone(value: string): boolean {
  if (!/^[0-9+()\s.-]+$/.test(value)) return false;
  const digits = value.replace(/[\s().-]/g, '');
  return /^(\+61[2-478][0-9]{8}|0[2-478][0-9]{8}|[2-9][0-9]{7}|1[38]00[0-9]{6}|13[0-9]{4}|000|112|106)$/.test(digits);
}

const PHONE_KEYS = /^(phone|fax|mobile|telephone)$/i;

function publicFiles(publicDir: string): string[] {
  if (!existsSync(publicDir)) return [];
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : ['/' + relative(publicDir, full).split(sep).join('/')];
    });
  return walk(publicDir);
}

/** Every value in the data with its path, depth first, in file order. */
function* walk(node: unknown, path: Path = []): Generator<{ value: unknown; path: Path }> {
  yield { value: node, path };
  if (Array.isArray(node)) for (let i = 0; i < node.length; i++) yield* walk(node[i], [...path, i]);
  else if (isObject(node)) for (const [key, value] of Object.entries(node)) yield* walk(value, [...path, key]);
}

const SINGULAR: Record<string, string> = { doctors: 'doctor', staff: 'staff member', news: 'news item', pages: 'page', blocks: 'block' };
function singular(collection: string): string {
  return SINGULAR[collection] ?? (collection.endsWith('ies') ? collection.slice(0, -3) + 'y' : collection.replace(/s$/, ''));
}

/** Cents of a "$1,234.50" amount, or null when it is not one. */
export function cents(value: string): number | null {
  const m = /^\$([0-9]{1,3}(?:,[0-9]{3})*|[0-9]+)\.([0-9]{2})$/.exec(value.trim());
  return m ? Number(m[1].replace(/,/g, '')) * 100 + Number(m[2]) : null;
}
export function dollars(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}$${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Checks a schema cannot make: links resolve, references exist, ids are unique and well formed, files exist,
 * pages have one main heading and a title, pictures are described, numbers look Australian, fee sums add up.
 * It runs even when the schema found problems, so it must not trust the shape of the data.
 */
export function semanticErrors(source: Source, site: Site, collected: Collected, publicDir: string): ContentError[] {
  const errors: ContentError[] = [];
  const data = site as unknown as Loose;
  const lineOf = (path: Path) => locate(source.doc, source.lines, path).line;
  const report = (name: ErrorName, path: Path, message: string) => {
    const { line, col } = locate(source.doc, source.lines, path);
    errors.push({ name, file: source.file, line, col, path: dotted(path), where: describePath(source.data, path), message });
  };

  const unique = (what: string, entries: { value: string; path: Path }[]) => {
    const first = new Map<string, Path>();
    for (const entry of entries) {
      const earlier = first.get(entry.value);
      if (earlier) report('DuplicateId', entry.path, catalogue.DuplicateId(what, entry.value, lineOf(earlier)));
      else first.set(entry.value, entry.path);
    }
  };

  // Pages: ids and addresses are unique; a template page makes one page per entry; one main heading each.
  const pages = list(data.pages);
  unique('page id', pages.flatMap((p, i) => (isObject(p) && typeof p.id === 'string' ? [{ value: p.id, path: ['pages', i, 'id'] }] : [])));
  unique('page address', pages.flatMap((p, i) => (isObject(p) ? [
    ...(typeof p.path === 'string' ? [{ value: normalisePath(p.path), path: ['pages', i, 'path'] as Path }] : []),
    ...list(p.aliases).flatMap((a, j) => (typeof a === 'string' ? [{ value: normalisePath(a), path: ['pages', i, 'aliases', j] as Path }] : [])),
  ] : [])));
  const headingCheck = (blocks: unknown, path: Path) => {
    if (!Array.isArray(blocks)) return;
    const count = blocks.filter((b) => isObject(b) && HEADING_BLOCKS.has(String(b.type))).length;
    if (count !== 1) report('HeadingCount', path, catalogue.HeadingCount(count));
  };
  const pageTexts = (page: Loose, path: Path) => {
    for (const what of ['title', 'description'] as const) {
      if (typeof page[what] === 'string' && !(page[what] as string).trim()) report('MissingPageText', [...path, what], catalogue.MissingPageText(what));
    }
  };
  pages.forEach((page, i) => {
    if (!isObject(page)) return;
    if (typeof page.path === 'string') {
      const templated = page.path.endsWith('/:slug');
      if (templated !== Boolean(page.each)) {
        report('BadTemplate', ['pages', i, 'path'], catalogue.BadTemplate(templated
          ? 'A path ending in "/:slug" makes one page per entry. Add "each: doctors", or remove "/:slug".'
          : '"each" makes one page per entry, so the path must end in "/:slug". Add it, e.g. "/doctors/:slug".'));
      }
    }
    headingCheck(page.blocks, ['pages', i, 'blocks']);
    pageTexts(page, ['pages', i]);
  });
  if (isObject(data.notFound)) {
    headingCheck(data.notFound.blocks, ['notFound', 'blocks']);
    pageTexts(data.notFound, ['notFound']);
  }

  // Entities: in every list, each entry's id (doctors: slug) is well formed and unique.
  const entities = isObject(data.entities) ? data.entities : {};
  for (const [collection, items] of Object.entries(entities)) {
    if (!Array.isArray(items)) continue;
    for (const field of ['id', 'slug']) {
      const entries = items.flatMap((item, i) => (isObject(item) && typeof item[field] === 'string' ? [{ value: item[field] as string, path: ['entities', collection, i, field] as Path }] : []));
      for (const entry of entries) {
        if (!ID_PATTERN.test(entry.value)) report('BadId', entry.path, catalogue.BadId(`a ${field}`, entry.value, slugify(entry.value)));
      }
      unique(`${singular(collection)} ${field}`, entries);
    }
  }
  // Any other list of entries with ids (inside entities or blocks) must not repeat one either.
  for (const { value, path } of walk(data)) {
    if (!Array.isArray(value) || (path.length === 1 && path[0] === 'pages') || (path.length === 2 && path[0] === 'entities')) continue;
    const entries = value.flatMap((item, i) => (isObject(item) && typeof item.id === 'string' ? [{ value: item.id, path: [...path, i, 'id'] }] : []));
    if (entries.length > 1) unique(`${singular(String(path[path.length - 1]))} id`, entries);
  }

  // References to entities exist.
  for (const ref of collected.refs) {
    const items = list(entities[ref.collection]).filter(isObject) as { slug?: string; id?: string }[];
    if (!items.some((item) => entityKey(item) === ref.value)) {
      const keys = items.map(entityKey).filter((k): k is string => typeof k === 'string' && k !== '');
      const key = items.some((item) => item.slug !== undefined) ? 'slug' : 'id';
      report('UnknownReference', parsePointer(ref.pointer), catalogue.UnknownReference(ref.collection, ref.value, closest(ref.value, keys), key));
    }
  }

  // Links: internal ones reach a page, alias or file; others are https; tel: links dial an Australian number.
  const files = publicFiles(publicDir);
  const fileSet = new Set(files);
  const fileExists = (path: string) => {
    let decoded = path;
    try { decoded = decodeURIComponent(path); } catch { /* keep as written */ }
    return fileSet.has(decoded);
  };
  const paths = knownPaths(site);
  const looksLikeFile = (path: string) => /\.[a-z0-9]+$/i.test(path);
  const checkHref = (href: string, path: Path) => {
    if (href.startsWith('/')) {
      const target = normalisePath(href);
      if (paths.has(target) || fileExists(target)) return;
      if (looksLikeFile(target)) report('MissingFile', path, catalogue.MissingFile(target, closestPath(target, files)));
      else report('BrokenLink', path, catalogue.BrokenLink(href, closestPath(target, paths)));
    } else if (/^http:\/\//i.test(href)) {
      report('InsecureLink', path, catalogue.InsecureLink(href));
    } else if (/^tel:/i.test(href)) {
      if (!isAustralianPhone(href.slice(4))) report('BadTelLink', path, catalogue.BadTelLink(href));
    } else if (/^mailto:/i.test(href)) {
      const address = href.slice(7).split('?')[0];
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) report('BadEmail', path, catalogue.BadEmail(address));
    }
  };
  for (const href of collected.hrefs) checkHref(href.value, parsePointer(href.pointer));
  // Links written inside formatted text: [words](/fees) or [words](https://...).
  for (const pointer of collected.markdown) {
    const value = getAt(data, parsePointer(pointer));
    if (typeof value !== 'string') continue;
    for (const match of value.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) checkHref(match[1], parsePointer(pointer));
  }

  // Pictures exist and are described (only a hero's background pictures may have an empty alt).
  for (const asset of collected.assets) {
    const path = parsePointer(asset.pointer);
    if (!fileExists(asset.value)) report('MissingFile', path, catalogue.MissingFile(asset.value, closestPath(asset.value, files)));
    const image = getAt(data, path.slice(0, -1));
    if (!isObject(image) || typeof image.alt !== 'string' || image.alt.trim()) continue;
    const decorative = path.some((key, i) => path[i - 1] === 'blocks' && typeof key === 'number' && (() => {
      const block = getAt(data, path.slice(0, i + 1));
      return isObject(block) && DECORATIVE_IMAGE_BLOCKS.has(String(block.type));
    })());
    if (!decorative) report('MissingAlt', [...path.slice(0, -1), 'alt'], catalogue.MissingAlt());
  }

  // Phone numbers anywhere in the file look Australian; fee sums add up.
  for (const { value, path } of walk(data)) {
    const key = path[path.length - 1];
    // Only values written as a number: under such a key a label ('Phone', 'Phone (mobile)') is words.
    if (typeof value === 'string' && typeof key === 'string' && PHONE_KEYS.test(key) && /^[0-9+()\s.-]+$/.test(value) && /[0-9]/.test(value) && !isAustralianPhone(value)) {
      report('BadPhone', path, catalogue.BadPhone(value));
    }
    if (isObject(value)) {
      const price = text(value.price);
      const rebate = text(value.medicareRebate) ?? text(value.rebate);
      const pairs: [string | undefined, string][] = [[price, 'outOfPocket'], [text(value.pensionerPrice), 'outOfPocketPensioner']];
      for (const [amount, field] of pairs) {
        const given = text(value[field]);
        if (amount === undefined || rebate === undefined || given === undefined) continue;
        const [a, r, g] = [cents(amount), cents(rebate), cents(given)];
        if (a === null || r === null || g === null) continue;
        if (a - r !== g) report('OutOfPocketMismatch', [...path, field], catalogue.OutOfPocketMismatch(given, amount, rebate, dollars(a - r)));
      }
    }
  }
  return errors;
}
