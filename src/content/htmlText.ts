/**
 * Text put into HTML as a browser's serialiser writes it (innerHTML), and character references read as its parser
 * reads them: the markdown renderer writes text and links with these, so that nothing typed can become markup, and
 * what it checks in a link is what the browser will follow.
 */

const TEXT: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\u00a0': '&nbsp;', '\0': '' };
const ATTRIBUTE: Record<string, string> = { '&': '&amp;', '"': '&quot;', '\u00a0': '&nbsp;' };

/** Text exactly as typed, as HTML text (a NUL is dropped, as the browser's parser drops it). */
export const textHtml = (text: string): string => text.replace(/[&<>\u00a0\0]/g, (c) => TEXT[c]);

/** An attribute's value, as HTML between double quotes. */
export const attributeHtml = (value: string): string => value.replace(/[&"\u00a0]/g, (c) => ATTRIBUTE[c]);

/**
 * The named references people type in text (and those that spell a link's punctuation in attacks): read here, so
 * that the HTML is written as the browser would write it back. Any other name is left for the browser to read.
 */
const NAMED = new Map(Object.entries({
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '\u00ad', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009',
  copy: '©', reg: '®', trade: '™', mdash: '—', ndash: '–', minus: '−', hellip: '…', lsquo: '‘', rsquo: '’', sbquo: '‚',
  ldquo: '“', rdquo: '”', bdquo: '„', laquo: '«', raquo: '»', deg: '°', middot: '·', bull: '•', times: '×', divide: '÷',
  plusmn: '±', frac12: '½', frac14: '¼', frac34: '¾', euro: '€', pound: '£', cent: '¢', yen: '¥', sect: '§', para: '¶',
  le: '≤', ge: '≥', ne: '≠', micro: 'µ', sup2: '²', sup3: '³', check: '✓', dagger: '†',
  colon: ':', Tab: '\t', NewLine: '\n', lpar: '(', rpar: ')', sol: '/', bsol: '\\', excl: '!', num: '#', quest: '?',
  commat: '@', equals: '=', semi: ';', comma: ',', period: '.', percnt: '%', plus: '+', ast: '*', lowbar: '_',
}));

/** Code points 0x80 to 0x9F that a numeric reference reads as a character of Windows-1252 (the HTML standard's table). */
const WINDOWS_1252 = new Map([
  [0x80, 0x20ac], [0x82, 0x201a], [0x83, 0x0192], [0x84, 0x201e], [0x85, 0x2026], [0x86, 0x2020], [0x87, 0x2021],
  [0x88, 0x02c6], [0x89, 0x2030], [0x8a, 0x0160], [0x8b, 0x2039], [0x8c, 0x0152], [0x8e, 0x017d], [0x91, 0x2018],
  [0x92, 0x2019], [0x93, 0x201c], [0x94, 0x201d], [0x95, 0x2022], [0x96, 0x2013], [0x97, 0x2014], [0x98, 0x02dc],
  [0x99, 0x2122], [0x9a, 0x0161], [0x9b, 0x203a], [0x9c, 0x0153], [0x9e, 0x017e], [0x9f, 0x0178],
]);

function numeric(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
  return String.fromCodePoint(WINDOWS_1252.get(code) ?? code);
}

/** The references marked leaves in its HTML for the browser to read; it writes any other "&" as "&amp;". */
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(\w+));/g;
const REFERENCE_OR_SPECIAL = new RegExp(`${REFERENCE.source}|[&<>\\u00a0\\0]`, 'g');

/**
 * Markdown text (a reference stands for its character) as HTML text. A name this file does not know is written as
 * it was: the browser reads it as a character or as the text it is, never as markup.
 */
export function referencedTextHtml(text: string): string {
  return text.replace(REFERENCE_OR_SPECIAL, (match, dec?: string, hex?: string, name?: string) => {
    if (dec !== undefined) return textHtml(numeric(Number.parseInt(dec, 10)));
    if (hex !== undefined) return textHtml(numeric(Number.parseInt(hex, 16)));
    if (name !== undefined) return NAMED.has(name) ? textHtml(NAMED.get(name) ?? '') : match;
    return textHtml(match);
  });
}

/**
 * A link's address with its references read. A name this file does not know stays as typed, so once written out
 * with attributeHtml, the browser reads exactly the address that was checked.
 */
export function referencedValue(value: string): string {
  return value.replace(REFERENCE, (match, dec?: string, hex?: string, name?: string) => {
    if (dec !== undefined) return numeric(Number.parseInt(dec, 10));
    if (hex !== undefined) return numeric(Number.parseInt(hex, 16));
    return (name !== undefined && NAMED.get(name)) || match;
  });
}
