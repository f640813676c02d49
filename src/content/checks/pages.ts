import { normalisePath } from '../paths.ts';
import { looksEmpty } from './text.ts';
import { isObject, list, reportRepeats, type Check, type Path } from './context.ts';

/** Page ids and addresses (paths and aliases) are each used once. */
export const uniquePages: Check = (context) => {
  const pages = list(context.data.pages);
  reportRepeats(context, 'page id', pages.flatMap((p, i) => (isObject(p) && typeof p.id === 'string' ? [{ value: p.id, path: ['pages', i, 'id'] }] : [])));
  reportRepeats(context, 'page address', pages.flatMap((p, i) => (isObject(p) ? [
    ...(typeof p.path === 'string' ? [{ value: normalisePath(p.path), path: ['pages', i, 'path'] as Path }] : []),
    ...list(p.aliases).flatMap((a, j) => (typeof a === 'string' ? [{ value: normalisePath(a), path: ['pages', i, 'aliases', j] as Path }] : [])),
  ] : [])));
};

/** The pages a visitor can see, with where each sits in the data: every page, then the not-found page. */
function everyPage(data: Record<string, unknown>): { page: Record<string, unknown>; path: Path }[] {
  const pages = list(data.pages).flatMap((page, i) => (isObject(page) ? [{ page, path: ['pages', i] as Path }] : []));
  return isObject(data.notFound) ? [...pages, { page: data.notFound, path: ['notFound'] }] : pages;
}

/** Each page has exactly one main heading (h1), rendered by a block whose schema says so. */
export const oneMainHeading: Check = (context) => {
  for (const { page, path } of everyPage(context.data)) {
    if (!Array.isArray(page.blocks)) continue;
    const count = page.blocks.filter((b) => isObject(b) && context.headingBlocks.has(String(b.type))).length;
    if (count !== 1) context.report('HeadingCount', [...path, 'blocks'], count, [...context.headingBlocks]);
  }
};

/** A title and description of only spaces would leave the browser tab and search results blank. */
export const pageTexts: Check = (context) => {
  for (const { page, path } of everyPage(context.data)) {
    for (const what of ['title', 'description'] as const) {
      const value = page[what];
      if (typeof value === 'string' && (value === '' || looksEmpty(value))) context.report('MissingPageText', [...path, what], what);
    }
  }
};

/** A profile page per entry ("each") and a path ending in "/:slug" go together. */
export const profilePages: Check = (context) => {
  list(context.data.pages).forEach((page, i) => {
    if (!isObject(page) || typeof page.path !== 'string') return;
    const templated = page.path.endsWith('/:slug');
    if (templated !== Boolean(page.each)) context.report('BadTemplate', ['pages', i, 'path'], templated);
  });
};
