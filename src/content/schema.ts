import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

export const SCHEMA_DIR = fileURLToPath(new URL('../../schema/', import.meta.url));
const BASE = 'https://schema.practice.invalid/';

/** What the annotation keywords in the schema saw while validating: the engine's hooks into the data. */
export interface Collected {
  /** JSON pointers of markdown strings, rendered to HTML at compile time. */
  markdown: string[];
  hrefs: { pointer: string; value: string }[];
  /** `fields`: what the referring block renders (schema keyword entityFields); absent means the whole entry. */
  refs: { pointer: string; collection: string; value: string; fields?: string[] }[];
  assets: { pointer: string; value: string }[];
  /** Icon names chosen in the content; their path data ships with the page that names them. */
  icons: { pointer: string; value: string }[];
  /** Phone numbers (schema keyword phoneNumber), checked to be Australian numbers that a tel: link can dial. */
  phones: { pointer: string; value: string }[];
  /** Calendar days (schema keyword calendarDay) that pages show as words; written out at build time. */
  days: { pointer: string; value: string }[];
}

let collector: Collected | null = null;

function collecting(
  keyword: string,
  record: (c: Collected, data: unknown, schemaValue: unknown, pointer: string, parentSchema: Record<string, unknown>) => void,
) {
  return {
    keyword,
    errors: false as const,
    validate(schemaValue: unknown, data: unknown, parent: unknown, cxt?: { instancePath: string }) {
      if (collector && cxt) record(collector, data, schemaValue, cxt.instancePath, (parent ?? {}) as Record<string, unknown>);
      return true;
    },
  };
}

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return schemaFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

let validator: ValidateFunction | null = null;

function createValidator(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, discriminator: true, allowUnionTypes: true, verbose: true });
  addFormats(ajv);
  ajv.addKeyword(collecting('markdown', (c, data, _s, p) => { if (typeof data === 'string') c.markdown.push(p); }));
  ajv.addKeyword(collecting('href', (c, data, _s, p) => { if (typeof data === 'string') c.hrefs.push({ pointer: p, value: data }); }));
  ajv.addKeyword(collecting('icon', (c, data, _s, p) => { if (typeof data === 'string') c.icons.push({ pointer: p, value: data }); }));
  ajv.addKeyword(collecting('phoneNumber', (c, data, _s, p) => { if (typeof data === 'string') c.phones.push({ pointer: p, value: data }); }));
  ajv.addKeyword(collecting('calendarDay', (c, data, _s, p) => { if (typeof data === 'string') c.days.push({ pointer: p, value: data }); }));
  // Words for editors (yaml-language-server shows them in place of the schema's own wording); ajv only keeps them.
  for (const keyword of ['patternErrorMessage', 'errorMessage', 'markdownDescription', 'defaultSnippets']) ajv.addKeyword({ keyword });
  ajv.addKeyword(collecting('asset', (c, data, _s, p) => { if (typeof data === 'string') c.assets.push({ pointer: p, value: data }); }));
  ajv.addKeyword(collecting('entityRef', (c, data, s, p, parent) => {
    if (typeof data !== 'string' || typeof s !== 'string') return;
    const fields = Array.isArray(parent.entityFields) ? parent.entityFields.map(String) : undefined;
    c.refs.push({ pointer: p, collection: s, value: data, fields });
  }));
  // Beside entityRef: the fields of the entry that the block renders, so its page ships only those.
  ajv.addKeyword({ keyword: 'entityFields', schemaType: 'array' });
  // Facts a block states about itself in its schema file, read by blockFacts().
  ajv.addKeyword({ keyword: 'pageHeading', schemaType: 'boolean' });
  ajv.addKeyword({ keyword: 'decorativeImages', schemaType: 'boolean' });
  ajv.addKeyword({ keyword: 'drawsIcons', schemaType: 'array' });
  for (const file of schemaFiles(SCHEMA_DIR)) {
    const rel = relative(SCHEMA_DIR, file).split('\\').join('/');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    delete schema.$schema;
    ajv.addSchema({ ...schema, $id: BASE + rel });
  }
  const validate = ajv.getSchema(BASE + 'site.schema.json');
  if (!validate) throw new Error('schema/site.schema.json is missing');
  return validate;
}

/** Validates data against schema/site.schema.json and returns ajv's errors plus what the keywords collected. */
export function validateAgainstSchema(data: unknown) {
  validator ??= createValidator();
  const collected: Collected = { markdown: [], hrefs: [], refs: [], assets: [], icons: [], phones: [], days: [] };
  collector = collected;
  try {
    validator(data);
  } finally {
    collector = null;
  }
  return { errors: validator.errors ?? [], collected };
}

/** What each block says about itself in schema/blocks/<type>.schema.json, so that no list elsewhere repeats it. */
export interface BlockFacts {
  /** Every block type, in the order of the block union. */
  types: string[];
  /** Types that render the page's one main heading (keyword pageHeading). */
  headingBlocks: Set<string>;
  /** Types whose pictures are background decoration, so an empty alt is right (keyword decorativeImages). */
  decorativeImageBlocks: Set<string>;
  /** The icons a block's component draws by name (keyword drawsIcons): they ship with each page that has the block. */
  icons: Map<string, string[]>;
}

let facts: BlockFacts | null = null;

export function blockFacts(): BlockFacts {
  if (facts) return facts;
  const union = JSON.parse(readFileSync(join(SCHEMA_DIR, 'block.schema.json'), 'utf8')) as { oneOf: { $ref: string }[] };
  const blocks = union.oneOf.map((b) => {
    const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, b.$ref), 'utf8')) as {
      properties: { type: { const: string } }; pageHeading?: boolean; decorativeImages?: boolean; drawsIcons?: string[];
    };
    return { type: schema.properties.type.const, schema };
  });
  facts = {
    types: blocks.map((b) => b.type),
    headingBlocks: new Set(blocks.filter((b) => b.schema.pageHeading).map((b) => b.type)),
    decorativeImageBlocks: new Set(blocks.filter((b) => b.schema.decorativeImages).map((b) => b.type)),
    icons: new Map(blocks.map((b) => [b.type, b.schema.drawsIcons ?? []])),
  };
  return facts;
}
