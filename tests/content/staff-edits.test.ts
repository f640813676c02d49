import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatError } from '../../src/content/errorFormat.ts';
import { loadSite } from '../../src/content/load.ts';
import { documentsDirFor, publicDirFor } from '../../src/content/siteFiles.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { applyStaffEdits, STAFF_EDITS } from './staffEdits.ts';

// A practice folder beside the edited file: the checker looks for pictures and documents there.
const work = mkdtempSync(join(tmpdir(), 'staff-edits-'));
cpSync(publicDirFor(SALTBUSH_SITE_FILE), join(work, 'public'), { recursive: true });
cpSync(documentsDirFor(SALTBUSH_SITE_FILE), join(work, 'documents'), { recursive: true });
afterAll(() => rmSync(work, { recursive: true, force: true }));

const original = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
const problems = (text: string) => {
  const file = join(work, 'site.yaml');
  writeFileSync(file, text);
  const result = loadSite(file);
  return result.ok ? [] : result.errors.map(formatError);
};

// tests/live/ builds the live site.yaml with all of these made and runs its invariants on it.
describe('ordinary staff edits of the whole practice pass the checker', () => {
  it.each(Object.keys(STAFF_EDITS))('%s', (name) => {
    const { text, applied } = applyStaffEdits(original, [name]);
    expect(applied).toEqual([name]);
    expect(text).not.toBe(original);
    expect(problems(text)).toEqual([]);
  });

  it('all of them at once', () => {
    const { text, applied } = applyStaffEdits(original);
    expect(applied).toEqual(Object.keys(STAFF_EDITS));
    expect(problems(text)).toEqual([]);
  });
});
