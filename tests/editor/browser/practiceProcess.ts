import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/** What a build of the sandbox's practice is made from: its site file, and its other files by name and size. */
function practiceKey(box: Sandbox): string {
  const hash = createHash('sha256').update(readFileSync(box.siteFile));
  const files = readdirSync(box.work, { recursive: true, encoding: 'utf8' }).filter((name) => !/^\.git(\/|$)/.test(name)).sort();
  for (const name of files) {
    const stat = statSync(join(box.work, name));
    if (stat.isFile()) hash.update(`\0${name}\0${stat.size}`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * `npm start` on a sandbox of the practice as first published (sandbox('real')), for the files that need the whole
 * product: the built /admin, the printed sign-in addresses, drafts in PGlite. Every such sandbox holds the same
 * practice, so it builds the same site: the first build is kept in the project's folder (globalSetup.ts), and each
 * later `npm start` finds it in its folder, newer than every source, and builds nothing (a build is about
 * 12 core-seconds of this machine). Kept by what it was made from, so that a sandbox changed before its start gets
 * a build of its own, never another practice's.
 */
export async function startPractice(box: Sandbox): Promise<StartedSite> {
  const kept = join(inject('editorFolder'), `practice-dist-${practiceKey(box)}`);
  const distDir = join(box.dir, 'dist');
  const built = existsSync(buildStampFile(kept));
  if (built) copyBuild(kept, distDir);
  const site = await startSiteProcess({ siteFile: box.siteFile, distDir, dataDir: join(box.dir, 'data') });
  if (!built) copyBuild(distDir, kept);
  return site;
}
