/** The schema, the generated types and the block registry stay in step (a stale one fails here, not in a build). */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { bundleSchema } from '../../server/editor/schemaBundle.ts';
import { componentName, registry } from '../../src/blocks/registry.ts';
import { BLOCK_UNION_FILE, blockUnionSchema, GENERATED_FILE, generateTypes } from '../../src/content/generateTypes.ts';
import { SCHEMA_DIR } from '../../src/content/schemaCompiler.ts';

const root = join(SCHEMA_DIR, '..');

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? schemaFiles(path) : name.endsWith('.json') ? [path] : [];
  });
}
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

/** Every property declared anywhere in a schema document, with a readable place. */
function properties(node: unknown, place: string): { place: string; schema: Record<string, unknown> }[] {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap((item, i) => properties(item, `${place}[${i}]`));
  const out: { place: string; schema: Record<string, unknown> }[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, schema] of Object.entries(value as Record<string, unknown>)) {
        out.push({ place: `${place}.${name}`, schema: schema as Record<string, unknown> });
        out.push(...properties(schema, `${place}.${name}`));
      }
    } else if (key !== 'examples' && key !== 'enum' && key !== 'const' && key !== 'default') {
      out.push(...properties(value, `${place}${key === 'items' ? '[]' : key === 'definitions' ? '' : `.${key}`}`));
    }
  }
  return out;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/**
 * Every text that must be there when its group is (a required property) or exists only by being written (an entry
 * of a list), in a bundle's definitions, that still accepts "": the JSON pointer of each, named 'entities.news-item.title'.
 * Whether "" is refused is asked of ajv itself, so a minLength, a pattern, a format or an enum all count, through $refs.
 */
