import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { entityKey } from './ids.ts';
import { blockFacts } from './schema.ts';
import { schemaDefinitions } from './schemaDefinitions.ts';

/*
 * The schema as text editors read it (VS Code's YAML extension, any editor with yaml-language-server): one file
 * made from schema/, with the checker's plain words where the editor would otherwise print the schema's own
 * ("String does not match the pattern of ..."), the existing ids offered where a reference is asked for, a
 * ready-made snippet per block type, and blocks chosen by their type so that a misspelt type gets one message.
 * It depends on the content (the ids), so it is made, never committed: by `npm install`, `npm run check`, the
 * build and the preview.
 */

export const EDITOR_SCHEMA_FILE = fileURLToPath(new URL('../../.vscode/site.schema.json', import.meta.url));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { [key: string]: Json };
const isNode = (value: Json | undefined): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The ids of each entity list, and the page addresses, from the site file as far as it can be read. */
function knownIds(siteFile: string): { entities: Map<string, string[]>; paths: string[] } {
  const entities = new Map<string, string[]>();
  let paths: string[] = [];
  try {
    const data = parse(readFileSync(siteFile, 'utf8')) as { entities?: Record<string, unknown>; pages?: { path?: unknown; each?: unknown }[] };
    for (const [collection, items] of Object.entries(data.entities ?? {})) {
      if (Array.isArray(items)) entities.set(collection, items.map((item) => entityKey((item ?? {}) as { slug?: string; id?: string })).filter(Boolean));
    }
    paths = (data.pages ?? []).flatMap((p) => (typeof p.path === 'string' && !p.each ? [p.path] : []));
  } catch {
    // A file that cannot be read yet still gets the words and snippets; the ids come back with the next good save.
  }
  return { entities, paths };
}

/** The checker's kind of words for one schema node, and the ids where it refers to an entity. */
function addWords(node: Json, ids: ReturnType<typeof knownIds>): Json {
  if (Array.isArray(node)) return node.map((item) => addWords(item, ids));
  if (!isNode(node)) return node;
  const out: Node = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, key === 'properties' && isNode(value)
    ? Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, addWords(schema, ids)]))
    : addWords(value, ids)]));
  const description = typeof out.description === 'string' ? out.description : undefined;
  if (description && out.markdownDescription === undefined) out.markdownDescription = description;
  if (typeof out.pattern === 'string') {
    // The checker's words: its advice for the file (patternErrorMessage) where the schema gives one, else the description.
    const advice = typeof out.patternErrorMessage === 'string' ? out.patternErrorMessage : description;
    out.patternErrorMessage = `Not written the expected way. ${advice ?? 'Compare it with the same field elsewhere in the file.'}`;
  }
  if (Array.isArray(out.enum) && out.errorMessage === undefined) out.errorMessage = `Not allowed here. Use one of: ${out.enum.join(', ')}.`;
  if (typeof out.entityRef === 'string') {
    const known = ids.entities.get(out.entityRef) ?? [];
    const key = out.entityRef === 'doctors' ? 'slug' : 'id';
    if (known.length) {
      out.enum = known;
      out.errorMessage = `Not in entities.${out.entityRef}. Use the ${key} of an entry there: ${known.join(', ')}.`;
    }
  }
  if (out.href === true && ids.paths.length) out.examples = [...new Set([...ids.paths, ...(Array.isArray(out.examples) ? out.examples : [])])];
  return out;
}

/** A new block of each type with its required fields, for the editor's completion. */
function snippet(type: string, schema: Node): Json {
  const properties = isNode(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.map(String) : [];
  const body: Node = { type };
  for (const name of required.filter((r) => r !== 'type')) {
    const field = properties[name];
    const kind = isNode(field) ? field.type : undefined;
    body[name] = kind === 'array' ? [] : kind === 'integer' || kind === 'number' ? 0 : kind === 'boolean' ? false : `\${${name}}`;
  }
  return { label: `${type} block`, description: typeof schema.description === 'string' ? schema.description : type, body };
}

/** The editor schema of a site file. */
export function editorSchema(siteFile: string): Node {
  const ids = knownIds(siteFile);
  const definitions: Node = {};
  for (const { name, schema } of schemaDefinitions()) definitions[name] = addWords(schema as Json, ids);
  const types = blockFacts().types;
  // One type list with one message for a misspelt type, then the chosen type's own fields.
  definitions.block = {
    title: 'Block',
    description: 'One block of a page. Its type says which kind; each kind has its own fields.',
    type: 'object',
    required: ['type'],
    properties: {
      type: {
        enum: types, description: 'Which kind of block this is.', markdownDescription: 'Which kind of block this is.',
        errorMessage: `Not a block type. Use one of: ${types.join(', ')}.`,
      },
    },
    allOf: types.map((type) => ({ if: { properties: { type: { const: type } }, required: ['type'] }, then: { $ref: `#/definitions/blocks.${type}` } })),
    defaultSnippets: types.map((type) => snippet(type, definitions[`blocks.${type}`] as Node)),
  };
  return { $schema: 'http://json-schema.org/draft-07/schema#', $ref: '#/definitions/site', definitions };
}

/** Writes the editor schema beside the editor settings, only when it changed; never fails the caller. */
export function writeEditorSchema(siteFile: string): boolean {
  try {
    const text = JSON.stringify(editorSchema(siteFile), null, 1) + '\n';
    if (existsSync(EDITOR_SCHEMA_FILE) && readFileSync(EDITOR_SCHEMA_FILE, 'utf8') === text) return false;
    mkdirSync(dirname(EDITOR_SCHEMA_FILE), { recursive: true });
    writeFileSync(EDITOR_SCHEMA_FILE, text);
    return true;
  } catch {
    return false;
  }
}
