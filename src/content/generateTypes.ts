import { join } from 'node:path';
import { compileFromFile } from 'json-schema-to-typescript';
import { SCHEMA_DIR } from './schema.ts';

export const GENERATED_FILE = join(SCHEMA_DIR, '..', 'src', 'generated', 'site.ts');

const banner = `/* Generated from schema/ by \`npm run types\`. Do not edit: change the schema and run it again. */`;

/** The TypeScript types of site.yaml, generated from the same schema ajv validates with. */
export async function generateTypes(): Promise<string> {
  return compileFromFile(join(SCHEMA_DIR, 'site.schema.json'), {
    cwd: SCHEMA_DIR,
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
