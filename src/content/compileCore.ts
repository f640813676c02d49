import { isOldNews, OLD_AFTER_MONTHS } from './news.ts';
import type { Site } from '../generated/site.ts';
import { NOT_FOUND_ID, type CompiledSite, type EntityBag, type PageData } from './model.ts';
import { getAt, parsePointer, setAt } from './pointer.ts';
import type { Collected } from './collected.ts';
import { iconPaths, LAYOUT_ICONS } from './iconPaths.ts';
import type { Block, IconName } from '../generated/site.ts';
import { normalisePath } from './paths.ts';
import { entityKey } from './ids.ts';
import { practiceDay } from './dated.ts';
import { currentOn } from './current.ts';

/**
 * What compiling needs from its surroundings: Node's sanitiser and the schema files at build time, the browser's
 * window and facts written into the editor's preview when it compiles there.
 */
export interface CompileTools {
  renderMarkdown(source: string, newTabLabel?: string): string;
  /** The icons each block type's component draws by name (BlockFacts.icons). */
  drawsIcons: ReadonlyMap<string, string[]>;
}

function refsUnder(collected: Collected, prefix: string) {
  return collected.refs.filter((r) => r.pointer.startsWith(prefix + '/'));
}

/**
 * The entries a page's blocks refer to. A reference whose schema lists entityFields takes only those fields (the
 * home page's carousel needs a doctor's name and summary, not the bio); one without takes the whole entry.
 */
function bagFor(site: Site, refs: Collected['refs']): EntityBag {
  const wanted = new Map<string, { collection: string; key: string; fields: Set<string> | null }>();
  for (const ref of refs) {
    const id = `${ref.collection}\0${ref.value}`;
    const seen = wanted.get(id);
    if (!seen) wanted.set(id, { collection: ref.collection, key: ref.value, fields: ref.fields ? new Set(ref.fields) : null });
    else if (!ref.fields) seen.fields = null;
    else ref.fields.forEach((f) => seen.fields?.add(f));
  }
  const bag: Record<string, Record<string, unknown>> = {};
  for (const { collection, key, fields } of wanted.values()) {
    const list = (site.entities as unknown as Record<string, Record<string, unknown>[] | undefined>)[collection] ?? [];
    const item = list.find((entry) => entityKey(entry) === key);
    if (!item) continue;
    (bag[collection] ??= {})[key] = fields ? Object.fromEntries(Object.entries(item).filter(([name]) => fields.has(name))) : item;
  }
  return bag as EntityBag;
}

function entityPointer(site: Site, collection: string, key: string): string | null {
  const list = (site.entities as unknown as Record<string, Record<string, unknown>[] | undefined>)[collection] ?? [];
  const index = list.findIndex((entry) => entityKey(entry) === key);
  return index < 0 ? null : `/entities/${collection}/${index}`;
}

/**
 * Path data of the icons a page draws: those named under its places in the content (the page, and the entities it
 * shows) and those its blocks' components draw by name (their schema's drawsIcons).
 */
function iconsUnder(collected: Collected, prefixes: string[], blocks: Block[], drawn: CompileTools['drawsIcons']): Record<string, string> {
  const icons: Record<string, string> = {};
  for (const icon of collected.icons) {
    if (prefixes.some((prefix) => icon.pointer.startsWith(prefix + '/'))) icons[icon.value] = iconPaths[icon.value as IconName];
  }
  for (const block of blocks) for (const name of drawn.get(block.type) ?? []) icons[name] = iconPaths[name as IconName];
  return icons;
}

/**
 * The calendar days a page shows, as its language writes them ("1 April 2025"). Written here once: a browser's first
 * date format loads its locale data, tens of milliseconds that would hold up a phone while the page starts.
 */
function daysUnder(collected: Collected, prefixes: string[], format: Intl.DateTimeFormat): Record<string, string> {
  const days: Record<string, string> = {};
  for (const day of collected.days) {
    if (prefixes.some((prefix) => day.pointer.startsWith(prefix + '/'))) days[day.value] = format.format(new Date(`${day.value}T00:00:00Z`));
  }
  return days;
}

/** A page's own place in the content plus the places of every entity it shows. */
function placesOf(site: Site, pagePointer: string, refs: Collected['refs'], extra: (string | null)[] = []): string[] {
  return [pagePointer, ...refs.map((r) => entityPointer(site, r.collection, r.value)), ...extra].filter((p): p is string => p !== null);
}

