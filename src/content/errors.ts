/**
 * Every problem the content checker can report, by stable name (tests assert on the names and the exact texts).
 * Messages are read by practice staff: each says what is wrong, then what to do. No jargon, never a stack trace.
 */
import { editorCatalogue } from './editorCatalogue.ts';

const quoteList = (values: unknown[]) => values.map((v) => String(v)).join(', ');
const didYouMean = (suggestion: string | undefined) => (suggestion ? `Did you mean "${suggestion}"? ` : '');
const stripStop = (text: string) => text.trim().replace(/\.$/, '');

export const catalogue = {
  // Reading the file: YAML syntax.
  YamlTab: () => 'This line is indented with a tab. Use spaces only, two for each level.',
  YamlIndent: () =>
    'This line does not line up with the lines around it. Start it in the same column as the other fields of its group.',
  YamlUnclosedQuote: (quote: string) =>
    `The quote mark (${quote}) that starts the text on this line is never closed. Add a closing ${quote} at the end of the text.`,
  YamlUnclosedBracket: (open: string, close: string) =>
    `The "${open}" on this line is never closed. Add "${close}" at the end of the line.`,
  YamlColonInText: () =>
    'This line has a second ": " (colon and space), or the next line is indented too far. Put text that contains ": " in double quotes, e.g. text: "Note: bring your Medicare card".',
  YamlMissingColon: () =>
    'A field name must be followed by ": " (a colon and a space) on the same line. Add the missing colon or space, here or on the next line.',
  YamlTextAfterQuote: () =>
    'There is more text after the closing quote. Put the whole text in double quotes, e.g. "Women\'s health".',
  YamlReservedStart: (char: string) => `Text cannot start with "${char}" unless it is in quotes. Put the whole text in double quotes.`,
  YamlAnchorOrAlias: () =>
    'A value starting with & or * is read as a YAML anchor or alias, and anchors and aliases (&name, *name) are not used in this file. Write the value out in full where it is needed; if it is text that starts with & or *, put the whole text in double quotes.',
  DuplicateKey: (key: string) => `"${key}" is written twice in the same group. Keep only one of them.`,
  EmptyFile: () => 'The file has no content. Put back the last version that worked, or start from a copy of another site.yaml.',
  YamlSyntax: (detail: string) =>
    `The file cannot be read from here (${stripStop(detail)}). Check the indentation, colons and quotes on this line and the one above.`,

  // Fields and values: what the schema says.
  UnknownKey: (key: string, suggestion: string | undefined, allowed: string[]) =>
    suggestion
      ? `"${key}" is not a field here. Did you mean "${suggestion}"? Correct the spelling.`
      : `"${key}" is not a field here. Remove it, or use one of: ${quoteList(allowed)}.`,
  TextCutAtComma: (field: string, word: string, full: string) =>
    `The text of "${field}" stops at a comma, so "${word}" was read as a field name. Put the whole text in quotes: ${field}: "${full}".`,
  // `_title` is the field's label, for the form's words (formCatalogue).
  MissingField: (key: string, description?: string, _title?: string) =>
    `"${key}" is missing. Add a line "${key}: ..."${description ? ` (${stripStop(description)})` : ''}.`,
  EmptyValue: (key: string) =>
    /^[0-9]+$/.test(key)
      ? 'This list entry is empty. Write the entry after the "- ", or remove the line.'
      : `Nothing is written after "${key}:". Write its value, or remove the line if it is not needed.`,
  WrongType: (expected: string, got: string, advice: string) => `This should be ${expected}, but it is ${got}. ${advice}`,
  UnquotedNumber: (written: string, value: number) =>
    written !== String(value)
      ? `${written} was read as the number ${value}, which changes it. Put it in quotes: "${written}".`
      : `${written} was read as a number, but text is expected here. Put it in quotes: "${written}".`,
  UnknownBlockType: (value: string, suggestion: string | undefined, allowed: string[]) =>
    `"${value}" is not a block type. ${didYouMean(suggestion)}Use one of: ${quoteList(allowed)}.`,
  NotAllowedValue: (value: string, suggestion: string | undefined, allowed: unknown[]) =>
    `"${value}" is not allowed here. ${didYouMean(suggestion)}Use one of: ${quoteList(allowed)}.`,
  // `advice`: how to write it in the file; `_plain`: the field's description, for the form's words.
  BadFormat: (value: string, advice: string | undefined, _plain?: string) =>
    `"${value}" is not written the expected way. ${advice ? `${stripStop(advice)}.` : 'Compare it with the same field elsewhere in the file.'}`,
  BadMoney: (value: string) =>
    `"${value}" is not an amount of money as the site writes it. Write a dollar sign, dollars and two-digit cents, in quotes, e.g. "$80.00".`,
  BadPhone: (value: string) =>
    `"${value}" does not look like an Australian phone number. Write it in quotes in one of these forms: a local number "8377 1234", with its area code "(08) 8377 1234", a mobile "0412 345 678", "1800 022 222", "1300 224 636" or "13 11 14".`,
  BadTelLink: (value: string) =>
    `"${value}" does not dial an Australian phone number. Write "tel:" and the number without spaces, e.g. "tel:+61883771234", "tel:1800022222" or "tel:000".`,
  BadId: (what: string, value: string, example: string) =>
    `"${value}" cannot be used as ${what}. Use lower-case letters, digits and hyphens only, e.g. "${example}".`,
  BadDate: (value: string) => `"${value}" is not a date. Write it in quotes as "YYYY-MM-DD", e.g. "2025-04-01".`,
  BadEmail: (value: string) => `"${value}" is not an e-mail address. Write it like reception@example.org.`,
  // An empty required text is as good as a missing one, so it is worded like MissingField; an optional one may go.
  EmptyText: (key: string, required: boolean, description?: string) =>
    /^[0-9]+$/.test(key)
      ? 'This list entry is empty. Write it between the quotes, or remove the entry.'
      : required
        ? `"${key}" is empty. Write it between the quotes${description ? ` (${stripStop(description)})` : ''}.`
        : `"${key}" is empty. Write it between the quotes, or remove the line if it is not needed.`,
  TooLong: (length: number, max: number) => `This is ${length} characters long; at most ${max} are allowed. Shorten it.`,
  TooFew: (count: number, min: number) =>
    `This list has ${count} ${count === 1 ? 'entry' : 'entries'} but needs at least ${min}. Add ${min - count === 1 ? 'one' : min - count} more.`,
  TooMany: (count: number, max: number) => `This list has ${count} entries; at most ${max} are allowed. Remove ${count - max}.`,
  OutOfRange: (value: string, comparison: string, limit: number) => `${value} is too ${comparison === 'minimum' || comparison === 'exclusiveMinimum' ? 'small' : 'large'}. Use a number ${comparison === 'minimum' ? 'of at least' : comparison === 'maximum' ? 'of at most' : comparison === 'exclusiveMinimum' ? 'above' : 'below'} ${limit}.`,
  RepeatedItem: (value: string) => `"${value}" is in this list twice. Remove one of them.`,
  NoMatchingForm: (forms: string[]) => `This is not written in any of the forms allowed here. Write it as ${forms.join(', or as ')}.`,
  NotAllowed: (detail: string) => `This value is not allowed (${stripStop(detail)}). Compare it with the same field elsewhere in the file.`,

  // Checks a schema cannot make.
  CommentAfterText: (cut: string, full: string) =>
    `The text stops at " #": what follows a space and # is read as a note for editors, so the site shows only "${cut}". If the # is part of the text, put the whole text in double quotes: "${full}".`,
  InvisibleText: () =>
    'This text is made only of invisible characters, so it shows as empty. Write the words, or remove the line if it is not needed.',
  BadUrl: (href: string, reason: string) =>
    `"${href}" is not a web address (${reason}). Write the address as the browser shows it, with no spaces, e.g. "https://www.healthdirect.gov.au".`,
  UnsafeLink: (href: string) =>
    `The link "${href}" would run code or open hidden data instead of a page, so it is never shown. Link to a page of this site, e.g. "/fees", or to a website starting with https://.`,
  FeeBelowRebate: (price: string, rebate: string) =>
    `The price ${price} is less than the Medicare rebate of ${rebate}, so the fees page would show a negative out-of-pocket amount. Check both amounts.`,
  ClosesBeforeOpens: (opens: string, closes: string) =>
    `This closes at ${closes}, which is not after it opens at ${opens}. Times use the 24-hour clock: 5:30 PM is "17:30".`,
  UnknownTimeZone: (zone: string) =>
    `"${zone}" is not a time zone. Write the practice's time zone as the world's list of time zones names it, e.g. "Australia/Adelaide", "Australia/Sydney" or "Australia/Perth".`,
  TodayNeedsTimeZone: () =>
    'Whether the surgery is open now is worked out by the practice\'s clock, and no time zone is given. Add "timeZone:" under hours:, e.g. timeZone: Australia/Adelaide.',
  OldNews: (id: string, date: string, months: number) =>
    `The news item "${id}" is dated ${date}, more than ${months} months ago, and this list still shows it. Take it off the list, or add "leaveOutOld: true" to the block to leave out items older than ${months} months.`,
  OldNewsShownNewest: (id: string, date: string, months: number) =>
    `The news item "${id}" is dated ${date}, more than ${months} months ago, and a news list still shows it among the newest news. Add "listed: false" to it to take it down, or add "leaveOutOld: true" to that news list to leave out items older than ${months} months.`,
  DatedWindowOver: (until: string) => `This was to be shown until ${until}, which has passed, so the site leaves it out. Delete it, or change the date.`,
  BadDay: (value: string) =>
    `"${value}" is not a day of the calendar. Write the day to check or build for like 2026-12-25 (year, month, day), e.g. npm run check -- --on 2026-12-25.`,
  BadMoment: (value: string) =>
    `SITE_NOW is not a moment: "${value}". Write it like 2026-12-25T09:00:00+10:30, or a day like 2026-12-25.`,
  ReferenceNotCurrent: (what: string, key: string, day: string, ended: boolean, date: string) =>
    `This names the ${what} "${key}", which is not on the site on ${day} (${ended ? `its last day was ${date}` : `its first day is ${date}`}), so the site leaves it out here. Take it out here, or change its dates.`,
  ReferenceEndsSoon: (what: string, key: string, until: string, gone: string) =>
    `This names the ${what} "${key}", whose last day is ${until}: from ${gone} the site leaves it out here. Take it out here before then, or change its dates.`,
  UntilBeforeFrom: (from: string, until: string) =>
    `The last day, ${until}, comes before the first day, ${from}, so this is never shown. Check the dates.`,
  ClosedWithHours: () =>
    'These days are marked "Closed all day" (closed: true) and also have an opening or closing time. Clear the times, or untick "Closed all day".',
  ExceptionOnNoOpenDay: (from: string, until: string, weekdays: string[]) =>
    `${from === until ? from : `From ${from} to ${until}`} falls only on ${weekdays.length === 1 ? `a ${weekdays[0]}` : new Intl.ListFormat('en-AU').format(weekdays)}, when the surgery is closed every week, so this closure changes no hours. Check the dates.`,
  NextYearHolidaysMissing: (year: number) =>
    `The public holidays list no day of ${year}. Add next year's public holidays before the year ends, so the site knows the surgery keeps its public-holiday hours on them.`,
  UnusedEntry: (what: string, key: string, collection: string) =>
    `The ${what} "${key}" is on no page, so visitors never see it. Add "${key}" to a block that lists ${collection}, or remove the entry.`,
  BrokenLink: (href: string, suggestion: string | undefined) =>
    `The link "${href}" goes to no page of this site. ${didYouMean(suggestion)}Use the path of a page listed under pages:, or of a file under public/.`,
  InsecureLink: (href: string) => `The link "${href}" starts with http://, which is not secure. Change it to "${href.replace(/^http:/i, 'https:')}".`,
  DuplicateId: (what: string, value: string, firstLine: number) =>
    `The ${what} "${value}" is already used on line ${firstLine}. Give each one its own.`,
  UnknownReference: (collection: string, value: string, suggestion: string | undefined, key: string) =>
    `"${value}" is not in entities.${collection}. ${didYouMean(suggestion)}Use the ${key} of an entry there.`,
  MissingFile: (src: string, suggestion: string | undefined) =>
    /^\/people\/[^/]+$/.test(src)
      // Pictures of people are made by the build from documents/people/, not kept in public/.
      ? `There is no picture for "${src}". ${didYouMean(suggestion)}Put the person's photo in documents/people/ named ${src.slice(8).replace(/(-\d+)?\.\w+$/, '')}.jpg (or .png, .webp, .svg), or fix the path.`
      : `The file "${src}" is not in public/. ${didYouMean(suggestion)}Add the file as public${src}, or fix the path.`,
  UnsupportedFile: (src: string, kinds: string[]) =>
    `"${src}" is a kind of file the site does not serve. Use one of: ${kinds.join(', ')}; save other documents (a spreadsheet, say) as PDF.`,
  UnservedFileKind: (path: string, extension: string, kinds: string[]) =>
    `${extension ? `${path} is a kind of file the site does not serve (${extension}).` : `${path} has no ending such as .pdf or .jpg that says what kind of file it is.`} Remove it: public/ may hold only pictures, videos and documents (${kinds.join(', ')}).`,
  BadTemplate: (pathHasSlug: boolean) =>
    pathHasSlug
      ? 'A path ending in "/:slug" makes one page per entry. Add "each: doctors", or remove "/:slug".'
      : '"each" makes one page per entry, so the path must end in "/:slug". Add it, e.g. "/doctors/:slug".',
  HeadingCount: (count: number, headingBlocks: string[]) =>
    count === 0
      ? `This page has no main heading. Add one of these blocks at the top: ${quoteList(headingBlocks)}.`
      : `This page has ${count} main headings. Keep only one of these blocks: ${quoteList(headingBlocks)}.`,
  MissingAlt: () =>
    'This picture has no description (alt). Write what it shows for people who cannot see it; only background pictures of a hero may have alt: "".',
  MissingPageText: (what: 'title' | 'description') =>
    what === 'title'
      ? 'This page has no title. Write the words for the browser tab.'
      : 'This page has no description. Write one or two sentences that search engines show.',
  OutOfPocketMismatch: (given: string, price: string, rebate: string, expected: string) =>
    `Out of pocket is ${given}, but ${price} minus the rebate of ${rebate} is ${expected}. Change it to "${expected}", or remove it and the site works it out.`,

  // The checker itself.
  FileNotFound: (file: string) => `The file ${file} does not exist. Check its name and folder, or set SITE to the right file.`,
  CheckerFailed: (detail: string) =>
    `The checker stopped unexpectedly (${stripStop(detail)}). This is not caused by a mistake in the file; tell the person who looks after the website.`,
} as const;

