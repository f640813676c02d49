import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load.ts';
import { documentsDirFor, publicDirFor, siteFileFromEnv } from '../../src/content/siteFiles.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { applyStaffEdits } from './staffEdits.ts';

const work = mkdtempSync(join(tmpdir(), 'staff-edits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of a site (its file, public/ and documents/) with the six edits applied. */
function editedCopy(siteFile: string): { file: string; applied: string[] } {
  const dir = mkdtempSync(join(work, 'site-'));
  cpSync(publicDirFor(siteFile), join(dir, 'public'), { recursive: true });
  cpSync(documentsDirFor(siteFile), join(dir, 'documents'), { recursive: true });
  const { text, applied } = applyStaffEdits(readFileSync(siteFile, 'utf8'));
  const file = join(dir, 'site.yaml');
  writeFileSync(file, text);
  return { file, applied };
}

describe('ordinary staff edits pass the checker', () => {
  it.each([['the live site.yaml', siteFileFromEnv()], ['the frozen copy', SALTBUSH_SITE_FILE]])('on %s', (_name, siteFile) => {
    const { file, applied } = editedCopy(siteFile);
    expect(dirname(file)).not.toBe(dirname(siteFile));
    expect(applied).toHaveLength(6);
    const result = loadSite(file);
    expect(result.ok ? [] : result.errors.map((e) => e.message)).toEqual([]);
  });
});
