import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Site } from '../generated/site.ts';
import { catalogue, type ContentError, type ErrorName } from './errors.ts';
import { locate } from './locate.ts';
import { normalisePath } from './paths.ts';
import { dotted, parsePointer } from './pointer.ts';
import type { Collected } from './schema.ts';
import type { Source } from './validate.ts';

/** Block types that render the page's one main heading (h1). */
export const HEADING_BLOCKS = new Set(['hero', 'page-header', 'status', 'doctor-profile']);

export function entityKey(item: { slug?: string; id?: string }): string {
  return item.slug ?? item.id ?? '';
}

/** Every path a visitor can open: pages, one per doctor for template pages, and aliases. */
export function knownPaths(site: Site): Set<string> {
  const paths = new Set<string>();
  for (const page of site.pages) {
    if (page.each) for (const item of site.entities[page.each]) paths.add(page.path.replace(':slug', entityKey(item)));
    else paths.add(page.path);
    for (const alias of page.aliases ?? []) paths.add(alias);
  }
  return paths;
}

/** Checks a schema cannot make: links resolve, references exist, ids are unique, files exist. */
export function semanticErrors(source: Source, site: Site, collected: Collected, publicDir: string): ContentError[] {
  const errors: ContentError[] = [];
  const report = (name: ErrorName, path: (string | number)[], message: string, at: 'value' | 'key' = 'value') => {
    const { line, col } = locate(source.doc, source.lines, path, at);
    errors.push({ name, file: source.file, line, col, path: dotted(path), message });
  };

  const unique = (what: string, entries: { value: string; path: (string | number)[] }[]) => {
    const seen = new Set<string>();
    for (const entry of entries) {
      if (seen.has(entry.value)) report('DuplicateId', entry.path, catalogue.DuplicateId(what, entry.value));
      seen.add(entry.value);
    }
  };
  unique('page id', site.pages.map((p, i) => ({ value: p.id, path: ['pages', i, 'id'] })));
  unique('page address', site.pages.flatMap((p, i) => [
    { value: p.path, path: ['pages', i, 'path'] },
    ...(p.aliases ?? []).map((a, j) => ({ value: a, path: ['pages', i, 'aliases', j] })),
  ]));
  unique('doctor slug', site.entities.doctors.map((d, i) => ({ value: d.slug, path: ['entities', 'doctors', i, 'slug'] })));
  unique('staff id', site.entities.staff.map((s, i) => ({ value: s.id, path: ['entities', 'staff', i, 'id'] })));
  unique('news id', site.entities.news.map((n, i) => ({ value: n.id, path: ['entities', 'news', i, 'id'] })));

  site.pages.forEach((page, i) => {
    const templated = page.path.endsWith('/:slug');
    if (templated !== Boolean(page.each)) {
      report('BadTemplate', ['pages', i, 'path'], catalogue.BadTemplate(templated
        ? 'A path ending in "/:slug" makes one page per entry. Add "each: doctors", or remove "/:slug".'
        : '"each" makes one page per entry, so the path must end in "/:slug". Add it, e.g. "/doctors/:slug".'));
    }
    const headings = page.blocks.filter((b) => HEADING_BLOCKS.has(b.type)).length;
    if (headings !== 1) report('HeadingCount', ['pages', i, 'blocks'], catalogue.HeadingCount(headings));
  });
  const notFoundHeadings = site.notFound.blocks.filter((b) => HEADING_BLOCKS.has(b.type)).length;
  if (notFoundHeadings !== 1) report('HeadingCount', ['notFound', 'blocks'], catalogue.HeadingCount(notFoundHeadings));

  for (const ref of collected.refs) {
    const list = (site.entities as unknown as Record<string, { slug?: string; id?: string }[]>)[ref.collection] ?? [];
    if (!list.some((item) => entityKey(item) === ref.value)) {
      report('UnknownReference', parsePointer(ref.pointer), catalogue.UnknownReference(ref.collection, ref.value));
    }
  }

  const fileExists = (path: string) => {
    const full = join(publicDir, decodeURIComponent(path));
    return full.startsWith(publicDir) && existsSync(full) && statSync(full).isFile();
  };
  const paths = knownPaths(site);
  for (const href of collected.hrefs) {
    if (!href.value.startsWith('/')) continue;
    const path = normalisePath(href.value);
    if (paths.has(path) || fileExists(path)) continue;
    report(/\.[a-z0-9]+$/i.test(path) ? 'MissingFile' : 'BrokenLink', parsePointer(href.pointer),
      /\.[a-z0-9]+$/i.test(path) ? catalogue.MissingFile(path) : catalogue.BrokenLink(href.value));
  }
  for (const asset of collected.assets) {
    if (!fileExists(asset.value)) report('MissingFile', parsePointer(asset.pointer), catalogue.MissingFile(asset.value));
  }
  return errors;
}