export type ErrorName = keyof typeof catalogue;

type Wording = { readonly [N in ErrorName]?: (...args: Parameters<(typeof catalogue)[N]>) => string };

/** 'crisisServices' -> 'crisis services': a list of entities as the form names it. */
const listWords = (collection: string) => collection.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
const suggest = (suggestion: string | undefined) => (suggestion ? `Did you mean ${suggestion}? ` : '');
/** What an id is called in the form ('a slug' -> 'a web address'), by the label of its field. */
const idWords = (what: string) =>
  what.replace(/\bslug\b/, 'web address').replace(/\bpage id\b/, "page's short name").replace(/\banchor\b/, 'link name').replace(/\bid\b/, 'short name').replace(/^an? (?=[aeiou])/, 'an ').replace(/^an (?=[^aeiou])/, 'a ');

/**
 * The same problems as the editor's form shows them, beside their field or entry. The form writes quotes, colons and
 * indentation itself and names fields by their labels, so these speak of fields and entries, never of quotes, keys,
 * lines or paths. A problem with no entry here reads the same in the form as in the file (nothing in it is the
 * file's writing). Asserted word for word in tests/content/formMessages.test.ts.
 */
export const formCatalogue: Wording = {
  UnknownKey: () => 'Something is written here that is not a field of this part, so the site ignores it. Correct or remove it in the YAML view.',
  TextCutAtComma: () => 'The text of this field stops at a comma, and the rest was read as something else. Type the whole text again in this field.',
  MissingField: (_key, _description, title) => `${title ?? 'A field of this part'} is not filled in. Fill it in.`,
  EmptyValue: (key) => (/^[0-9]+$/.test(key) ? 'This entry is empty. Fill it in, or remove it.' : 'This field is empty. Fill it in.'),
  WrongType: (expected, got) => `This should be ${expected}, but it is ${got}. Fill in the field again.`,
  UnquotedNumber: (written, value) =>
    written !== String(value)
      ? `${written} was read as the number ${value}, which changes it. Type ${written} again in this field.`
      : `${written} was read as a number, but text is expected here. Type it again in this field.`,
  BadFormat: (value, advice, plain) => {
    const words = plain ?? advice;
    return `${value} is not written the expected way. ${words ? `${stripStop(words)}.` : 'Compare it with the same field of another entry.'}`;
  },
  BadMoney: (value) => `${value} is not an amount of money. Type the dollars and cents, e.g. 80 or 80.50.`,
  BadPhone: (value) =>
    `${value} does not look like an Australian phone number. Type it in one of these forms: a local number 8377 1234, with its area code (08) 8377 1234, a mobile 0412 345 678, 1800 022 222, 1300 224 636 or 13 11 14.`,
  BadId: (what, value, example) => `${value} cannot be used as ${idWords(what)}. Use lower-case letters, digits and hyphens only, e.g. ${example}.`,
  BadDate: (value) => editorCatalogue.BadDate('The date', value),
  // Beside the field, whose label is right there (and the problems list puts it before the message).
  EmptyText: (key, required) =>
    /^[0-9]+$/.test(key) ? 'This entry is empty. Fill it in, or remove it.' : required ? 'This field is empty. Fill it in.' : 'This is empty. Write the text in this field.',
  NotAllowed: (detail) => `This value is not allowed (${stripStop(detail)}). Compare it with the same field of another entry.`,
  CommentAfterText: (cut) =>
    `The site shows only "${cut}": in the file, a space and # start a note for editors. Type the whole text again in this field to keep all of it.`,
  InvisibleText: () => 'This text is made only of invisible characters, so it shows as empty. Write the words in this field.',
  BadUrl: (href, reason) => `${href} is not a web address (${reason}). Type the address as the browser shows it, with no spaces, e.g. https://www.healthdirect.gov.au.`,
  ClosesBeforeOpens: (opens, closes) => `This closes at ${closes}, which is not after it opens at ${opens}. Check the opening and closing times.`,
  TodayNeedsTimeZone: () =>
    "Whether the surgery is open now is worked out by the practice's clock, and no time zone is given. Fill in Time zone under Opening hours, e.g. Australia/Adelaide.",
  OldNews: (id, date, months) =>
    `The news item ${id} is dated ${date}, more than ${months} months ago, and this list still shows it. Take it off the list, or tick Leave out old news on the block.`,
  OldNewsShownNewest: (id, date, months) =>
    `The news item ${id} is dated ${date}, more than ${months} months ago, and a news list still shows it among the newest news. Take it down (untick Shown in news lists), or tick Leave out old news on that news list.`,
  UnusedEntry: (what, _key, collection) => `This ${what} is on no page, so visitors never see it. Add it to a block that shows ${listWords(collection)}, or remove it.`,
  BrokenLink: (href, suggestion) => `${href} goes to no page of this site. ${suggest(suggestion)}Choose a page from the list, or upload the file.`,
  DuplicateId: (what, value) => `Another entry already uses ${value} as its ${idWords(what)}. Give each one its own.`,
  UnknownReference: (collection, value, suggestion) => `${value} is not in the list of ${listWords(collection)}. ${suggest(suggestion)}Choose one from the list.`,
  MissingFile: (src, suggestion) =>
    /^\/people\/[^/]+$/.test(src)
      ? `There is no picture ${src}. ${suggest(suggestion)}Choose the person's photo in this field to upload it.`
      : `There is no file ${src}. ${suggest(suggestion)}Upload the file in this field, or choose another.`,
  BadTemplate: (pathHasSlug) =>
    pathHasSlug
      ? 'A web address ending in /:slug makes one page per entry. Choose the list under One page for each, or take /:slug off the web address.'
      : 'One page for each makes one page per entry, so the web address must end in /:slug, e.g. /doctors/:slug.',
  MissingAlt: () =>
    'This picture has no description. Write what it shows for people who cannot see it; only background pictures of a hero may leave it empty.',
};

