/**
 * npm run check: validate site.yaml (or SITE=path/to/site.yaml) and print every problem with its line, what is
 * wrong and what to do. Exit 0 when clean, 1 when the content has problems. Warnings (probably, not certainly,
 * mistakes) are printed the same way and do not fail the check, unless `npm run check -- --strict`. Under CI (CI or
 * GITHUB_ACTIONS set) each problem is also printed as a GitHub annotation, so it shows on the changed line of a pull
 * request. `--on YYYY-MM-DD` checks the site as it will be (or was) on that day by the practice's clock. Never prints a stack trace: whatever happens, the editor reads a sentence.
 */
import { type ContentError } from '../src/content/errors.ts';
import { formatErrors, formatWarnings, githubAnnotation } from '../src/content/errorFormat.ts';
import { loadSite, takeOnDay } from '../src/content/load.ts';
import { writeEditorSchema } from '../src/content/editorSchema.ts';
import { DEFAULT_SITE_FILE, siteFileFromEnv } from '../src/content/siteFiles.ts';

const started = performance.now();
takeOnDay(process.argv);
const file = siteFileFromEnv();
const strict = process.argv.includes('--strict');
let errors: ContentError[] = [];
let warnings: ContentError[] = [];
let pages = 0;
try {
  const result = loadSite(file);
  warnings = result.warnings;
  if (result.ok) pages = result.compiled.pages.length;
  else errors = result.errors;
} catch (error) {
  // loadSite already turns every failure into a message; this is only a last guard.
  const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
  errors = [{ name: 'CheckerFailed', file, line: 1, col: 1, path: '(file)', where: 'The whole file', message: `The checker stopped unexpectedly (${detail}).` }];
}

// Editors' underlines and completion follow the ids of the file just checked.
if (file === DEFAULT_SITE_FILE) writeEditorSchema(file);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (errors.length) console.error(formatErrors(errors));
if (warnings.length) console.error(`${errors.length ? '\n' : ''}${formatWarnings(warnings)}${strict ? ' (--strict: warnings fail the check.)' : ''}`);
if (process.env.CI || process.env.GITHUB_ACTIONS) for (const problem of [...errors, ...warnings]) console.log(githubAnnotation(problem));
if (errors.length === 0 && warnings.length === 0) console.log(`${file}: no problems found (${pages} pages, checked in ${seconds} s).`);
else if (errors.length === 0) console.log(`${file}: no errors (${pages} pages, checked in ${seconds} s).`);
if (errors.length || (strict && warnings.length)) process.exitCode = 1;
