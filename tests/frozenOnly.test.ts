/** The engine's tests cannot read the live site.yaml: a planted read fails, in every project but live. */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_FILE, siteFileFromEnv } from '../src/content/siteFiles.ts';
import config from '../vitest.config.ts';
import { SALTBUSH_SITE_FILE } from './fixtures/saltbush.ts';
import { LIVE_READ, LIVE_SITE_FILE } from './frozenOnly.ts';

describe('a test outside tests/live/ that reads the live site.yaml', () => {
  it('fails with words that say what to read instead, however it opens the file', async () => {
    expect(LIVE_SITE_FILE).toBe(DEFAULT_SITE_FILE);
    expect(() => readFileSync(DEFAULT_SITE_FILE, 'utf8')).toThrow(LIVE_READ);
    expect(() => readFileSync(new URL('../site.yaml', import.meta.url))).toThrow(LIVE_READ);
    await expect(readFile(DEFAULT_SITE_FILE, 'utf8')).rejects.toThrow(LIVE_READ);
  });

  it('reads the frozen copy, which is also what $SITE names for the builds a test starts', () => {
    expect(readFileSync(SALTBUSH_SITE_FILE, 'utf8').length).toBeGreaterThan(1000);
    expect(siteFileFromEnv()).toBe(SALTBUSH_SITE_FILE);
  });

  it('is set up in every project but the live ones, which have no such setup', () => {
    const projects = (config.test?.projects ?? []) as { test?: { name?: string; setupFiles?: string[]; env?: Record<string, string> } }[];
    const byName = new Map(projects.map((p) => [p.test?.name, p.test]));
    expect([...byName.keys()].sort()).toEqual(['e2e', 'editor', 'live', 'live-edited', 'unit']);
    for (const name of ['unit', 'e2e', 'editor']) {
      expect(byName.get(name)?.setupFiles).toContain('tests/frozenOnly.ts');
      expect(byName.get(name)?.env?.SITE).toBe(SALTBUSH_SITE_FILE);
    }
    for (const name of ['live', 'live-edited']) expect(byName.get(name)?.setupFiles).toBeUndefined();
  });
});
