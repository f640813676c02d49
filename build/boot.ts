import { createHash } from 'node:crypto';
import { dayEndsAt } from '../src/content/zoneTime.ts';

/**
 * How a prerendered page starts its JavaScript. The page is whole without it, so nothing may compete with its first
 * paint and its largest picture: the app's chunks are fetched once the page has loaded and been painted whole (or
 * at the first tap or key, if that comes sooner). Before, the script preloads shared a phone's bandwidth with the
 * first paint; and on a fast connection `load` can come before the first paint, when the app's work would then
 * hold the paint back. Each preload is started in a task of its own: a browser takes about a millisecond to start
 * one (several under a phone's slower CPU), and a dozen at once made one of the longest tasks of the page's start.
 * The text is the same on every page, so the Content-Security-Policy allows it by one hash; each page says its own
 * entry and chunks in the element's data attributes.
 */
/** The script of a built page (what the boot element starts), beside index.html's whole app that the dev server runs. */
export const PAGE_ENTRY = 'src/site/entry-page.ts';
/** What that script fetches only on a page with a block that moves: the islands' wake-up, with the block registry. */
export const ISLANDS_WAKE = 'src/site/islands/wake.ts';

/**
 * Hides, before anything else, the entries whose last day (data-until) has passed by the practice's clock: a page
 * built yesterday and read today never shows yesterday's closure. The build says when that day ends (data-ends,
 * markDayEnds), so a phone compares two numbers: its first date in a named time zone would cost it tens of
 * milliseconds before the first paint. A site without a time zone has the entry end at the visitor's own midnight.
 */
export const ENDED_PART = '()=>{const n=Date.now();for(const e of document.querySelectorAll("[data-until]")){const[y,m,d]=e.dataset.until.split("-");if((e.dataset.ends||new Date(y,m-1,+d+1).getTime())<=n)e.style.display="none"}}';

/** Each entry's last day, as the page has it, with the moment that day ends by the practice's clock beside it. */
export function markDayEnds(html: string, zone: string | undefined): string {
  if (!zone) return html;
  return html.replace(/ data-until="(\d{4}-\d{2}-\d{2})"/g, (attribute, day: string) => `${attribute} data-ends="${dayEndsAt(day, zone)}"`);
}

export const BOOT_SCRIPT = [
  `(s=>{(${ENDED_PART})();let go=()=>{go=()=>{};const q=s.dataset.chunks.split(" "),next=()=>{const h=q.shift();`,
  'if(!h)return import(s.dataset.entry);',
  'const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l);setTimeout(next)};next()};',
  'addEventListener("load",()=>requestAnimationFrame(()=>setTimeout(()=>go())),{once:true});',
  'for(const e of["pointerdown","keydown"])addEventListener(e,()=>go(),{once:true,capture:true})})(document.currentScript)',
].join('');

export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64')}'`;

/**
 * Each page of the site is a page load, started ahead: a link the visitor rests on (or presses) is prerendered by a
 * browser that can (Chromium), so the next page shows at once; others simply load it. Not a file (an address with a
 * dot: PDFs, calendars). The pages link to nothing else of this origin (the staff editor, the functions), and name
 * none of it.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [{
    where: { and: [{ href_matches: '/*' }, { not: { href_matches: '/*.*' } }] },
    eagerness: 'moderate',
  }],
});

export const SPECULATION_RULES_HASH = `'sha256-${createHash('sha256').update(SPECULATION_RULES, 'utf8').digest('base64')}'`;

export const SPECULATION_TAG = `<script type="speculationrules">${SPECULATION_RULES}</script>`;

const escapeAttr = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export interface BootOptions {
  /** The blocks that move on this page (registry.ts `islands`), the only ones production will hydrate. */
  islands?: readonly string[];
  /** On the not-found page (served for any address without a page): its script names the address on the console. */
  notFound?: boolean;
}

/** The element that starts a page: its entry script and the chunks it will need, fetched after the page has loaded. */
export function bootTag(entry: string, chunks: string[], { islands = [], notFound = false }: BootOptions = {}): string {
  const islandsAttr = islands.length ? ` data-islands="${escapeAttr(islands.join(' '))}"` : '';
  const notFoundAttr = notFound ? ' data-not-found' : '';
  return `<script data-entry="${escapeAttr(entry)}" data-chunks="${escapeAttr(chunks.map((c) => '/' + c).join(' '))}"${islandsAttr}${notFoundAttr}>${BOOT_SCRIPT}</script>`;
}
