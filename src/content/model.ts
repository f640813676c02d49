import type { Block, Doctor, Entities, Page, Site, TimeRange } from '../generated/site.ts';
import { dayBits, openingClock, openStatus, type ClockRange, type OpeningClock, type OpenStatus } from './openNow.ts';

/** The entries of the entity lists that one page uses, keyed by id (or slug for doctors). */
export type EntityBag = { [K in keyof Entities]?: Record<string, NonNullable<Entities[K]>[number]> };

/** What one page's chunk holds: the page itself, with markdown rendered, and only the entities it shows. */
export interface PageData {
  id: string;
  path: string | null;
  title: string;
  description: string;
  blocks: Block[];
  entities: EntityBag;
  /** On a page made per entry (each: doctors), that entry. */
  doctor?: Doctor;
  /** SVG path data of the icons this page's blocks and entities name. */
  icons: Record<string, string>;
  /** The calendar days it shows ("2025-04-01"), as its language writes them ("1 April 2025"). */
  days: Record<string, string>;
}

/** Shown on every page: loaded with the app, not per page. */
export interface LayoutData {
  site: Site['site'];
  contact: Site['contact'];
  hours: Site['hours'];
  nav: Site['nav'];
  footer: Site['footer'];
  ui: Site['ui'];
  buildYear: number;
  /** The day of the build, "YYYY-MM-DD" (the browser gets only the public holidays from then on). */
  builtOn: string;
  /** The moment of the build (ISO 8601), which a page without scripts is right as of: SITE_NOW, or the clock's. */
  builtAt: string;
  /** SVG path data of the icons components use by name (LAYOUT_ICONS). */
  icons: Record<string, string>;
}

/** An opening-hours line as pages show it: its days as a list are for search engines; the browser gets them as bits. */
export type ShownRange = Omit<TimeRange, 'days'> & Pick<ClockRange, 'on'>;

/** An exception as the weekly table shows it on its days: `until`, its last day, lets the browser hide it after. */
export interface ShownException { label: string; opens?: string; closes?: string; closed?: boolean; until: string }

/**
 * The layout as every page's JavaScript carries it: what only the page head, the structured data and the redirect
 * pages use (written by the prerender from the whole LayoutData) is left out, so no phone downloads it twice.
 */
export interface BrowserLayout extends Omit<LayoutData, 'site' | 'ui' | 'hours' | 'builtOn' | 'builtAt'> {
  site: Omit<LayoutData['site'], 'description' | 'url' | 'themeColor'>;
  ui: Omit<LayoutData['ui'], 'redirecting'>;
  hours: Omit<LayoutData['hours'], 'regular' | 'afterHours' | 'timeZone' | 'publicHolidays' | 'exceptions'> & {
    regular: ShownRange[]; afterHours: ShownRange[]; clock?: OpeningClock; exceptions?: ShownException[];
    /**
     * Open, the after-hours service running or closed at the build's moment: what the prerendered call bar offers
     * until the page's script knows the hour. Only the state, not the moment, so a rebuild of the same content in the
     * same state makes the same files.
     */
    atBuild?: OpenStatus['state'];
  };
}

/** What the open-now line reads of the layout: all of it a static page's script carries (virtual:site/clock). */
export interface ClockLayout {
  hours: Pick<BrowserLayout['hours'], 'regular' | 'afterHours' | 'clock' | 'today' | 'amPm'>;
  contact: { afterHoursGp: Pick<BrowserLayout['contact']['afterHoursGp'], 'phone'>; emergency: string };
  site: Pick<BrowserLayout['site'], 'language'>;
}

export function clockLayout({ hours, contact, site }: BrowserLayout): ClockLayout {
  const { regular, afterHours, clock, today, amPm } = hours;
  return {
    hours: { regular, afterHours, ...(clock ? { clock } : {}), ...(today ? { today } : {}), amPm },
    contact: { afterHoursGp: { phone: contact.afterHoursGp.phone }, emergency: contact.emergency },
    site: { language: site.language },
  };
}

export function browserLayout(layout: LayoutData): BrowserLayout {
  const { description: _description, url: _url, themeColor: _themeColor, ...site } = layout.site;
  const { redirecting: _redirecting, ...ui } = layout.ui;
  const { builtOn, builtAt, ...rest } = layout;
  const { timeZone: _zone, publicHolidays: _holidays, exceptions, ...hours } = layout.hours;
  const clock = openingClock(layout.hours, builtOn, layout.site.language);
  // Only the open-now line reads the days of a line: without it the browser gets none.
  const shown = (ranges: TimeRange[]) => ranges.map(({ days, ...range }): ShownRange => (clock ? { ...range, on: dayBits(days) } : range));
  // The table shows an exception on its days only; the clock knows those to come.
  const today = (exceptions ?? []).filter((e) => e.from <= builtOn && builtOn <= (e.until ?? e.from))
    .map(({ from, until = from, ...shown }): ShownException => ({ ...shown, until }));
  const regular = shown(layout.hours.regular);
  const afterHours = shown(layout.hours.afterHours);
  const atBuild = clock && openStatus(regular, afterHours, clock, new Date(builtAt)).state;
  return {
    ...rest, site, ui,
    hours: {
      ...hours, regular, afterHours, ...(clock ? { clock, atBuild } : {}), ...(today.length ? { exceptions: today } : {}),
    },
  };
}

export interface RouteManifest {
  pages: { id: string; path: string }[];
  aliases: { from: string; to: string }[];
  /** Paths under a prefix that match no page redirect to a list page, e.g. /doctors/unknown -> /doctors. */
  prefixRedirects: { prefix: string; to: string }[];
  /** The path pattern of the profile page made for each doctor (a page with "each: doctors"), e.g. '/doctors/:slug'. */
  profilePaths: Partial<Record<'doctors', string>>;
  notFoundId: string;
}

export interface CompiledSite {
  layout: LayoutData;
  routes: RouteManifest;
  pages: PageData[];
}

export type { Block, Page, Site };
export const NOT_FOUND_ID = 'not-found';
