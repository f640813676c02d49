import type { Site } from '../generated/site.ts';
import { renderMarkdown } from './markdown.ts';
import { NOT_FOUND_ID, type CompiledSite, type EntityBag, type PageData } from './model.ts';
import { getAt, parsePointer, setAt } from './pointer.ts';
import type { Collected } from './schema.ts';
import { normalisePath } from './paths.ts';
import { entityKey } from './semantic.ts';

function refsUnder(collected: Collected, prefix: string) {
  return collected.refs.filter((r) => r.pointer.startsWith(prefix + '/'));
}

function bagFor(site: Site, refs: Collected['refs']): EntityBag {
  const bag: Record<string, Record<string, unknown>> = {};
  for (const ref of refs) {
    const list = (site.entities as unknown as Record<string, { slug?: string; id?: string }[]>)[ref.collection];
    const item = list.find((entry) => entityKey(entry) === ref.value);
    if (item) (bag[ref.collection] ??= {})[ref.value] = item;
  }
  return bag as EntityBag;
}

/**
 * Turns valid content into what the app ships: markdown rendered and sanitised, one page per doctor made from
 * the template page, each page carrying only the entities it shows, and the route manifest.
 */
export function compileSite(valid: Site, collected: Collected, now = new Date()): CompiledSite {
  const site: Site = structuredClone(valid);
  for (const pointer of collected.markdown) {
    const path = parsePointer(pointer);
    const value = getAt(site, path);
    if (typeof value === 'string') setAt(site, path, renderMarkdown(value));
  }

  const pages: PageData[] = [];
  const routes: CompiledSite['routes'] = { pages: [], aliases: [], prefixRedirects: [], templates: {}, notFoundId: NOT_FOUND_ID };
  site.pages.forEach((page, i) => {
    const refs = refsUnder(collected, `/pages/${i}`);
    const base = { title: page.title, description: page.description, blocks: page.blocks };
    if (page.each) {
      for (const doctor of site.entities[page.each]) {
        const path = page.path.replace(':slug', doctor.slug);
        const fill = (text: string) => text.replaceAll('{name}', doctor.name);
        pages.push({ ...base, id: `${page.id}/${doctor.slug}`, path, title: fill(page.title), description: fill(page.description), entities: bagFor(site, refs), doctor });
        routes.pages.push({ id: `${page.id}/${doctor.slug}`, path });
      }
      routes.templates[page.each] = page.path;
      const prefix = page.path.slice(0, -':slug'.length);
      routes.prefixRedirects.push({ prefix, to: normalisePath(page.unknownRedirect ?? prefix) });
    } else {
      pages.push({ ...base, id: page.id, path: page.path, entities: bagFor(site, refs) });
      routes.pages.push({ id: page.id, path: page.path });
    }
    for (const alias of page.aliases ?? []) routes.aliases.push({ from: alias, to: page.path });
  });
  pages.push({
    id: NOT_FOUND_ID, path: null, title: site.notFound.title, description: site.notFound.description,
    blocks: site.notFound.blocks, entities: bagFor(site, refsUnder(collected, '/notFound')),
  });

  const { site: identity, contact, hours, nav, footer, ui } = site;
  return { layout: { site: identity, contact, hours, nav, footer, ui, buildYear: now.getFullYear() }, routes, pages };
}
