import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatError } from '../../src/content/errors.ts';
import { DEFAULT_SITE_FILE, loadSite } from '../../src/content/load.ts';
import { generateMutations, type Kind } from './mutations.ts';

const original = readFileSync(DEFAULT_SITE_FILE, 'utf8');
const corpus = generateMutations(original);

describe('the mutation corpus of site.yaml', () => {
  it('the untouched site.yaml passes', () => {
    const result = loadSite(DEFAULT_SITE_FILE, original);
    expect(result.ok ? [] : result.errors.map(formatError)).toEqual([]);
  });

  it('has at least 200 broken variants, of every kind', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    const kinds: Kind[] = ['syntax', 'unknown-key', 'comma-trap', 'wrong-type', 'missing-field', 'broken-link', 'duplicate-id', 'missing-file', 'bad-money', 'unquoted-number', 'bad-value'];
    for (const kind of kinds) expect(corpus.filter((m) => m.kind === kind).length, kind).toBeGreaterThanOrEqual(5);
    expect(new Set(corpus.map((m) => m.text)).size).toBe(corpus.length);
  });

  it.each(corpus.map((m) => [m.id, m.what, m] as const))('%s (%s) is rejected on the right line', (_id, _what, mutation) => {
    expect(mutation.text).not.toBe(original);
    const result = loadSite(DEFAULT_SITE_FILE, mutation.text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const reported = result.errors.map(formatError);
    const hit = result.errors.find((e) => e.line === mutation.line && mutation.names.includes(e.name));
    expect(hit, `expected ${mutation.names.join(' or ')} on line ${mutation.line}, got:\n${reported.join('\n')}`).toBeDefined();
    for (const line of reported) expect(line).not.toMatch(/\n\s+at |Error:|undefined|\[object /);
  });
});
