import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import type { Site } from '../generated/site.ts';
import { compileSite } from './compile.ts';
import { catalogue, ContentErrors, type ContentError } from './errors.ts';
import type { CompiledSite } from './model.ts';
import { SCHEMA_DIR, validateAgainstSchema } from './schema.ts';
import { semanticErrors } from './semantic.ts';
import { locateSchemaErrors, type Source } from './validate.ts';

export const DEFAULT_SITE_FILE = resolve(SCHEMA_DIR, '..', 'site.yaml');

/** The site file to use: $SITE when set (another practice, a test fixture), else site.yaml at the root. */
export function siteFileFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.SITE ? resolve(env.SITE) : DEFAULT_SITE_FILE;
}

/** Files under public/ beside the site file are what links and images may point at. */
export function publicDirFor(siteFile: string): string {
  return join(dirname(siteFile), 'public');
}

function blockTypes(): string[] {
  const union = JSON.parse(readFileSync(join(SCHEMA_DIR, 'block.schema.json'), 'utf8')) as { oneOf: { $ref: string }[] };
  return union.oneOf.map((b) => b.$ref.replace(/^blocks\//, '').replace(/\.schema\.json$/, ''));
}

export type CheckResult = { ok: true; site: Site; compiled: CompiledSite } | { ok: false; errors: ContentError[] };

/** Parses, validates and compiles a site file; returns every problem at once instead of stopping at the first. */
export function loadSite(siteFile: string, text = readFileSync(siteFile, 'utf8')): CheckResult {
  const file = relative(process.cwd(), siteFile) || siteFile;
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    return {
      ok: false,
      errors: doc.errors.map((e) => {
        const { line, col } = lines.linePos(e.pos[0]);
        const detail = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
        return { name: 'YamlSyntax', file, line, col, path: '(syntax)', message: catalogue.YamlSyntax(detail) };
      }),
    };
  }
  const data = doc.toJS({ maxAliasCount: 100 });
  const source: Source = { file, doc, lines, data };
  const { errors, collected } = validateAgainstSchema(data);
  if (errors.length) return { ok: false, errors: locateSchemaErrors(source, errors, blockTypes()) };
  const site = data as Site;
  const semantic = semanticErrors(source, site, collected, publicDirFor(siteFile));
  if (semantic.length) return { ok: false, errors: semantic };
  return { ok: true, site, compiled: compileSite(site, collected) };
}

/** Like loadSite, but throws ContentErrors (with every message) when the content is invalid. */
export function loadSiteOrThrow(siteFile: string): CompiledSite {
  const result = loadSite(siteFile);
  if (!result.ok) throw new ContentErrors(result.errors);
  return result.compiled;
}
