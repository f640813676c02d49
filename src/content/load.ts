import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { LineCounter } from 'yaml';
import type { Site } from '../generated/site.ts';
import { mergeWithSchemaErrors, runChecks } from './checks/index.ts';
import { fillAutomaticLists } from './automatic.ts';
import { compileSite } from './compile.ts';
import { catalogue, type ContentError, type ErrorName } from './errors.ts';
import { CONTENT_FILE_TYPES, contentFileType } from './fileTypes.ts';
import type { CompiledSite } from './model.ts';
import { blockFacts, validateAgainstSchema } from './schema.ts';
import { locateSchemaErrors, type Source } from './schemaMessages.ts';
import { publicDirFor, siteAddresses } from './siteFiles.ts';
import { hasAnchorsOrAliases, parseYaml, syntaxErrors } from './yamlSyntax.ts';

/** What a check found: the compiled site when nothing blocks it, and warnings either way (probably, not certainly, mistakes). */
export type CheckResult =
  | { ok: true; site: Site; compiled: CompiledSite; warnings: ContentError[] }
  | { ok: false; errors: ContentError[]; warnings: ContentError[] };

const wholeFile = (name: ErrorName, file: string, message: string): ContentError =>
  ({ name, file, line: 1, col: 1, path: '(file)', where: 'The whole file', message });

/** What operating systems leave in a folder of pictures: no part of the site, and harmless as it is. */
const FOLDER_CLUTTER = new Set(['.DS_Store', 'Thumbs.db']);

/**
 * Files under public/ are published as they are: one a browser runs (a web page, a script) would run as part of the
 * site, where /admin keeps its sign-in. Only the kinds the content uses may be there (CONTENT_FILE_TYPES); each other
 * file is a problem of its own, in its own place.
 */
function unservedFiles(siteFile: string, files: string[]): ContentError[] {
  return files.filter((address) => !contentFileType(address) && !FOLDER_CLUTTER.has(address.slice(address.lastIndexOf('/') + 1))).map((address) => {
    const extension = /\.[a-z0-9]+$/i.exec(address)?.[0] ?? '';
    const file = relative(process.cwd(), join(publicDirFor(siteFile), address));
    return wholeFile('UnservedFileKind', file, catalogue.UnservedFileKind(`public${address}`, extension, Object.keys(CONTENT_FILE_TYPES)));
  });
}

/**
 * Reads, validates and compiles a site file (or `text` given for it, e.g. an unsaved edit); returns every
 * problem at once instead of stopping at the first. Never throws: a failure of the checker itself is one message.
 * `files`: the addresses the site serves, when they are not the folders beside the file (a draft on a Git host).
 */
export function loadSite(siteFile: string, text?: string, files?: string[]): CheckResult {
  const file = relative(process.cwd(), siteFile) || siteFile;
  try {
    return check(siteFile, file, text ?? readFileSync(siteFile, 'utf8'), files);
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const missing = (error as { code?: string }).code === 'ENOENT';
    return { ok: false, warnings: [], errors: [missing ? wholeFile('FileNotFound', file, catalogue.FileNotFound(file)) : wholeFile('CheckerFailed', file, catalogue.CheckerFailed(detail))] };
  }
}

function check(siteFile: string, file: string, text: string, served?: string[]): CheckResult {
  const lines = new LineCounter();
  const doc = parseYaml(text, lines);
  if (doc.errors.length || hasAnchorsOrAliases(doc)) return { ok: false, errors: syntaxErrors(file, text), warnings: [] };
  const data = doc.toJS({ maxAliasCount: 100 }) as unknown;
  if (data === null || data === undefined) return { ok: false, errors: [wholeFile('EmptyFile', file, catalogue.EmptyFile())], warnings: [] };
  const source: Source = { file, text, doc, lines, data };
  const facts = blockFacts();
  const automatic = fillAutomaticLists(data);
  const { errors, collected } = validateAgainstSchema(data);
  const schemaErrors = errors.length ? locateSchemaErrors(source, errors, facts.types) : [];
  if (typeof data !== 'object' || Array.isArray(data)) return { ok: false, errors: schemaErrors, warnings: [] };
  const files = served ?? siteAddresses(siteFile);
  const found = runChecks({ source, collected, files, headingBlocks: facts.headingBlocks, decorativeImageBlocks: facts.decorativeImageBlocks, automatic });
  const all = [...unservedFiles(siteFile, files), ...mergeWithSchemaErrors(schemaErrors, found)];
  const blocking = all.filter((e) => !e.warning);
  const warnings = all.filter((e) => e.warning);
  if (blocking.length) return { ok: false, errors: blocking, warnings };
  return { ok: true, site: data as Site, compiled: compileSite(data as Site, collected), warnings };
}
