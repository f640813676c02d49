import type { Site } from '../generated/site.ts';
import { mergeWithSchemaErrors, runChecks } from './checks/index.ts';
import { fillAutomaticLists } from './automatic.ts';
import { middayOf, siteDay } from './dated.ts';
import { compileSite } from './compile.ts';
import { catalogue, type ContentError, type ErrorName } from './errors.ts';
import { CONTENT_FILE_TYPES, contentFileType } from './fileTypes.ts';
import type { CompiledSite } from './model.ts';
import { blockFacts, validateAgainstSchema } from './schema.ts';
import { locateSchemaErrors, type Source } from './schemaMessages.ts';
import { hasAnchorsOrAliases, syntaxErrors } from './yamlSyntax.ts';
import { readYaml } from './yamlReread.ts';

/** What a check found: the compiled site when nothing blocks it, and warnings either way (probably, not certainly, mistakes). */
export type CheckResult =
  | { ok: true; site: Site; compiled: CompiledSite; warnings: ContentError[] }
  | { ok: false; errors: ContentError[]; warnings: ContentError[] };

/**
 * The content to check, wherever it is kept: this computer's folders (load.ts) or a draft on the Git host (the
 * editor). `file`: the site file's name as messages give it. `files`: every address the site serves. `publicDir`:
 * the public/ folder's name as messages give it.
 */
export interface SiteText {
  file: string; text: string; files: string[]; publicDir: string;
  /** The moment checked and built for (the day decides what is current): now, unless a test or a rebuild fixes it. */
  now?: Date;
  /** Or the day checked and built for ("YYYY-MM-DD"), by the practice's clock: its midday (middayOf). */
  day?: string;
}

export const wholeFile = (name: ErrorName, file: string, message: string): ContentError =>
  ({ name, file, line: 1, col: 1, path: '(file)', where: 'The whole file', message });

/** What operating systems leave in a folder of pictures: no part of the site, and harmless as it is. */
const FOLDER_CLUTTER = new Set(['.DS_Store', 'Thumbs.db']);

/**
 * Files under public/ are published as they are: one a browser runs (a web page, a script) would run as part of the
 * site, where /admin keeps its sign-in. Only the kinds the content uses may be there (CONTENT_FILE_TYPES); each other
 * file is a problem of its own, in its own place.
 */
function unservedFiles({ files, publicDir }: SiteText): ContentError[] {
  return files.filter((address) => !contentFileType(address) && !FOLDER_CLUTTER.has(address.slice(address.lastIndexOf('/') + 1))).map((address) => {
    const extension = /\.[a-z0-9]+$/i.exec(address)?.[0] ?? '';
    return wholeFile('UnservedFileKind', `${publicDir}${address}`, catalogue.UnservedFileKind(`public${address}`, extension, Object.keys(CONTENT_FILE_TYPES)));
  });
}

/**
 * Validates and compiles the site file's text; returns every problem at once instead of stopping at the first. Reads
 * no file and compiles no code (the schema's validator is generated ahead of time), so it runs anywhere. Never throws:
 * a failure of the checker itself is one message.
 */
export function checkSite(site: SiteText): CheckResult {
  try {
    return check(site);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, warnings: [], errors: [wholeFile('CheckerFailed', site.file, catalogue.CheckerFailed(detail))] };
  }
}

function check(site: SiteText): CheckResult {
  const { file, text, files } = site;
  const read = readYaml(text);
  const { doc, lines, plain } = read;
  if (doc.errors.length || (!plain && hasAnchorsOrAliases(doc))) return { ok: false, errors: syntaxErrors(file, text, read), warnings: [] };
  const data = doc.toJS({ maxAliasCount: 100 }) as unknown;
  if (data === null || data === undefined) return { ok: false, errors: [wholeFile('EmptyFile', file, catalogue.EmptyFile())], warnings: [] };
  const source: Source = { file, text, doc, lines, data };
  const facts = blockFacts();
  const now = site.now ?? (site.day ? middayOf(site.day, data) : new Date());
  const automatic = fillAutomaticLists(data, siteDay(data, now));
  const { errors, collected } = validateAgainstSchema(data);
  const schemaErrors = errors.length ? locateSchemaErrors(source, errors, facts.types) : [];
  if (typeof data !== 'object' || Array.isArray(data)) return { ok: false, errors: schemaErrors, warnings: [] };
  const found = runChecks({ source, collected, files, now, headingBlocks: facts.headingBlocks, decorativeImageBlocks: facts.decorativeImageBlocks, automatic });
  const all = [...unservedFiles(site), ...mergeWithSchemaErrors(schemaErrors, found)];
  const blocking = all.filter((e) => !e.warning);
  const warnings = all.filter((e) => e.warning);
  if (blocking.length) return { ok: false, errors: blocking, warnings };
  return { ok: true, site: data as Site, compiled: compileSite(data as Site, collected, now), warnings };
}
