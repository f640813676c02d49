import { describe, expect, it } from 'vitest';
import { choiceValue, listChanges, plainWords, shortValue } from '../../src/editor/review/changes.ts';
import { textChange, type Piece } from '../../src/editor/review/textChange.ts';

/** Review of a long text: where two versions that start alike differ, with words of the text around the change. */
const FIRST = 'The best time to be vaccinated is from April to June, before flu season peaks.';
const body = (middle: string) => `${FIRST} The vaccine is recommended for everyone aged 6 months and over.\n\n${middle} Phone reception to book a flu vaccination with one of our nurses, or book online at any time of the day.\n`;
const LINK = 'Read more at [Healthdirect Australia](https://www.healthdirect.gov.au/) for advice.';
/** LINK as its reader sees it, and as the words about a change say it. */
const LINK_READ = 'Read more at Healthdirect Australia for advice.';
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
    expect(now).toBe(`…everyone aged 6 months and over. ${LINK_READ} Phone reception to book a flu…`);
    expect(change.text && plainWords(change.text.after)).toBe(now);
    expect(change.text?.after.filter((p) => p.changed)).toEqual([{ text: LINK_READ, changed: true }]);
  });

  it('keeps a short text\'s change whole, as before', () => {
    const [change] = listChanges(site('Open until 5pm.'), site('Open until 6pm.'), undefined, textChange);
    expect(change.words).toMatch(/: Open until 5pm\. -> Open until 6pm\.$/);
    expect(change.text).toBeUndefined();
  });
});

describe('markdown in the words about a change, as its reader sees it', () => {
  const site = (text: string) => ({ hours: { note: text } });
  const words = (before: string, after: string) => listChanges(site(before), site(after), undefined, textChange).map((c) => c.words.replace(/^[^:]*: /, ''));

  it('says a change of words without the marks around them: bold, italic, links, headings, bullets, escapes', () => {
    expect(words('We **also run** clinics on _Saturday_.', 'We **also run** clinics on _Sunday_.')).toEqual(['We also run clinics on Saturday. -> We also run clinics on Sunday.']);
    expect(words('Book [online](https://book.example/)', 'Book [online now](https://book.example/)')).toEqual(['Book online -> Book online now']);
    expect(words('## Fees\n\n- Standard \\*\n- Long', '## Fees\n\n- Standard \\*\n- Longer')).toEqual(['Fees Standard * Long -> Fees Standard * Longer']);
    // A numbered list's numbers are on the page.
    expect(words('1. Bring your card', '1. Bring your Medicare card')).toEqual(['1. Bring your card -> 1. Bring your Medicare card']);
  });

  it('still lists a change of the marks alone, in words: made bold or italic, no longer so, a link made or moved', () => {
    const changes = listChanges(site('The clinic also runs on Saturdays.'), site('The clinic **also runs** on Saturdays.'));
    expect(changes.map((c) => c.words)).toEqual(['hours > note: made "also runs" bold']);
    expect(changes[0].op).toEqual({ op: 'set', path: ['hours', 'note'], value: 'The clinic **also runs** on Saturdays.', was: 'The clinic also runs on Saturdays.' });
    expect(words('Open *late*.', 'Open late.')).toEqual(['"late" is no longer italic']);
    expect(words('See our fees.', 'See our [fees](/fees).')).toEqual(['made "fees" a link to /fees']);
    expect(words('See our [fees](/fees).', 'See our [fees](/prices).')).toEqual(['the link "fees" now goes to /prices']);
    expect(words('See our [fees](/fees).', 'See our fees.')).toEqual(['"fees" is no longer a link']);
    expect(words('Closed\n\nSunday', 'Closed Sunday')).toEqual(['only spaces, line breaks or layout changed, not the words']);
  });

  it('shows a long text around its change without marks, and values added or chosen between without them too', () => {
    const [change] = listChanges(site(body('Open **late** on Thursdays.')), site(body('Open **late** on Fridays.')), undefined, textChange);
    expect(plainWords(change.text?.after ?? [])).toBe('…months and over. Open late on Fridays. Phone reception to book a…');
    expect(change.words).not.toMatch(/\*/);
    expect(shortValue('**Bulk billed** for [children](/kids)')).toBe('Bulk billed for children');
    expect(choiceValue('Closed on **public holidays**.')).toBe('Closed on public holidays.');
  });
});
