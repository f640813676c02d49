import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { SCHEMA_DIR } from '../../src/content/schema.ts';

/**
 * schema/ as one JSON Schema for the forms: every file becomes a definition ('defs.link', 'blocks.faq') and each
 * $ref points at it inside the bundle. A field's label is its `title` in the schema ("Closing time"); the field name
 * in words ("profileLabel" -> "Profile label") only stands in where a schema has none (tests/content/schemaLabels.test.ts
 * keeps schema/ from having such a field). Titles of files and definitions name TypeScript types (DoctorCardsBlock)
 * and are put in words. Everything else, descriptions included, is the schema as written: the one source of truth.
 */

type Schema = { [key: string]: unknown };

export const definitionName = (file: string) => file.replace(/\.schema\.json$/, '').split('/').join('.');

/** 'profileLabel' -> 'Profile label', 'f2fItemNumber' -> 'F2f item number'. */
export function words(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : name.endsWith('.schema.json') ? [relative(SCHEMA_DIR, full).split(sep).join('/')] : [];
  });
}

function rewrite(node: unknown, file: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, file));
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === '$schema') continue;
    if (key === '$ref' && typeof value === 'string') {
      const [target, fragment] = value.split('#');
      const targetFile = target ? posix.normalize(posix.join(posix.dirname(file), target)) : file;
      out.$ref = `#/definitions/${definitionName(targetFile)}${fragment ?? ''}`;
    } else if (key === 'properties' && value && typeof value === 'object') {
      const props: Schema = {};
      for (const [name, prop] of Object.entries(value as Schema)) {
        const rewritten = rewrite(prop, file) as Schema;
        props[name] = { ...rewritten, title: typeof rewritten.title === 'string' ? rewritten.title : words(name) };
      }
      out.properties = props;
    } else if (key === 'title' && typeof value === 'string' && /^[A-Z][A-Za-z]+$/.test(value)) {
      out.title = words(value).replace(/ block$/, '');
    } else {
      out[key] = rewrite(value, file);
    }
  }
  return out;
}

export interface Bundle { root: Schema; definitions: Record<string, Schema>; blockTypes: Record<string, string> }

export function bundleSchema(): Bundle {
  const definitions: Record<string, Schema> = {};
  const blockTypes: Record<string, string> = {};
  for (const file of files(SCHEMA_DIR).sort()) {
    const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8')) as Schema;
    const name = definitionName(file);
    definitions[name] = rewrite(schema, file) as Schema;
    const typeConst = ((schema.properties as Schema | undefined)?.type as Schema | undefined)?.const;
    if (dirname(file) === 'blocks' && typeof typeConst === 'string') blockTypes[typeConst] = name;
  }
  const root = definitions.site;
  return { root, definitions, blockTypes };
}
