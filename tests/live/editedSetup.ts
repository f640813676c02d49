import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { documentsDirFor, publicDirFor, siteFileFromEnv } from '../../src/content/siteFiles.ts';
import { applyStaffEdits } from '../content/staffEdits.ts';
import { buildAndServe } from '../e2e/buildAndServe.ts';

/**
 * The live site.yaml after a round of ordinary staff edits (a doctor joins without a picture, another leaves, a menu
 * label, a news item taken down, a page added, a block moved...), in a practice folder of its own: the live
 * invariants must hold on it too, since each edit passes the checker. The engine's promise that a correct edit
 * never turns CI red is tested here, on whatever the live file holds today.
 */
export default async (project: TestProject) => {
  const live = siteFileFromEnv();
  const dir = mkdtempSync(join(tmpdir(), 'site-edited-'));
  cpSync(publicDirFor(live), join(dir, 'public'), { recursive: true });
  cpSync(documentsDirFor(live), join(dir, 'documents'), { recursive: true });
  const { text, applied } = applyStaffEdits(readFileSync(live, 'utf8'));
  const siteFile = join(dir, 'site.yaml');
  writeFileSync(siteFile, text);
  console.log(`The live site with ${applied.length} staff edits: ${applied.join('; ')}.`);
  const stop = await buildAndServe(project, siteFile);
  return async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
};
