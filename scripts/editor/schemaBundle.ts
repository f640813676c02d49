import { SCHEMA_FILES } from '../../src/generated/schemaFiles.ts';

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

/** 'blocks/../defs/link.schema.json' -> 'defs/link.schema.json': a $ref's target among schema/'s file names. */
function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '');

function rewrite(node: unknown, file: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, file));
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === '$schema') continue;
    if (key === '$ref' && typeof value === 'string') {
      const [target, fragment] = value.split('#');
      const targetFile = target ? normalize(`${folderOf(file)}/${target}`) : file;
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
  for (const file of Object.keys(SCHEMA_FILES).filter((name) => name.endsWith('.schema.json')).sort()) {
    const schema = SCHEMA_FILES[file] as Schema;
    const name = definitionName(file);
    definitions[name] = rewrite(schema, file) as Schema;
    const typeConst = ((schema.properties as Schema | undefined)?.type as Schema | undefined)?.const;
    if (folderOf(file) === 'blocks' && typeof typeConst === 'string') blockTypes[typeConst] = name;
  }
  const root = definitions.site;
  return { root, definitions, blockTypes };
}
