/**
 * What a build knows about itself but a visitor must never fetch: Vite's manifest (the module graph, with source file
 * names) and the time of the build. They are kept beside the output folder, never in it, so that no static host
 * publishes them with the site: dist/ -> dist.build-info/.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function buildInfoDir(distDir: string): string {
  return `${resolve(distDir)}.build-info`;
}

/** Vite's manifest of the build in distDir (prerendering and the performance budgets read it). */
export function viteManifestFile(distDir: string): string {
  return join(buildInfoDir(distDir), 'manifest.json');
}

/** Written last by a build that finished: `npm start` rebuilds when the sources are newer. */
export function buildStampFile(distDir: string): string {
  return join(buildInfoDir(distDir), 'build-stamp');
}

/** Moves the build's internals out of outDir (after prerendering has read them) and stamps the build as finished. */
export function moveBuildInfo(outDir: string): void {
  const info = buildInfoDir(outDir);
  rmSync(info, { recursive: true, force: true });
  mkdirSync(info, { recursive: true });
  const manifest = join(outDir, '.vite', 'manifest.json');
  if (existsSync(manifest)) renameSync(manifest, viteManifestFile(outDir));
  rmSync(join(outDir, '.vite'), { recursive: true, force: true });
  writeFileSync(buildStampFile(outDir), new Date().toISOString());
}
