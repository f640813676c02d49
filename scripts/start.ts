/**
 * npm start: build when the sources are newer than dist/, then serve it at http://127.0.0.1:4173 (PORT, HOST; PORT=0
 * takes a free port). `--dist DIR` serves (and builds into) another folder. The feedback database opens in the
 * background while the site is already served. SIGTERM or SIGINT (Ctrl+C) stops it cleanly: no new connections,
 * answers under way finish (for up to 5 s), then the database is closed and its lock released.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { documentsDirFor, publicDirFor, siteFileFromEnv } from '../src/content/siteFiles.ts';
import { buildStampFile } from '../server/local/buildInfo.ts';
import { closeLocalFeedback, localFeedback } from '../server/local/feedback.ts';
import { startLocalEditor } from '../server/local/localEditor.ts';
import { startServer } from '../server/local/serve.ts';

const root = resolve(import.meta.dirname, '..');
const distIndex = process.argv.indexOf('--dist');
const distDir = distIndex > 0 ? resolve(process.argv[distIndex + 1]) : join(root, 'dist');
const stamp = buildStampFile(distDir);

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const siteFile = siteFileFromEnv();
const sources = [siteFile, publicDirFor(siteFile), documentsDirFor(siteFile), 'src', 'schema', 'index.html', 'scripts', 'vite.config.ts', 'package.json'];
if (!existsSync(stamp) || Math.max(...sources.map((s) => newest(resolve(root, s)))) > statSync(stamp).mtimeMs) {
  console.log('Building the site first...');
  try {
    execFileSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', 'build.ts'), '--outDir', distDir], { stdio: 'inherit', cwd: root });
  } catch {
    // The build has printed what is wrong (for site.yaml: each problem and its line); a stack trace would only bury it.
    console.error('The site was not started, because it could not be built. Fix what is listed above, then run `npm start` again.');
    process.exit(1);
  }
}

const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
// A picture published from /admin is committed into public/ while this runs; it is served from there until the next build.
const server = await startServer({ distDir, port, host, publicDir: publicDirFor(siteFile) });
const address = server.address();
const listening = typeof address === 'object' && address ? address.port : port;
console.log(`Serving the site at http://${host}:${listening}/`);
// The staff editor at /admin/, its backend on this computer.
const editor = startLocalEditor(listening);

// Opened now rather than on the first submission, which would otherwise wait seconds for it.
const started = performance.now();
localFeedback().then(
  () => console.log(`The feedback database is ready (${((performance.now() - started) / 1000).toFixed(1)} s).`),
  (error: unknown) => console.error(`The feedback database could not be opened: ${error instanceof Error ? error.message : String(error)} Submissions are refused until it can be.`),
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the server...`);
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections();
  const cutOff = setTimeout(() => server.closeAllConnections(), 5_000);
  await closed;
  clearTimeout(cutOff);
  await editor.close();
  try {
    await closeLocalFeedback();
  } catch (error) {
    console.error(`The feedback database did not close cleanly: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
