import { writeFileSync } from 'node:fs';
import { GENERATED_FILE, generateTypes } from '../src/content/generateTypes.ts';

writeFileSync(GENERATED_FILE, await generateTypes());
console.log(`Wrote ${GENERATED_FILE}`);
