import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { _, Name, str, stringify, type KeywordCxt, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import { emptyCollected, type Collected } from './collected.ts';

export const SCHEMA_DIR = fileURLToPath(new URL('../../schema/', import.meta.url));
const BASE = 'https://schema.practice.invalid/';

export type { Collected } from './collected.ts';

/**
 * Keywords that note where their data is, for the compiler and the checks. They are `code` keywords, not `validate`
 * functions: a function cannot be written into the precompiled validator the editor's preview runs in the browser
 * (no eval there), code can. The generated code pushes into the `Collected` the validator is called with as `this`
 * (ajv's passContext), so no state lives between calls.
 */
function collecting(keyword: string, list: Exclude<keyof Collected, 'refs'>) {
  return {
    keyword,
    code(cxt: KeywordCxt) {
      const pointer = str`${new Name('instancePath')}${cxt.it.errorPath}`;
      const entry = list === 'markdown' ? pointer : _`{ pointer: ${pointer}, value: ${cxt.data} }`;
      cxt.gen.if(_`typeof ${cxt.data} == "string"`, () => cxt.gen.code(_`this.${new Name(list)}.push(${entry});`));
    },
  };
}

/** A reference to an entity: the collection is the keyword's value, the fields the block renders its sibling entityFields. */
const entityRef = {
  keyword: 'entityRef',
  code(cxt: KeywordCxt) {
    const { schema, parentSchema, data } = cxt;
    if (typeof schema !== 'string') return;
    const fields = Array.isArray(parentSchema.entityFields) ? parentSchema.entityFields.map(String) : undefined;
    const pointer = str`${new Name('instancePath')}${cxt.it.errorPath}`;
    const entry = fields
      ? _`{ pointer: ${pointer}, collection: ${schema}, value: ${data}, fields: ${stringify(fields)} }`
      : _`{ pointer: ${pointer}, collection: ${schema}, value: ${data}, fields: undefined }`;
    cxt.gen.if(_`typeof ${data} == "string"`, () => cxt.gen.code(_`this.refs.push(${entry});`));
  },
};

function schemaFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return schemaFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

let validator: ValidateFunction | null = null;
const SITE_SCHEMA = BASE + 'site.schema.json';

/** `source`: keep the generated code, for `validatorModule`. */
function createAjv(source = false): Ajv {
  const ajv = new Ajv({
    allErrors: true, strict: true, strictRequired: false, discriminator: true, allowUnionTypes: true, verbose: true, passContext: true,
    code: { source, esm: source },
  });
  addFormats(ajv);
  for (const keyword of ['markdown', 'href', 'icon', 'phoneNumber', 'calendarDay', 'asset'] as const) {
    const list = ({ markdown: 'markdown', href: 'hrefs', icon: 'icons', phoneNumber: 'phones', calendarDay: 'days', asset: 'assets' } as const)[keyword];
    ajv.addKeyword(collecting(keyword, list));
  }
  // Words for editors (yaml-language-server shows them in place of the schema's own wording); ajv only keeps them.
  for (const keyword of ['patternErrorMessage', 'errorMessage', 'markdownDescription', 'defaultSnippets']) ajv.addKeyword({ keyword });
  ajv.addKeyword(entityRef);
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
  return ajv;
}

function siteValidator(ajv: Ajv): ValidateFunction {
  const validate = ajv.getSchema(SITE_SCHEMA);
  if (!validate) throw new Error('schema/site.schema.json is missing');
  return validate;
}

/** Validates data against schema/site.schema.json and returns ajv's errors plus what the keywords collected. */
export function validateAgainstSchema(data: unknown) {
  validator ??= siteValidator(createAjv());
  const collected = emptyCollected();
  validator.call(collected, data);
  return { errors: validator.errors ?? [], collected };
}

/**
 * The site's validator as an ES module of plain code (ajv's standalone output), for the editor's preview, which may
 * not compile code in the browser. Call its default export as `validate.call(collected, data)`, as above.
 * ajv writes its helpers (formats, deep equality, string length) as require() calls; they become imports here.
 * Node and bundlers give a CommonJS module's exports differently to `import * as`, so `cjs` takes either.
 * `specifier`: where an import is found from (a test's module outside the project needs whole paths).
 */
export function validatorModule(specifier: (module: string) => string = (module) => module): string {
  const ajv = createAjv(true);
  const code = standaloneCode(ajv, siteValidator(ajv));
  const modules: string[] = [];
  const body = code.replace(/require\("([^"]+)"\)/g, (_match, module: string) => {
    if (!modules.includes(module)) modules.push(module);
    return `cjs(required${modules.indexOf(module)})`;
  });
  const imports = modules.map((module, i) => `import * as required${i} from ${JSON.stringify(specifier(module))};`);
  const cjs = 'const cjs = (m) => (m.default && m.default.__esModule ? m.default : m);';
  return [...imports, cjs, body].join('\n');
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
