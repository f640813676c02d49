import { writeFileSync } from 'node:fs';
import { GENERATED_FILE, generateTypes, syncBlockUnion } from '../src/content/generateTypes.ts';
import { writeSchemaModules } from '../src/content/schemaCompiler.ts';

if (syncBlockUnion()) console.log('Updated schema/block.schema.json from schema/blocks/');
writeFileSync(GENERATED_FILE, await generateTypes());
console.log(`Wrote ${GENERATED_FILE}`);
for (const path of writeSchemaModules()) console.log(`Wrote ${path}`);
