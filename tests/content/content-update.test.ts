import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load.ts';
import type { CompiledSite } from '../../src/content/model.ts';
import { contentUpdate } from '../../src/content/vitePlugin.ts';

/** What a page open in development receives for a saved change: the content that changed, or a reload. */
const siteFile = join(import.meta.dirname, '..', 'fixtures', 'minimal-site', 'site.yaml');
const text = readFileSync(siteFile, 'utf8');
const compiled = (edit: (text: string) => string): CompiledSite => {
  const result = loadSite(siteFile, edit(text));
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result.compiled;
};
const base = compiled((t) => t);

describe('a saved change for pages already open', () => {
  it('is nothing when the content is the same (a comment changed)', () => {
    expect(contentUpdate(base, compiled((t) => `# A note for staff\n${t}`))).toEqual({ pages: {} });
  });

  it('is only the page whose text changed', () => {
    const update = contentUpdate(base, compiled((t) => t.replace('heading: Your local GP in Banksia Flat', 'heading: Welcome')));
    if (update === 'reload') throw new Error('a change of text needs no reload');
    expect(update.layout).toBeUndefined();
    expect(Object.keys(update.pages)).toEqual(['welcome']);
    expect(JSON.stringify(update.pages.welcome)).toContain('"heading":"Welcome"');
  });

  it('carries the layout the browser uses, and the pages whose entities changed, when the practice phone changes', () => {
    const update = contentUpdate(base, compiled((t) => t.replace('phone: "4960 2100"', 'phone: "4960 2199"')));
    if (update === 'reload') throw new Error('a new phone number needs no reload');
    expect(JSON.stringify(update.layout)).toContain('4960 2199');
    expect(update.layout).not.toHaveProperty('site.description');
  });

  it('is a reload when a page moves, and before any version worked', () => {
    expect(contentUpdate(base, compiled((t) => t.replaceAll('/visit', '/visit-us')))).toBe('reload');
    expect(contentUpdate(null, base)).toBe('reload');
  });
});
