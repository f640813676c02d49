/**
 * Each page's own stylesheet: the site's one stylesheet, less the rules of the CSS modules the page cannot use. A
 * build names every class of a module with the module's hash ("grid_85951", vite.config.ts), so a module is in use
 * when its hash is in the page's HTML or in the scripts that may draw on the page (its behaviours, its islands).
 * Rules of no module (global.scss) all stay. A service page keeps about a third of the site's stylesheet: its HTML
 * then arrives in the first round trip of a new connection (about 14 KB), not the second.
 */

/** A class of a CSS module as the build names it: its local name, "_", the module's five-letter hash. */
const MODULE_CLASS = /[A-Za-z][\w-]*_([0-9a-f]{5})(?![\w-])/g;

/** The module hashes named in a text (HTML, a script or a selector). */
export function moduleHashes(text: string): Set<string> {
  return new Set([...text.matchAll(MODULE_CLASS)].map((m) => m[1]));
}

/** At-rules whose body is a list of rules, each kept or left out on its own. */
const GROUPING = /^@(media|supports|layer|container|scope)\b/;

interface Part { prelude: string; body?: string }

/** The top-level parts of a stylesheet: statements ("@import …;") and blocks ("prelude{body}"), quotes respected. */
function parts(css: string): Part[] {
  const found: Part[] = [];
  let start = 0;
  let i = 0;
  const skipQuoted = (at: number) => {
    const quote = css[at];
    let j = at + 1;
    while (j < css.length && css[j] !== quote) j += css[j] === '\\' ? 2 : 1;
    return j;
  };
  while (i < css.length) {
    const c = css[i];
    if (c === '"' || c === "'") i = skipQuoted(i);
    else if (c === ';') {
      found.push({ prelude: css.slice(start, i + 1) });
      start = i + 1;
    } else if (c === '{') {
      let depth = 1;
      let j = i + 1;
      for (; j < css.length && depth; j++) {
        if (css[j] === '"' || css[j] === "'") j = skipQuoted(j);
        else if (css[j] === '{') depth++;
        else if (css[j] === '}') depth--;
      }
      if (depth) throw new Error(`The stylesheet has a "{" with no "}" after "${css.slice(start, i).trim().slice(0, 60)}".`);
      found.push({ prelude: css.slice(start, i), body: css.slice(i + 1, j - 1) });
      start = i = j;
      continue;
    }
    i++;
  }
  if (css.slice(start).trim()) found.push({ prelude: css.slice(start) });
  return found;
}

/** The stylesheet with only the rules whose module is used (`used`: module hashes), in the same order. */
export function stylesheetFor(css: string, used: ReadonlySet<string>): string {
  return parts(css).map(({ prelude, body }) => {
    if (body === undefined) return prelude;
    const head = prelude.trim();
    if (GROUPING.test(head)) {
      const inner = stylesheetFor(body, used);
      return inner.trim() ? `${prelude}{${inner}}` : '';
    }
    // Keyframes, font faces, @view-transition, @property: whole, wherever used.
    if (head.startsWith('@')) return `${prelude}{${body}}`;
    const hashes = moduleHashes(head);
    return !hashes.size || [...hashes].some((h) => used.has(h)) ? `${prelude}{${body}}` : '';
  }).join('');
}
