/**
 * The site on every day on which what it shows changes, and on the day after each, for the next 400 days: every
 * `from` and `until`, every opening-hours exception, every news item's first day of being over 12 months old, each
 * change of daylight saving in the practice's zone, 1 January and the next 29 February, and a weekday of every week
 * or so between. For the live site.yaml (tests/live/days.test.ts: what today's file will do on those days) and the
 * frozen copy (tests/content/days.test.ts: from a fixed first day). On each day the checker finds no error, every
 * route renders whole, nothing that is not on the site that day is on any page, and every link to the site's own
 * pages and files goes somewhere. Days whose compiled content is the same share one render.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { isCurrent, type Dated } from '../../src/content/dated.ts';
import { loadSite } from '../../src/content/load.ts';
import { siteAddresses } from '../../src/content/siteFiles.ts';
import { resolvePath } from '../../src/site/resolve.ts';
import { renderPages } from '../security/renderPages.ts';

const DAY = 86_400_000;
const AHEAD = 400;

const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Every object of the file with its place, for its dates. */
function* objects(node: unknown, at = ''): Generator<{ at: string; value: Record<string, unknown> }> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* objects(item, `${at}/${i}`);
  } else if (typeof node === 'object' && node !== null) {
    yield { at, value: node as Record<string, unknown> };
    for (const [key, value] of Object.entries(node)) yield* objects(value, `${at}/${key}`);
  }
}

/** The UTC offset of `zone` at the midday (UTC) of `day`, in minutes. */
function offset(zone: string, day: string): string {
  return new Intl.DateTimeFormat('en-AU', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** The days from `first` on which what the file shows may change, each with the day after it. */
function daysOfChange(data: unknown, first: string): string[] {
  const last = plusDays(first, AHEAD);
  const days = new Set<string>([first]);
  const add = (day: string) => { for (const d of [day, plusDays(day, 1)]) if (d >= first && d <= last) days.add(d); };
  for (const { at, value } of objects(data)) {
    for (const key of ['from', 'until', 'date']) if (isDay(value[key])) add(value[key] as string);
    // A news item shows as old (the stale warning, a list that leaves old items out) from its first birthday.
    if (at.startsWith('/entities/news/') && isDay(value.date)) add(`${Number((value.date as string).slice(0, 4)) + 1}${(value.date as string).slice(4)}`);
  }
  const zone = (data as { hours?: { timeZone?: string } }).hours?.timeZone;
  for (let n = 0; n <= AHEAD; n++) {
    const day = plusDays(first, n);
    if (zone && offset(zone, day) !== offset(zone, plusDays(day, -1))) add(day);
    if (day.endsWith('-01-01')) add(day);
    if (n % 9 === 0) days.add(day); // nine days apart: each weekday in turn
  }
  const year = Number(first.slice(0, 4));
  const leap = [0, 1, 2, 3, 4].map((n) => year + n).find((y) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0);
  if (leap) days.add(`${leap}-02-29`);
  return [...days].sort();
}

/** The words of each dated entry that is not on the site on `day`, long enough to be its own. */
function notShown(data: unknown, day: string): string[] {
  const words: string[] = [];
  for (const { at, value } of objects(data)) {
    if (at.startsWith('/hours/')) continue; // opening-hours exceptions are days the hours apply to, not entries shown
    if (!isDay(value.from) && !isDay(value.until)) continue;
    if (isCurrent(value as Dated, day)) continue;
    for (const key of ['title', 'heading', 'name', 'label']) {
      const text = value[key];
      if (typeof text === 'string' && text.length >= 12) words.push(text);
    }
  }
  return words;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Every day of change from `first` checked, with `work` for the renders' cache (shared by the checks of one file). */
export async function checkDays(siteFile: string, first: string, work: string) {
  const data = parse(readFileSync(siteFile, 'utf8')) as unknown;
  const days = daysOfChange(data, first);
  const files = new Set(siteAddresses(siteFile));
  const seen = new Map<string, string>();
  const problems: string[] = [];
  const started = performance.now();
  try {
    for (const day of days) {
      process.env.SITE_NOW = day;
      const checked = loadSite(siteFile);
      if (!checked.ok) { problems.push(`${day}: ${checked.errors.map((e) => e.message).join('; ')}`); continue; }
      // The build's day and moment are in every build; what they change (the open-now state at the build) is kept.
      const { builtAt: _moment, builtOn: _day, ...layout } = checked.compiled.layout;
      const key = createHash('sha256').update(JSON.stringify({ ...checked.compiled, layout })).digest('hex');
      if (seen.has(key)) continue;
      seen.set(key, day);
      let pages: { url: string; html: string }[];
      try {
        pages = await renderPages(siteFile, work);
      } catch (error) {
        problems.push(`${day}: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
      const gone = notShown(data, day).map(escapeHtml);
      for (const { url, html } of pages) {
        for (const words of gone) if (html.includes(words)) problems.push(`${day} ${url}: shows "${words}", which is not on the site that day`);
        for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"#?]*)/g)) {
          if (href.startsWith('//') || files.has(href)) continue;
          if (resolvePath(checked.compiled.routes, href).kind === 'not-found') problems.push(`${day} ${url}: links to ${href}, which is not there that day`);
        }
      }
    }
  } finally {
    delete process.env.SITE_NOW;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`${siteFile}: ${days.length} days from ${first}, ${seen.size} distinct renders, ${seconds} s`);
  return { days, renders: seen.size, problems: [...new Set(problems)] };
}

