/**
 * npm run build: check the content, regenerate types, build the client and the server renderer, then prerender
 * every route into dist/. SITE=path/to/site.yaml builds another site; --outDir DIR writes elsewhere; --on YYYY-MM-DD
 * builds the site as it is on that day by the practice's clock (its midday).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { formatErrors, formatWarnings } from '../src/content/errorFormat.ts';
import { GENERATED_FILE, generateTypes, syncBlockUnion } from '../src/content/generateTypes.ts';
import { loadSite, takeOnDay } from '../src/content/load.ts';
import { schemaModulesCurrent, writeSchemaModules } from '../src/content/schemaCompiler.ts';
import { siteFileFromEnv } from '../src/content/siteFiles.ts';
import { buildAdmin } from '../build/adminBuild.ts';
import { writeMadeFiles } from '../build/documents.ts';
import { prerender } from '../build/prerender.ts';
import { moveBuildInfo } from '../server/local/buildInfo.ts';

// Vite takes NODE_ENV from the environment: under a test runner it is 'test', which would ship React's dev build.
process.env.NODE_ENV = 'production';

const root = resolve(import.meta.dirname, '..');
const outIndex = process.argv.indexOf('--outDir');
const outDir = resolve(outIndex > 0 ? process.argv[outIndex + 1] : join(root, 'dist'));
// The server renderer imports react from node_modules, so it is built inside the project wherever dist goes.
const ssrDir = join(root, 'node_modules', '.site-ssr', String(process.pid));

const started = performance.now();
// The one clock: the check below, the site plugin's compile and the prerender all read it from SITE_NOW.
takeOnDay(process.argv);
syncBlockUnion();
// The checker below was loaded with the validator compiled from schema/ before: when schema/ has changed since, the
// validator is compiled again and the build starts over with it.
if (!schemaModulesCurrent()) {
  writeSchemaModules();
  console.log('schema/ changed: its validator in src/generated/ was compiled again.');
  execFileSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(0);
}
const siteFile = siteFileFromEnv();
const checked = loadSite(siteFile);
if (!checked.ok) {
  console.error(formatErrors(checked.errors));
  process.exit(1);
}
if (checked.warnings.length) console.error(formatWarnings(checked.warnings));
// Written only when it changed: a reader (the "types are up to date" test) never sees a half-written file.
const types = await generateTypes();
if (!existsSync(GENERATED_FILE) || readFileSync(GENERATED_FILE, 'utf8') !== types) writeFileSync(GENERATED_FILE, types);

rmSync(outDir, { recursive: true, force: true });
const quiet = { logLevel: 'warn' as const, configFile: join(root, 'vite.config.ts'), root };
await build({ ...quiet, build: { outDir, emptyOutDir: true } });
await build({ ...quiet, build: { ssr: join(root, 'src/site/entry-server.tsx'), outDir: ssrDir, emptyOutDir: true, copyPublicDir: false } });
const count = await prerender(outDir, ssrDir);
await writeMadeFiles(siteFile, outDir);
await buildAdmin(root, outDir);
rmSync(ssrDir, { recursive: true, force: true });
moveBuildInfo(outDir); // Vite's manifest and the build stamp go beside outDir, out of what a host publishes
console.log(`Built ${count} pages into ${outDir} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
