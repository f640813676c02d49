/** The live site.yaml as a file staff open in a text editor. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDITOR_SCHEMA_FILE } from '../../src/content/editorSchema.ts';
import { DEFAULT_SITE_FILE } from '../../src/content/siteFiles.ts';

describe('the live site.yaml', () => {
  it('points editors at the editor schema, which `npm install` and `npm run check` make', () => {
    expect(readFileSync(DEFAULT_SITE_FILE, 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=./.vscode/site.schema.json');
    expect(EDITOR_SCHEMA_FILE.endsWith('.vscode/site.schema.json')).toBe(true);
    expect(readFileSync(join(import.meta.dirname, '..', '..', '.gitignore'), 'utf8')).toContain('.vscode/site.schema.json');
  });
});
