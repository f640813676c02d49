import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { SCHEMA_DIR } from './schemaCompiler.ts';

export const GENERATED_FILE = join(SCHEMA_DIR, '..', 'src', 'generated', 'site.ts');

const banner = `/* Generated from schema/ by \`npm run types\`. Do not edit: change the schema and run it again. */`;

export const BLOCK_UNION_FILE = join(SCHEMA_DIR, 'block.schema.json');

/** schema/block.schema.json: the union of every file in schema/blocks/, so adding a block is adding one file. */
export function blockUnionSchema(): string {
  const files = readdirSync(join(SCHEMA_DIR, 'blocks')).filter((f) => f.endsWith('.schema.json')).sort();
  const union = {
    title: 'Block',
    description: 'One block of a page. Its type says which kind; each kind has its own fields.',
    type: 'object',
    required: ['type'],
    discriminator: { propertyName: 'type' },
    oneOf: files.map((f) => ({ $ref: `blocks/${f}` })),
  };
  return JSON.stringify(union, null, 2) + '\n';
}

/** Rewrites block.schema.json when schema/blocks/ changed; returns true when it did. */
export function syncBlockUnion(): boolean {
  const next = blockUnionSchema();
  if (readFileSync(BLOCK_UNION_FILE, 'utf8') === next) return false;
  writeFileSync(BLOCK_UNION_FILE, next);
  return true;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * A `$ref` keeps what is written beside it (a field's own description and examples, which editors show, and limits
 * such as maxLength), but the type generator would make a numbered copy of the referenced type for each such field
 * (Link2, Href6...). A field's `title` is its label in the staff editor ("Closing time"), and the generator would
 * make it a type of its own (ClosingTime). The types are read from a copy without either: one type per concept,
 * named by the titles of files and definitions only.
 */
function forTypes(node: Json): Json {
  if (Array.isArray(node)) return node.map(forTypes);
  if (node === null || typeof node !== 'object') return node;
  // Beside a $ref only words and limits are written (a field's description, examples, maxLength): none changes the type.
  const entries = Object.entries(node).filter(([key]) => !('$ref' in node) || key === '$ref');
  return Object.fromEntries(entries.map(([key, value]) => [key, key === 'properties' ? withoutLabels(value) : forTypes(value)]));
}

function withoutLabels(properties: Json): Json {
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return forTypes(properties);
  return Object.fromEntries(Object.entries(properties).map(([name, field]) => {
    if (field === null || typeof field !== 'object' || Array.isArray(field)) return [name, field];
    const { title: _label, ...rest } = field;
    void _label;
    return [name, forTypes(rest)];
  }));
}

const copyForTypes = (path: string) => forTypes(JSON.parse(readFileSync(path, 'utf8')) as Json);
const readForTypes = (file: { url: string }) => JSON.stringify(copyForTypes(fileURLToPath(new URL(file.url, 'file:///'))));

/** The TypeScript types of site.yaml, generated from the same schema ajv validates with. */
export async function generateTypes(): Promise<string> {
  // The root file too is read from its copy (compileFromFile would read it as written).
  return compile(copyForTypes(join(SCHEMA_DIR, 'site.schema.json')) as JSONSchema, 'Site', {
    cwd: SCHEMA_DIR,
    $refOptions: { resolve: { file: { read: readForTypes } } },
    bannerComment: banner,
    additionalProperties: false,
    declareExternallyReferenced: true,
    unreachableDefinitions: false,
    strictIndexSignatures: true,
    ignoreMinAndMaxItems: true,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
}
