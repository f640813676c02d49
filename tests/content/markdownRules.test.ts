/**
 * The short patterns that spare marked five of its long block rules (BLOCK_NEEDS in src/content/markdown.ts) must
 * never skip a rule that would have matched: wherever a block can start in a text, a short pattern that finds nothing
 * means marked's own rule finds nothing either. Over every text with formatting of the practice and thousands of
 * texts made of the pieces these rules look for.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Lexer } from 'marked';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BLOCK_NEEDS, renderMarkdown } from '../../src/content/markdown.ts';
import { getAt, parsePointer } from '../../src/content/pointer.ts';
import { validateAgainstSchema } from '../../src/content/schema.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';

const RULES = Object.keys(BLOCK_NEEDS) as (keyof typeof BLOCK_NEEDS)[];
const markedRule = (rule: keyof typeof BLOCK_NEEDS) => Lexer.rules.block.gfm[rule];

function siteTexts(file: string): string[] {
  const data: unknown = parse(readFileSync(file, 'utf8'));
  const { collected } = validateAgainstSchema(data);
  return collected.markdown.map((pointer) => getAt(data, parsePointer(pointer))).filter((v): v is string => typeof v === 'string');
}

/** Texts of the pieces the three rules (and the blocks around them) are made of, from a seeded generator. */
function madeTexts(count: number): string[] {
  const pieces = ['text', 'Two words', ' ', '  ', '    ', '\t', '\n', '\n\n', '\r\n', '-', '---', '- ', '=', '===', '|', '| a | b |', ':-', ':--:', '|---|',
    '[', '[a]: /b', '[a]:', '<', '<div>', '</p>', '<!-- x -->', '<?x?>', '<![CDATA[', '<script>', '<a href="x">', '<custom-tag x=1>', '>', '# ', '```', '~~~', '1. ', '* ', '_', '**', '[a](/b)', 'é', '\u2028'];
  let seed = 20261128;
  const next = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 12) }, () => pieces[Math.floor(next() * pieces.length)]).join(''));
}

/** Every place a block can start: the text itself and each rest of it after a line break (and, for short texts, after every character). */
const startsIn = (text: string) => [...new Set([0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1), ...(text.length < 80 ? text.split('').map((_, i) => i) : [])])]
  .map((at) => text.slice(at));

describe('the short patterns before marked\'s html, table, lheading, blockquote and def rules', () => {
  const texts = [...siteTexts(SALTBUSH_SITE_FILE), ...siteTexts(join(import.meta.dirname, '..', 'fixtures', 'minimal-site', 'site.yaml')), ...madeTexts(4000)];

  it('find something wherever marked\'s rule matches', () => {
    const missed: string[] = [];
    for (const text of texts) {
      for (const rest of startsIn(text)) {
        for (const rule of RULES) if (!BLOCK_NEEDS[rule].test(rest) && markedRule(rule).exec(rest)) missed.push(`${rule}: ${JSON.stringify(rest)}`);
      }
    }
    expect(missed).toEqual([]);
  });

  it('let marked read each kind of block they stand before', () => {
    const kinds = {
      html: '<div>\nA note\n</div>', table: '| Fee | Amount |\n|---|---|\n| Visit | $80 |', lheading: 'Fees\n===', blockquote: '> Said once', def: '[fees]: /fees',
    };
    for (const rule of RULES) {
      expect(markedRule(rule).exec(kinds[rule])).not.toBeNull();
      expect(BLOCK_NEEDS[rule].test(kinds[rule])).toBe(true);
    }
    expect(renderMarkdown(kinds.table)).toContain('Visit');
    expect(renderMarkdown(kinds.lheading)).toBe('Fees');
    expect(renderMarkdown(`${kinds.def}\n\nSee [fees].`)).toBe('<p>See <a href="/fees">fees</a>.</p>');
  });
});
