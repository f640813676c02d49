import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildInfoDir, buildStampFile } from '../../../server/local/buildInfo.ts';
import { startSiteProcess, type StartedSite } from '../../../server/local/startProcess.ts';
import type { Sandbox } from '../sandbox.ts';

/** A finished build: its output folder, then its internals with the stamp (copied last, so a half copy is no build). */
function copyBuild(from: string, to: string) {
  cpSync(from, to, { recursive: true });
  cpSync(buildInfoDir(from), buildInfoDir(to), { recursive: true });
}

/**
 * `npm start` on a sandbox of the practice as first published (sandbox('real')), for the files that need the whole
 * product: the built /admin, the printed sign-in addresses, drafts in PGlite. Every such sandbox holds the same
 * practice, so it builds the same site: the first build is kept in the project's folder (globalSetup.ts), and each
 * later `npm start` finds it in its folder, newer than every source, and builds nothing (a build is about
 * 12 core-seconds of this machine).
 */
export async function startPractice(box: Sandbox): Promise<StartedSite> {
  const kept = join(inject('editorFolder'), 'practice-dist');
  const distDir = join(box.dir, 'dist');
  const built = existsSync(buildStampFile(kept));
  if (built) copyBuild(kept, distDir);
  const site = await startSiteProcess({ siteFile: box.siteFile, distDir, dataDir: join(box.dir, 'data') });
  if (!built) copyBuild(distDir, kept);
  return site;
}
