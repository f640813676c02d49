/**
 * Characters that draw nothing, or change how the text around them reads, named by their Unicode properties rather
 * than listed one by one: a list always misses some (tag characters carry a whole hidden sentence; a soft hyphen, a
 * Hangul filler or the blank Braille pattern fill a name that looks empty). The one definition for the site file's
 * check (a text of these alone shows as empty) and for what staff type into the editor (descriptions, names,
 * e-mail addresses), which refuses any of them.
 */

/**
 * Controls, format characters (bidirectional controls, zero-width marks, the soft hyphen, tags), private use, half a
 * surrogate pair, the default-ignorable code points (fillers, variation selectors) and the blanks that are neither but
 * show nothing: the Hangul fillers and the blank Braille pattern.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Default_Ignorable_Code_Point}\u{E0000}-\u{E007F}\u115F\u1160\u2800\u3164\uFFA0]/u;

/** U+FDD0 to U+FDEF, and the last two code points of every plane: never characters, whatever a later Unicode adds. */
const nonCharacter = (code: number) => (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe;

/** Ordinary white space a field may hold: descriptions and names turn it into spaces, a long text keeps its lines. */
const LINE_SPACE = new Set(['\t', '\n', '\r']);

const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
const EMOJI = /^\p{Emoji}$/u;
/** What may stand between an emoji and the joiner after it: the emoji presentation selector, a skin tone. */
const EMOJI_TAIL = /^[\uFE0F\u{1F3FB}-\u{1F3FF}]$/u;

const ZWJ = '\u200D';
const CANCEL = '\u{E007F}';
const isTag = (ch: string | undefined) => ch !== undefined && ch >= '\u{E0000}' && ch <= '\u{E007F}';
const tags = (letters: string) => [...letters].map((ch) => String.fromCodePoint(0xe0000 + ch.charCodeAt(0))).join('') + CANCEL;
/** The tag sequences of the black flag that are flags (England, Scotland, Wales); any other hides text. */
const FLAG_TAGS = new Set(['gbeng', 'gbsct', 'gbwls'].map(tags));

/** Whether the hidden-looking character at `i` is part of an emoji: a joiner, a presentation selector, a flag's tags. */
function inEmoji(chars: string[], i: number): boolean {
  const ch = chars[i];
  if (ch === ZWJ) {
    const before = EMOJI_TAIL.test(chars[i - 1] ?? '') ? chars[i - 2] : chars[i - 1];
    return PICTOGRAPH.test(before ?? '') && PICTOGRAPH.test(chars[i + 1] ?? '');
  }
  if (ch === '\uFE0E' || ch === '\uFE0F') return EMOJI.test(chars[i - 1] ?? '');
  if (isTag(ch)) {
    // The run of tags this one is in ends at its cancel tag: tags after that belong to no flag.
    let start = i;
    while (isTag(chars[start - 1]) && chars[start - 1] !== CANCEL) start--;
    let end = start;
    while (isTag(chars[end]) && chars[end - 1] !== CANCEL) end++;
    return chars[start - 1] === '\u{1F3F4}' && FLAG_TAGS.has(chars.slice(start, end).join(''));
  }
  return false;
}

/** The first character of `text` that `hides` and is not part of an emoji, or undefined. */
function firstHidden(text: string, hides: (ch: string) => boolean): string | undefined {
  const chars = [...text];
  for (const [i, ch] of chars.entries()) if (hides(ch) && !inEmoji(chars, i)) return ch;
  return undefined;
}

/**
 * The first character of `text` that hides something (see HIDDEN), or undefined when there is none. Tabs and line
 * breaks are left to the field; the joiner and the variation selectors are kept inside an emoji (👨‍👩‍👧, ❤️).
 */
export function hiddenCharacter(text: string): string | undefined {
  return firstHidden(text, (ch) => !LINE_SPACE.has(ch) && (HIDDEN.test(ch) || nonCharacter(ch.codePointAt(0) ?? 0)));
}

// Writing needs some invisible characters: the joiners of Persian and the Indic scripts, the marks that set the
// direction of Hebrew and Arabic, a soft hyphen from a word processor. These carry nothing of their own; tags (outside
// a flag), private use, noncharacters and half a surrogate pair can carry a whole text nobody sees, or nothing at all.
const CONCEALING = /[\p{Co}\p{Cs}\u{E0000}-\u{E007F}]/u;

/**
 * The first character of `text` that can conceal text or stands for no character at all, or undefined: the refusal
 * for what the public may write (the feedback form), which must leave every living script its invisible marks.
 */
export function concealingCharacter(text: string): string | undefined {
  return firstHidden(text, (ch) => CONCEALING.test(ch) || nonCharacter(ch.codePointAt(0) ?? 0));
}

/** True for a text that would show as nothing at all: white space and hidden characters only (not ""). */
export function showsNothing(text: string): boolean {
  if (text === '') return false;
  for (const ch of text) if (!/\s/u.test(ch) && !HIDDEN.test(ch) && !nonCharacter(ch.codePointAt(0) ?? 0)) return false;
  return true;
}
