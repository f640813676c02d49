/** npm start: build when the sources are newer than dist/, then serve it at http://127.0.0.1:4173 (PORT, HOST). */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { documentsDirFor, publicDirFor, siteFileFromEnv } from '../src/content/siteFiles.ts';
import { startServer } from './server/serve.ts';

const root = resolve(import.meta.dirname, '..');
const distDir = join(root, 'dist');
const stamp = join(distDir, '.build-stamp');

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
  execFileSync(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'scripts', 'build.ts')], { stdio: 'inherit', cwd: root });
}

const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
await startServer({ distDir, port, host });
console.log(`Serving the site at http://${host}:${port}/`);
