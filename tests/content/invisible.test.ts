/**
 * The one definition of a character that hides text, by Unicode property: every family refused, emoji and ordinary
 * line breaks kept; and the site file's check of a text that shows as nothing, through the real checker.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hiddenCharacter, showsNothing } from '../../src/content/invisible.ts';
import { loadSite } from '../../src/content/load.ts';

const tags = (text: string) => [...text].map((ch) => String.fromCodePoint(0xe0000 + ch.charCodeAt(0))).join('');

/** Each family, with a character of it placed inside an ordinary word. */
const FAMILIES: Record<string, string[]> = {
  tags: ['\u{E0001}', '\u{E0020}', '\u{E0041}', '\u{E007F}'],
  'soft hyphen': ['\u00AD'],
  'Hangul fillers': ['\u115F', '\u1160', '\u3164', '\uFFA0'],
  'blank Braille pattern': ['\u2800'],
  'other default-ignorables': ['\u034F', '\u17B4', '\u180B', '\uFE00', '\u{E0100}', '\u{1D173}', '\u{1BCA0}'],
  'format characters': ['\u061C', '\u200B', '\u200C', '\u200E', '\u202E', '\u2066', '\u2060', '\uFEFF', '\uFFF9', '\u{110BD}'],
  'private use': ['\uE000', '\uF8FF', '\u{F0000}', '\u{10FFFD}'],
  noncharacters: ['\uFDD0', '\uFDEF', '\uFFFE', '\uFFFF', '\u{1FFFE}', '\u{10FFFF}'],
  'half a surrogate pair': ['\uD800', '\uDC00'],
  controls: ['\0', '\x1b', '\x7f', '\x85'],
  'a joiner or selector outside an emoji': ['\u200D', '\uFE0F', '\uFE0E'],
};

describe('hiddenCharacter', () => {
  it.each(Object.entries(FAMILIES))('refuses %s, named as the character found', (_family, chars) => {
    for (const ch of chars) {
      const code = `U+${ch.codePointAt(0)?.toString(16).toUpperCase()}`;
      expect(hiddenCharacter(`Dr${ch}Jane`), code).toBe(ch);
      expect(hiddenCharacter(`${ch}Jane`), code).toBe(ch);
      expect(hiddenCharacter(`Jane${ch}`), code).toBe(ch);
    }
  });

  it('refuses a hidden sentence in tags, after any character but the black flag and past a flag\'s end', () => {
    const englandTags = tags('gbeng') + '\u{E007F}';
    expect(hiddenCharacter(`Hours${tags('ignore this')}`)).toBe('\u{E0069}');
    expect(hiddenCharacter(`\u{1F3F4}${tags('ignore')}\u{E007F}`)).toBe('\u{E0069}');
    expect(hiddenCharacter(`\u{1F3F4}${englandTags}${tags('x')}`)).toBe('\u{E0078}');
    expect(hiddenCharacter(`\u{1F3F3}${englandTags}`)).toBe('\u{E0067}');
  });

  it('refuses a joiner that joins no two emoji', () => {
    expect(hiddenCharacter('\u{1F468}\u200D')).toBe('\u200D');
    expect(hiddenCharacter('\u200D\u{1F469}')).toBe('\u200D');
    expect(hiddenCharacter('a\u200D\u{1F469}')).toBe('\u200D');
  });

  it('keeps emoji (a family with joiners, flags, skin tones, keycaps), text of every script and ordinary white space', () => {
    for (const text of [
      '👨‍👩‍👧', '🇦🇺', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '❤️', '❤️‍🔥', '👩🏽‍⚕️', '🏳️‍🌈', '1️⃣', '©️', '☺︎',
      'Line one\nLine two\tand a tab\r\n', 'Café Ngā mihi', 'العربية', '中文', '한국어', 'Dr Jane Citizen (2)',
    ]) expect(hiddenCharacter(text), JSON.stringify(text)).toBeUndefined();
  });
});

describe('a text that shows as nothing', () => {
  it('is one of white space and hidden characters alone; an emoji or a letter shows', () => {
    for (const text of [tags('hidden'), '\u00AD', '\u3164\u2800', '\u200D', '\uFE0F', ' \u{E0041} ', '\uE000']) expect(showsNothing(text), JSON.stringify(text)).toBe(true);
    for (const text of ['', 'a', '👨‍👩‍👧', `a${tags('x')}`, '.']) expect(showsNothing(text), JSON.stringify(text)).toBe(false);
  });

  it('is refused in the site file as InvisibleText, in the catalogue\'s words', () => {
    const siteFile = join(import.meta.dirname, '..', 'fixtures', 'minimal-site', 'site.yaml');
    const summary = 'summary: From February the clinic closes at 1pm on Fridays.';
    const base = readFileSync(siteFile, 'utf8');
    expect(base).toContain(summary);
    for (const hidden of [tags('Hidden'), '\u{E0041}\uFE0F', '\u2800\uFFA0']) {
      const result = loadSite(siteFile, base.replace(summary, `summary: ${JSON.stringify(hidden)}`));
      const found = [...result.warnings, ...(result.ok ? [] : result.errors)].filter((p) => p.path === 'entities.news.0.summary');
      expect(found.map((p) => [p.name, p.formMessage]), JSON.stringify(hidden)).toEqual([
        ['InvisibleText', 'This text is made only of invisible characters, so it shows as empty. Write the words in this field.'],
      ]);
    }
  });
});