function emptyAcceptingTexts(definitions: Record<string, Node>): string[] {
  const ajv = new Ajv({ strict: false });
  addFormats(ajv);
  ajv.addSchema({ definitions }, 'bundle');
  const deref = (node: Node): Node => {
    let at = node;
    for (let hops = 0; typeof at.$ref === 'string' && hops < 10; hops++) {
      at = at.$ref.replace(/^#\/definitions\//, '').split('/').reduce<Node>((n, key) => n[key] as Node, definitions as Node);
    }
    return at;
  };
  const isText = (node: Node) => [deref(node).type].flat().includes('string');
  const out: string[] = [];
  const walk = (node: unknown, pointer: string, place: string, required: boolean) => {
    if (!isNode(node)) return;
    if (isText(node) && required && ajv.validate({ $ref: `bundle#${pointer}` }, '')) out.push(place);
    const requiredHere = Array.isArray(node.required) ? node.required.map(String) : [];
    if (isNode(node.properties)) {
      for (const [key, value] of Object.entries(node.properties)) walk(value, `${pointer}/properties/${key}`, `${place}.${key}`, requiredHere.includes(key));
    }
    walk(node.items, `${pointer}/items`, `${place}[]`, true);
    if (isNode(node.definitions)) {
      for (const [key, value] of Object.entries(node.definitions)) walk(value, `${pointer}/definitions/${key}`, `${place}#${key}`, false);
    }
  };
  for (const [name, definition] of Object.entries(definitions)) walk(definition, `/definitions/${name}`, name, false);
  return out;
}

describe('an empty required text is refused like a missing one', () => {
  // An empty alt is how a picture says it is decoration; the checker decides where that is allowed (MissingAlt).
  const EMPTY_MEANS_SOMETHING = ['defs.image.alt'];

  it('every required text of the bundled schema, and every entry of a list of texts, refuses "" (add "minLength": 1)', () => {
    expect(emptyAcceptingTexts(bundleSchema().definitions)).toEqual(EMPTY_MEANS_SOMETHING);
  });

  it('the walk finds a text that forgets it, required or a list entry, through a $ref too', () => {
    const text = { type: 'string' };
    const definitions = {
      'defs.plain': text,
      'entities.thing': {
        type: 'object', required: ['name', 'id', 'kind', 'words'],
        properties: {
          name: text, note: text, tags: { type: 'array', items: text }, words: { $ref: '#/definitions/defs.plain' },
          id: { type: 'string', pattern: '^[a-z]+$' }, kind: { type: 'string', enum: ['a', 'b'] }, title: { type: 'string', minLength: 1 },
        },
      },
    };
    expect(emptyAcceptingTexts(definitions)).toEqual(['entities.thing.name', 'entities.thing.tags[]', 'entities.thing.words']);
  });
});

describe('schema, types and registry', () => {
  it('schema/block.schema.json is the union of the files in schema/blocks/', () => {
    expect(readFileSync(BLOCK_UNION_FILE, 'utf8')).toBe(blockUnionSchema());
  });

  it('src/generated/site.ts is what the schema generates (run `npm run types` after a schema change)', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await generateTypes());
  });

  it('makes one type per concept: no numbered copies (Link2, Markdown3) from the words beside a $ref', async () => {
    const types = await generateTypes();
    expect(types.match(/export (type|interface) [A-Za-z]+[0-9]+\b/g) ?? []).toEqual([]);
    expect(types).toMatch(/export type Markdown = string;/);
  });

  it('every property of every schema file has a description (editors show it on hover)', () => {
    // A reference into a shared file's definitions ("dated.schema.json#/definitions/from") names a part of it.
    const referred = (ref: string) => {
      const [path, pointer = ''] = ref.split('#');
      return pointer.split('/').filter(Boolean).reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, read(path));
    };
    const missing: string[] = [];
    let count = 0;
    for (const file of schemaFiles(SCHEMA_DIR)) {
      for (const { place, schema } of properties(read(file), relative(root, file))) {
        count++;
        // A field may take its words from the shared definition it refers to (an anchor, a tone).
        const described = (node: Record<string, unknown>) => typeof node.description === 'string' && node.description.trim() !== '';
        const target = typeof schema.$ref === 'string' && !schema.$ref.startsWith('#') ? referred(join(dirname(file), schema.$ref)) : undefined;
        if (!described(schema) && !(target && described(target))) missing.push(place);
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('examples in the schema are valid for their own field', () => {
    const wrong: string[] = [];
    for (const file of schemaFiles(SCHEMA_DIR)) {
      const check = (schema: Record<string, unknown>, place: string) => {
        if (!Array.isArray(schema.examples)) return;
        for (const example of schema.examples) {
          if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(String(example))) wrong.push(`${place}: ${String(example)}`);
          if (Array.isArray(schema.enum) && !schema.enum.includes(example)) wrong.push(`${place}: ${String(example)}`);
        }
      };
      const json = read(file);
      check(json, relative(root, file));
      for (const { place, schema } of properties(json, relative(root, file))) check(schema, place);
    }
    expect(wrong).toEqual([]);
  });

  it('each block schema follows the convention: title XxxBlock, type const = file name, closed, type required', () => {
    for (const file of readdirSync(join(SCHEMA_DIR, 'blocks'))) {
      const schema = read(join(SCHEMA_DIR, 'blocks', file)) as { title: string; required: string[]; additionalProperties: boolean; properties: { type: { const: string } } };
      const type = file.replace(/\.schema\.json$/, '');
      expect(schema.properties.type.const, file).toBe(type);
      expect(schema.title, file).toBe(`${componentName(type)}Block`);
      expect(schema.additionalProperties, file).toBe(false);
      expect(schema.required, file).toContain('type');
    }
  });

  it('the registry has exactly one component per block type, in src/blocks/<Name>/<Name>.tsx', () => {
    const types = readdirSync(join(SCHEMA_DIR, 'blocks')).map((f) => (read(join(SCHEMA_DIR, 'blocks', f)) as { properties: { type: { const: string } } }).properties.type.const).sort();
    expect(Object.keys(registry).sort()).toEqual(types);
    for (const type of types) {
      const name = componentName(type);
      const file = join(root, 'src', 'blocks', name, `${name}.tsx`);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8'), file).toMatch(new RegExp(`export (function|const) ${name}\\b`));
      expect(typeof registry[type as keyof typeof registry]).toBe('function');
    }
  });
});
