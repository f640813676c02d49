/** The live site.yaml as a file staff open in a text editor. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { EDITOR_SCHEMA_FILE } from '../../src/content/editorSchema.ts';
import { DEFAULT_SITE_FILE } from '../../src/content/siteFiles.ts';
import { dailyCrons, daysWithoutEarlyRun } from '../workflows/schedule.ts';

describe('the live site.yaml', () => {
  it('points editors at the editor schema, which `npm install` and `npm run check` make', () => {
    expect(readFileSync(DEFAULT_SITE_FILE, 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=./.vscode/site.schema.json');
    expect(EDITOR_SCHEMA_FILE.endsWith('.vscode/site.schema.json')).toBe(true);
    expect(readFileSync(join(import.meta.dirname, '..', '..', '.gitignore'), 'utf8')).toContain('.vscode/site.schema.json');
  });

  it('is built again every day just after midnight in the time zone it states (.github/workflows/daily.yml)', () => {
    const zone = (parse(readFileSync(DEFAULT_SITE_FILE, 'utf8')) as { hours: { timeZone?: string } }).hours.timeZone;
    if (!zone) return; // no time zone: nothing by date is worked out by the practice's clock
    const crons = dailyCrons(readFileSync(join(import.meta.dirname, '..', '..', '.github', 'workflows', 'daily.yml'), 'utf8'));
    const year = new Date().getUTCFullYear();
    expect(daysWithoutEarlyRun(crons, zone, year), `change the schedules in daily.yml to 0:07 in ${zone}`).toEqual([]);
    expect(daysWithoutEarlyRun(crons, zone, year + 1)).toEqual([]);
  });
});
