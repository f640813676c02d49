import { describe, expect, it } from 'vitest';
import { listChanges, plainWords } from '../../src/editor/review/changes.ts';
import { textChange, type Piece } from '../../src/editor/review/textChange.ts';

/** Review of a long text: where two versions that start alike differ, with words of the text around the change. */
const FIRST = 'The best time to be vaccinated is from April to June, before flu season peaks.';
const body = (middle: string) => `${FIRST} The vaccine is recommended for everyone aged 6 months and over.\n\n${middle} Phone reception to book a flu vaccination with one of our nurses, or book online at any time of the day.\n`;
const LINK = 'Read more at [Healthdirect Australia](https://www.healthdirect.gov.au/) for advice.';
/** A version with its changed words marked as [-removed-] and {+added+}. */
const marked = (pieces: Piece[], mark: (t: string) => string) => pieces.map((p) => (p.changed ? mark(p.text) : p.text)).join('');

describe('the change of a long text', () => {
  it('shows words added after the first sentence, with six words either side, not the text\'s start', () => {
    const change = textChange('News > Flu > Rest of the item', body(''), body(LINK));
    expect(change?.where).toBe('News > Flu > Rest of the item');
    expect(marked(change?.before ?? [], (t) => `[-${t}-]`)).toBe('…everyone aged 6 months and over. Phone reception to book a flu…');
    expect(marked(change?.after ?? [], (t) => `{+${t}+}`)).toBe(`…everyone aged 6 months and over. {+${LINK}+} Phone reception to book a flu…`);
  });

  it('marks words replaced on both sides, and shortens what is kept between two changes far apart', () => {
    const before = `${FIRST} Phone reception on 9000 0000 to book. ${'Vaccines are free for people over 65 years of age. '.repeat(3)}We close at 5pm.`;
    const after = before.replace('9000 0000', '9000 1111').replace('5pm', '6pm');
    const change = textChange('Here', before, after);
    expect(marked(change?.before ?? [], (t) => `[-${t}-]`)).toBe('…season peaks. Phone reception on 9000 [-0000-] to book. Vaccines are free for … years of age. We close at [-5pm-].');
    expect(marked(change?.after ?? [], (t) => `{+${t}+}`)).toBe('…season peaks. Phone reception on 9000 {+1111+} to book. Vaccines are free for … years of age. We close at {+6pm+}.');
  });

  it('shows the first and last words of a long stretch rewritten', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const change = textChange('Here', `${FIRST} Old text.`, `${FIRST} ${words}`);
    const added = change?.after.find((p) => p.changed)?.text ?? '';
    expect(added.startsWith('word0 word1 ')).toBe(true);
    expect(added).toContain('word19 … word40');
    expect(added.endsWith('word59')).toBe(true);
    expect(added).not.toContain('word30');
  });

  it('is no change of words when only the line breaks changed', () => {
    expect(textChange('Here', body('Hello.'), body('Hello.').replace('\n\n', ' '))).toBeUndefined();
  });
});

describe('Review\'s list of changes', () => {
  const site = (text: string) => ({ entities: { news: [{ id: 'flu', title: 'Flu', body: text }] } });

  it('says where two long texts that share their first sentence differ, in the words and marked', () => {
    const [change] = listChanges(site(body('')), site(body(LINK)), undefined, textChange);
    const [place, was, now] = change.words.split(/: | -> /);
    expect(place).toMatch(/flu/i);
    // Today's words cut both at the same first sentence; now each side shows its own change.
    expect(was).not.toBe(now);
    expect(was).not.toContain('The best time');
    expect(now).toBe(`…everyone aged 6 months and over. ${LINK} Phone reception to book a flu…`);
    expect(change.text && plainWords(change.text.after)).toBe(now);
    expect(change.text?.after.filter((p) => p.changed)).toEqual([{ text: LINK, changed: true }]);
  });

  it('keeps a short text\'s change whole, as before', () => {
    const [change] = listChanges(site('Open until 5pm.'), site('Open until 6pm.'), undefined, textChange);
    expect(change.words).toMatch(/: Open until 5pm\. -> Open until 6pm\.$/);
    expect(change.text).toBeUndefined();
  });
});
