// Markdown renders in time that grows with its length, counted (not timed): the characters handed to the inline rules
// of marked that search ahead (emphasis and struck-through text for their closing marks, plain text and addresses for
// an @), which bound their work; the other rules match only at the start of what they are given. Each pathological
// text of the attacks, doubled, must give at most about double: before the reaches, those rules were handed the rest
// of the text from every place, and it gave four times as much.
import { Tokenizer } from 'marked';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPHASIS_REACH, renderMarkdown, WORD_REACH } from '../../src/content/markdown.ts';

const RULES = ['emStrong', 'del', 'url', 'inlineText'] as const;

/** The characters handed to marked's inline rules while `text` is rendered: each spy calls the real rule. */
function charactersRead(text: string): number {
  let read = 0;
  const spies = RULES.map((rule) => {
    const original = Tokenizer.prototype[rule] as (...args: unknown[]) => unknown;
    return vi.spyOn(Tokenizer.prototype, rule).mockImplementation(function (this: Tokenizer, ...args: unknown[]) {
      // The text from here on (the masked copy beside it is read no further ahead).
      read += typeof args[0] === 'string' ? args[0].length : 0;
      return original.apply(this, args);
    } as never);
  });
  try {
    renderMarkdown(text);
  } finally {
    spies.forEach((spy) => spy.mockRestore());
  }
  return read;
}

afterEach(() => vi.restoreAllMocks());

const PATHOLOGICAL: Record<string, string> = {
  'emphasis marks mixed (_a*)': '_a*',
  'emphasis marks mixed (*a_)': '*a_',
  'emphasis after a word (a_*)': 'a_*',
  'strong openings (**a)': '**a',
  'underscores between letters (_a)': '_a',
  'strike-through openings (~a)': '~a',
  'link openings ([a)': '[a',
  'code openings (`a)': '`a',
  'tag openings (<a)': '<a',
  'an address without its @ (a.)': 'a.',
};

describe('markdown reads each text in time that grows with its length', () => {
  it.each(Object.entries(PATHOLOGICAL))('%s: twice as long reads at most about twice as much', (_, unit) => {
    const text = (n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
    const once = charactersRead(text(8_000));
    const twice = charactersRead(text(16_000));
    expect(twice / once, `${once} characters read for 8,000, ${twice} for 16,000`).toBeLessThan(2.3);
  });

  it('emphasis whose closing mark is within reach is found as before; an unbroken address within reach is still a link', () => {
    const long = 'word '.repeat((EMPHASIS_REACH - 10) / 5);
    expect(renderMarkdown(`Before **${long.trim()}** after.`)).toContain(`<p>Before <strong>${long.trim()}</strong> after.</p>`);
    const address = `https://example.com/${'a'.repeat(WORD_REACH - 100)}`;
    expect(renderMarkdown(`See ${address} now.`)).toContain(`href="${address}"`);
  });
});
