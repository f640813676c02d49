import { SCHEMA_FILES } from '../generated/schemaFiles.ts';

/*
 * schema/ as the definitions of one JSON Schema: every file a definition ('defs.link', 'blocks.faq'), each $ref
 * pointed at it inside. The editor's forms (server/editor/schemaBundle.ts) and text editors' schema
 * (editorSchema.ts) each add their own words to these.
 */

export type SchemaNode = { [key: string]: unknown };

/** 'blocks/hero.schema.json' -> 'blocks.hero'. */
export const definitionName = (file: string) => file.replace(/\.schema\.json$/, '').split('/').join('.');

const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '');

/** 'blocks/../defs/link.schema.json' -> 'defs/link.schema.json': a $ref's target among schema/'s file names. */
function normalize(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** A copy of `node` (from `file`) with each $ref pointed inside the bundle, and no $schema. */
function pointedInside(node: unknown, file: string): unknown {
  if (Array.isArray(node)) return node.map((item) => pointedInside(item, file));
  if (!node || typeof node !== 'object') return node;
  const out: SchemaNode = {};
  for (const [key, value] of Object.entries(node as SchemaNode)) {
    if (key === '$schema') continue;
    if (key === '$ref' && typeof value === 'string') {
      const [target, fragment] = value.split('#');
      out.$ref = `#/definitions/${definitionName(target ? normalize(`${folderOf(file)}/${target}`) : file)}${fragment ?? ''}`;
    } else {
      out[key] = pointedInside(value, file);
    }
  }
  return out;
}

export interface Definition { name: string; file: string; schema: SchemaNode }

/** Every schema file of schema/, by file name, as a definition of the bundle. */
export function schemaDefinitions(): Definition[] {
  return Object.keys(SCHEMA_FILES).filter((file) => file.endsWith('.schema.json')).sort()
    .map((file) => ({ name: definitionName(file), file, schema: pointedInside(SCHEMA_FILES[file], file) as SchemaNode }));
}

/** The block type a definition describes (its `type` field's constant), for files under blocks/. */
export function blockTypeOf({ file, schema }: Definition): string | undefined {
  const type = ((schema.properties as SchemaNode | undefined)?.type as SchemaNode | undefined)?.const;
  return folderOf(file) === 'blocks' && typeof type === 'string' ? type : undefined;
}
