import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { _, Name, str, stringify, type KeywordCxt, type ValidateFunction } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';
import type { Collected } from './collected.ts';
import { compactValidatorCode } from './validatorCode.ts';

/*
 * Build time only: ajv compiles schema/ into plain code, written to src/generated/ by `npm run types` (and by the
 * build when it is out of date). What checks content at run time (the checker, the editor's preview, the hosted
 * editor function) imports that code, so it needs no file system and compiles nothing (schema.ts).
 */

export const SCHEMA_DIR = fileURLToPath(new URL('../../schema/', import.meta.url));
export const GENERATED_DIR = fileURLToPath(new URL('../generated/', import.meta.url));
const BASE = 'https://schema.practice.invalid/';
const SITE_SCHEMA = BASE + 'site.schema.json';

/** Every file of schema/, as 'blocks/faq.schema.json', sorted. */
export function schemaFileNames(dir = SCHEMA_DIR): string[] {
  const walk = (at: string): string[] => readdirSync(at).flatMap((name) => {
    const path = join(at, name);
    if (statSync(path).isDirectory()) return walk(path);
    return name.endsWith('.json') ? [relative(dir, path).split('\\').join('/')] : [];
  });
  return walk(dir).sort();
}

/**
 * Keywords that note where their data is, for the compiler and the checks. They are `code` keywords, not `validate`
 * functions: a function cannot be written into precompiled code, code can. The generated code pushes into the
 * `Collected` the validator is called with as `this` (ajv's passContext), so no state lives between calls.
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

/** `files`: schema/ as its file names and parsed contents. `source`: keep the generated code, for `validatorModule`. */
export function createAjv(files: Readonly<Record<string, unknown>>, source = false): Ajv {
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
  // What staff call the kind of block, in the editor (the title names its type in the code).
  ajv.addKeyword({ keyword: 'kindName', schemaType: 'string' });
  for (const [name, parsed] of Object.entries(files)) {
    const { $schema: _drop, ...schema } = parsed as Record<string, unknown>;
    void _drop;
    ajv.addSchema({ ...schema, $id: BASE + name });
  }
  return ajv;
}

export function siteValidator(ajv: Ajv): ValidateFunction {
  const validate = ajv.getSchema(SITE_SCHEMA);
  if (!validate) throw new Error('schema/site.schema.json is missing');
  return validate;
}

/**
 * The site's validator as an ES module of plain code (ajv's standalone output, written smaller by validatorCode.ts).
 * Call its default export as `validate.call(collected, data)`. ajv writes its helpers (formats, deep equality, string
 * length) as require() calls; they become imports of the helpers' files, which Node, bundlers and Deno's npm packages
 * all find. Node and bundlers give a CommonJS module's exports differently to `import * as`, so `cjs` takes either.
 * `specifier`: where an import is found from (a test's module outside the project needs whole paths).
 */
export function validatorModule(files: Readonly<Record<string, unknown>>, specifier: (module: string) => string = (module) => `${module}.js`): string {
  const banner = `${BANNER}\n// schema/ ${schemaHash(files)}`;
  const ajv = createAjv(files, true);
  const code = compactValidatorCode(standaloneCode(ajv, siteValidator(ajv)));
  const modules: string[] = [];
  const body = code.replace(/require\("([^"]+)"\)/g, (_match: string, module: string) => {
    if (!modules.includes(module)) modules.push(module);
    return `cjs(required${modules.indexOf(module)})`;
  });
  const imports = modules.map((module, i) => `import * as required${i} from ${JSON.stringify(specifier(module))};`);
  const cjs = 'const cjs = (m) => (m.default && m.default.__esModule ? m.default : m);';
  // Deno reads the code's types from the file beside it; TypeScript finds that file by its name.
  return [banner, '// @ts-self-types="./validate.d.ts"', ...imports, cjs, body].join('\n') + '\n';
}

const BANNER = '/* Generated from schema/ by `npm run types`. Do not edit: change the schema and run it again. */';

/** src/generated/schemaFiles.ts: every file of schema/ imported as JSON, so code that reads the schema needs no file system. */
export function schemaFilesModule(names = schemaFileNames()): string {
  const imports = names.map((name, i) => `import f${i} from '../../schema/${name}' with { type: 'json' };`);
  const entries = names.map((name, i) => `  '${name}': f${i},`);
  return [BANNER, ...imports, '', '/** schema/, file by file (\'blocks/faq.schema.json\'), as parsed JSON. */', 'export const SCHEMA_FILES: Readonly<Record<string, unknown>> = {', ...entries, '};', ''].join('\n');
}

/** schema/ read from disk, file by file, as the generated modules hold it. */
export function readSchemaFiles(dir = SCHEMA_DIR): Record<string, unknown> {
  return Object.fromEntries(schemaFileNames(dir).map((name) => [name, JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown]));
}

/** A fingerprint of schema/'s contents, written into the generated validator: it tells when that is out of date. */
const schemaHash = (files: Readonly<Record<string, unknown>>) => createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16);

const VALIDATOR_FILE = join(GENERATED_DIR, 'validate.js');
const FILES_FILE = join(GENERATED_DIR, 'schemaFiles.ts');

/**
 * Whether src/generated/ was made from schema/ as it is now (and lists every file of it), cheaply: ajv compiling the
 * schema takes seconds, reading it a few milliseconds.
 */
export function schemaModulesCurrent(): boolean {
  if (!existsSync(VALIDATOR_FILE) || !existsSync(FILES_FILE)) return false;
  const head = readFileSync(VALIDATOR_FILE, 'utf8').slice(0, 400);
  return head.includes(`// schema/ ${schemaHash(readSchemaFiles())}\n`) && readFileSync(FILES_FILE, 'utf8') === schemaFilesModule();
}

/** The generated modules made from schema/, by their paths: what `npm run types` writes and a test keeps current. */
export function schemaModules(): Record<string, string> {
  return {
    [FILES_FILE]: schemaFilesModule(),
    [VALIDATOR_FILE]: validatorModule(readSchemaFiles()),
  };
}

/** Writes the modules that differ from schemaModules(); returns the paths written. */
export function writeSchemaModules(): string[] {
  return Object.entries(schemaModules()).filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text).map(([path, text]) => {
    writeFileSync(path, text);
    return path;
  });
}
