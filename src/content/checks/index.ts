import type { Site } from '../../generated/site.ts';
import { say, WARNINGS, type ContentError, type ErrorName, type catalogue } from '../errors.ts';
import { describePath, locate } from '../locate.ts';
import { dotted } from '../pointer.ts';
import type { Collected } from '../schema.ts';
import type { Source } from '../schemaMessages.ts';
import { walk, type Check, type CheckContext, type Loose, type Path } from './context.ts';
import { entityIds, listIds, references, unusedEntries } from './ids.ts';
import { links, pictures } from './links.ts';
import { oldNews } from './news.ts';
import { datedReferences, datedWindowOver, exceptionOnNoOpenDay, nextYearHolidays } from './dated.ts';
import { feeSums, openingTimes, phoneNumbers, timeZone } from './numbers.ts';
import { oneMainHeading, pageTexts, profilePages, uniquePages } from './pages.ts';
import { commentsAfterText, invisibleText } from './text.ts';
import { closedWithHours, untilBeforeFrom } from './windows.ts';

/** The checks a schema cannot make, in the order their messages are read. Adding one: a function here, its catalogue entry, its test. */
export const CHECKS: Check[] = [
  commentsAfterText, invisibleText, uniquePages, oneMainHeading, pageTexts, profilePages, entityIds, listIds, references, unusedEntries,
  links, pictures, phoneNumbers, feeSums, openingTimes, timeZone, oldNews,
  datedWindowOver, untilBeforeFrom, datedReferences, closedWithHours, exceptionOnNoOpenDay, nextYearHolidays,
];

export interface CheckInput {
  source: Source;
  collected: Collected;
  files: string[];
  /** The moment checked for: what is over or due depends on its day. */
  now: Date;
  headingBlocks: Set<string>;
  decorativeImageBlocks: Set<string>;
  /** The lists the site filled in itself (automatic.ts): blocks by dotted data path, and the collections they list. */
  automatic: { blocks: Set<string>; collections: Set<string> };
}

/** Runs every check; they must not trust the shape of the data, since they run even when the schema found problems. */
export function runChecks(input: CheckInput): ContentError[] {
  const { source } = input;
  const errors: ContentError[] = [];
  const context: CheckContext = {
    ...input,
    data: source.data as Loose,
    values: [...walk(source.data)],
    site: source.data as Site,
    lineOf: (path: Path) => locate(source.doc, source.lines, path).line,
    report<N extends ErrorName>(name: N, path: Path, ...args: Parameters<(typeof catalogue)[N]>) {
      const words = say(name, ...args);
      const { line, col } = locate(source.doc, source.lines, path);
      errors.push({ ...words, file: source.file, line, col, path: dotted(path), where: describePath(source.data, path), ...(WARNINGS.has(name) ? { warning: true as const } : {}) });
    },
  };
  for (const check of CHECKS) check(context);
  return errors;
}

/**
 * Schema errors win: a check's message is left out when the schema already reported that place, a place around
 * it (a wrong value, an unknown key) or something inside it (a page's heading count when one of its blocks is
 * broken). A missing field only concerns its own group, not the fields that are there. A typed out-of-pocket
 * amount is not a schema field, so when the sum is also wrong the check's message (which says why) replaces it.
 */
export function mergeWithSchemaErrors(schemaErrors: ContentError[], checkErrors: ContentError[]): ContentError[] {
  const sums = new Set(checkErrors.filter((e) => e.name === 'OutOfPocketMismatch').map((e) => e.path));
  const schemaKept = schemaErrors.filter((e) => !sums.has(e.path));
  const covered = (s: ContentError, path: string) =>
    s.path === path || s.path.startsWith(path + '.') || (s.name !== 'MissingField' && path.startsWith(s.path + '.'));
  const kept = checkErrors.filter((e) => !schemaKept.some((s) => covered(s, e.path)));
  return [...schemaKept, ...kept].sort((a, b) => a.line - b.line || a.col - b.col);
}
