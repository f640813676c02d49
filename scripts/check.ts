import { formatErrors } from '../src/content/errors.ts';
import { loadSite, siteFileFromEnv } from '../src/content/load.ts';

const file = siteFileFromEnv();
const result = loadSite(file);
if (result.ok) {
  console.log(`${file}: no problems found (${result.compiled.pages.length} pages).`);
} else {
  console.error(formatErrors(result.errors));
  process.exitCode = 1;
}