export { editorCatalogue };

/** A problem by its name: its words for the file (message) and, where they differ, for the form (formMessage). */
export function say<N extends ErrorName>(name: N, ...args: Parameters<(typeof catalogue)[N]>): { name: N; message: string; formMessage?: string } {
  const message = (catalogue[name] as (...a: Parameters<(typeof catalogue)[N]>) => string)(...args);
  const form = formCatalogue[name] as ((...a: Parameters<(typeof catalogue)[N]>) => string) | undefined;
  const formMessage = form?.(...args);
  return formMessage && formMessage !== message ? { name, message, formMessage } : { name, message };
}

/**
 * Problems that are probably, not certainly, mistakes: reported in the same way, but the check still passes (unless
 * `npm run check -- --strict`), and the preview keeps working.
 */
export const WARNINGS: ReadonlySet<ErrorName> = new Set<ErrorName>(['CommentAfterText', 'UnusedEntry', 'OldNews', 'OldNewsShownNewest', 'DatedWindowOver', 'ReferenceNotCurrent', 'ReferenceEndsSoon', 'ExceptionOnNoOpenDay', 'NextYearHolidaysMissing']);

export interface ContentError {
  name: ErrorName;
  file: string;
  line: number;
  col: number;
  /** Where in the data, e.g. 'pages.3.blocks.0.heading'. */
  path: string;
  /** The same place in words, e.g. 'Page "/fees" > block 1 (page-header) > heading'. */
  where: string;
  message: string;
  /** The same in the words of the editor's form (formCatalogue), where they differ from the file's. */
  formMessage?: string;
  /** Set on the problems of WARNINGS. */
  warning?: true;
}
