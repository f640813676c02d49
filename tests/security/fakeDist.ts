import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildStampFile, buildInfoDir } from '../../scripts/server/buildInfo.ts';

/**
 * The smallest folder the real server serves (a home page, the not-found page, the route list), with the files a
 * build used to leave in it (.vite/manifest.json, .build-stamp, the static host's _headers): for server tests that need
 * no real build. Its build stamp lies in the future, so `npm start --dist` serves it without building.
 */
export function fakeDist(dir: string): string {
  mkdirSync(join(dir, '.vite'), { recursive: true });
  writeFileSync(join(dir, 'routes.json'), JSON.stringify({ pages: [{ id: 'home', path: '/' }], aliases: [], prefixRedirects: [], templates: {}, notFoundId: 'not-found' }));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Home</title><p>home page</p>');
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Not found</title><p>not found</p>');
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/main.js"}}');
  writeFileSync(join(dir, '.build-stamp'), 'stamp');
  writeFileSync(join(dir, '_headers'), '/*\n  X-Test: 1\n');
  mkdirSync(buildInfoDir(dir), { recursive: true });
  writeFileSync(buildStampFile(dir), 'stamp');
  const later = new Date(Date.now() + 24 * 3600 * 1000);
  utimesSync(buildStampFile(dir), later, later);
  return dir;
}
