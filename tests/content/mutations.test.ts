import { readFileSync } from 'node:fs';
import { isMap, isPair, isSeq, parseDocument, type Node } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatError } from '../../src/content/errorFormat.ts';
import { loadSite } from '../../src/content/load.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { generateMutations, type Kind } from './mutations.ts';

const original = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
const corpus = generateMutations(original);

describe('the mutation corpus of site.yaml', () => {
  it('the untouched site.yaml passes', () => {
    const result = loadSite(SALTBUSH_SITE_FILE, original);
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
    const result = loadSite(SALTBUSH_SITE_FILE, mutation.text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const reported = result.errors.map(formatError);
    const hit = result.errors.find((e) => e.line === mutation.line && mutation.names.includes(e.name));
    expect(hit, `expected ${mutation.names.join(' or ')} on line ${mutation.line}, got:\n${reported.join('\n')}`).toBeDefined();
    for (const line of reported) expect(line).not.toMatch(/\n\s+at |Error:|undefined|\[object /);
  });
});

describe('the checker never stops on odd shapes', () => {
  // Any value replaced by a list, a group, nothing, a number or true: the checks after the schema must not trip
  // over data of the wrong shape (they run even when the schema has complaints, to report everything at once).
  const doc = parseDocument(original);
  const ranges: [number, number][] = [];
  const visit = (node: unknown) => {
    const items = isMap(node) ? node.items.filter(isPair).map((p) => p.value) : isSeq(node) ? node.items : [];
    for (const item of items) {
      const range = (item as Node | null)?.range;
      if (range) ranges.push([range[0], range[1]]);
      visit(item);
    }
  };
  visit(doc.contents);
  const shapes = ['[a, b]', '{ x: 1 }', '~', '12', 'true'];
  const step = Math.max(1, Math.floor(ranges.length / 40));
  const variants = ranges.filter((_, i) => i % step === 0).flatMap(([from, to], i) => {
    const shape = shapes[i % shapes.length];
    return [[`${shape} at offset ${from}`, original.slice(0, from) + shape + original.slice(to)] as const];
  });

  it.each(variants)('%s', (_name, text) => {
    const result = loadSite(SALTBUSH_SITE_FILE, text);
    const failures = result.ok ? [] : result.errors.filter((e) => e.name === 'CheckerFailed').map(formatError);
    expect(failures).toEqual([]);
  });
});
