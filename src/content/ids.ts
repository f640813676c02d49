/** Ids, slugs and anchors: lower-case words joined by hyphens. The schema's Id pattern is the same expression. */
export const ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** "Women's Health Services" -> 'womens-health-services': lower case, accents and apostrophes dropped, other marks hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // The curly apostrophes by their codes: one character past ASCII in the site-editor function's bundle makes the
    // runtime hold all 2 MB of it as two bytes a character (tests/editor/hosted/rehearsal.test.ts).
    .replace(/['\u2019\u2018`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What identifies an entry of an entity list: its slug (entries with a page of their own) or its id. */
export function entityKey(item: { slug?: string; id?: string }): string {
  return item.slug ?? item.id ?? '';
}

/**
 * One entry of each entity list in words, the one list the checker's messages and the editor's screens use: what
 * staff call it ('crisis line', not the field's 'crisisServices'). A list added to the schema without a word here is
 * named by its key ('exampleThings' -> 'example thing').
 */
const ENTRY_WORDS: Record<string, string> = {
  doctors: 'doctor', staff: 'staff member', news: 'news item', partners: 'partner practice', crisisServices: 'crisis line',
  serviceCategories: 'service group', alliedHealth: 'allied health provider', feeGroups: 'fee group',
};

/** 'feeGroups' -> 'fee group', 'crisisServices' -> 'crisis line': one entry of a list, in words. */
export function entryWord(collection: string): string {
  if (ENTRY_WORDS[collection]) return ENTRY_WORDS[collection];
  const words = collection.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(' ');
  const last = words.length - 1;
  words[last] = words[last].endsWith('ies') ? words[last].slice(0, -3) + 'y' : words[last].replace(/s$/, '');
  return words.join(' ');
}

/** A text with its line breaks and runs of spaces as one space. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A text on one line, cut to `max` characters with "..." so messages stay short. */
export function shortText(text: string, max = 40): string {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max - 3)}...` : line;
}