/**
 * Turns valid content into what the app ships: markdown rendered and sanitised, one page per doctor made from
 * the template page, each page carrying only the entities it shows, and the route manifest.
 */
export function compileSiteWith(valid: Site, written: Collected, tools: CompileTools, now = new Date()): CompiledSite {
  const { renderMarkdown, drawsIcons } = tools;
  // The build's day is the practice's: a build at 0:05 in Adelaide is 13:35 the day before by UTC.
  const builtOn = practiceDay(now, valid.hours.timeZone);
  // A copy: the caller's data stays as written.
  const { site, collected } = currentOn(valid, written, builtOn);
  for (const pointer of collected.markdown) {
    const path = parsePointer(pointer);
    const value = getAt(site, path);
    // Links that open a new tab get the site's words for screen readers, added once here, not on every render.
    if (typeof value === 'string') setAt(site, path, renderMarkdown(value, valid.ui.newTab));
  }

  // A news list set to leave out old items shows, from this build on, only the others.
  for (const block of site.pages.flatMap((page) => page.blocks)) {
    if (block.type !== 'news-list' || !block.leaveOutOld) continue;
    const months = block.oldAfterMonths ?? OLD_AFTER_MONTHS;
    block.items = block.items?.filter((id) => {
      const item = site.entities.news?.find((n) => n.id === id);
      return !item || !isOldNews(item.date, months, now);
    });
  }

  // Calendar days, so in UTC: the day written is the day in the content, whatever the build machine's time zone.
  const dayFormat = new Intl.DateTimeFormat(site.site.language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const pages: PageData[] = [];
  const routes: CompiledSite['routes'] = { pages: [], aliases: [], prefixRedirects: [], profilePaths: {}, notFoundId: NOT_FOUND_ID };
  site.pages.forEach((page, i) => {
    const refs = refsUnder(collected, `/pages/${i}`);
    const base = { title: page.title, description: page.description, blocks: page.blocks };
    if (page.each) {
      for (const doctor of site.entities[page.each]) {
        // Replacement functions: a replacement string would read "$&" or "$`" in the content as a pattern.
        const path = page.path.replace(':slug', () => doctor.slug);
        const fill = (text: string) => text.replaceAll('{name}', () => doctor.name);
        const places = placesOf(site, `/pages/${i}`, refs, [entityPointer(site, 'doctors', doctor.slug)]);
        pages.push({
          ...base, id: `${page.id}/${doctor.slug}`, path, title: fill(page.title), description: fill(page.description), entities: bagFor(site, refs), doctor,
          icons: iconsUnder(collected, places, page.blocks, drawsIcons), days: daysUnder(collected, places, dayFormat),
        });
        routes.pages.push({ id: `${page.id}/${doctor.slug}`, path });
      }
      routes.profilePaths[page.each] = page.path;
      const prefix = page.path.slice(0, -':slug'.length);
      routes.prefixRedirects.push({ prefix, to: normalisePath(page.unknownRedirect ?? prefix) });
    } else {
      const places = placesOf(site, `/pages/${i}`, refs);
      pages.push({ ...base, id: page.id, path: page.path, entities: bagFor(site, refs), icons: iconsUnder(collected, places, page.blocks, drawsIcons), days: daysUnder(collected, places, dayFormat) });
      routes.pages.push({ id: page.id, path: page.path });
    }
    for (const alias of page.aliases ?? []) routes.aliases.push({ from: alias, to: page.path });
  });
  const notFoundRefs = refsUnder(collected, '/notFound');
  const notFoundPlaces = placesOf(site, '/notFound', notFoundRefs);
  pages.push({
    id: NOT_FOUND_ID, path: null, title: site.notFound.title, description: site.notFound.description, blocks: site.notFound.blocks,
    entities: bagFor(site, notFoundRefs), icons: iconsUnder(collected, notFoundPlaces, site.notFound.blocks, drawsIcons), days: daysUnder(collected, notFoundPlaces, dayFormat),
  });

  const { site: identity, contact, hours, nav, footer, ui } = site;
  const icons = Object.fromEntries(LAYOUT_ICONS.map((name) => [name, iconPaths[name]]));
  return { layout: { site: identity, contact, hours, nav, footer, ui, buildYear: Number(builtOn.slice(0, 4)), builtOn, builtAt: now.toISOString(), icons }, routes, pages };
}
