import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_LIMIT, settingsFromEnv } from '../../server/feedback/config.ts';
import { edgeClientAddress } from '../../server/feedback/clientAddress.ts';
import { characterCount, checkField, hasVisibleText, LIMITS, neutraliseBidi, validateFeedback } from '../../src/content/feedbackRules.ts';

describe('the shared field rules (the form runs these before sending, the function again on arrival)', () => {
  it.each([
    ['message', undefined, 'required'],
    ['message', '   ', 'required'],
    ['message', 'x'.repeat(LIMITS.message + 1), 'tooLong'],
    ['message', 'tab\there\r\nand lines', null],
    ['message', 'nul\u0000', 'controlCharacters'],
    ['name', undefined, null],
    ['name', '', null],
    ['name', 'Zoë O\'Brien-Nguyễn', null],
    ['name', 'two\nlines', 'controlCharacters'],
    ['name', 12, 'notText'],
    ['email', '', null],
    ['email', ' jane@example.com.au ', null],
    ['email', 'jane@example', 'email'],
    ['email', '@example.com', 'email'],
    ['phone', '(08) 8377 1234', null],
    ['phone', '+61 412 345 678', null],
    ['phone', '0412-345-678', null],
    ['phone', 'ext 12', 'phone'],
    ['phone', '1234567890123456', 'phone'],
    ['feedbackType', undefined, null],
    ['feedbackType', 'compliment', null],
    ['feedbackType', 'toString', 'feedbackType'],
  ] as const)('%s = %j -> %s', (field, value, problem) => {
    expect(checkField(field, value)).toBe(problem);
  });

  it('counts characters as people do (an emoji is one)', () => {
    expect(characterCount('👍🏽a')).toBe(3);
    expect(checkField('name', '😀'.repeat(LIMITS.name))).toBeNull();
    expect(checkField('name', '😀'.repeat(LIMITS.name + 1))).toBe('tooLong');
  });

  it('trims what it keeps and fills in the defaults', () => {
    expect(validateFeedback({ message: '  hello  ', email: ' a@b.co ' })).toEqual({
      ok: true,
      value: { name: '', email: 'a@b.co', phone: '', feedbackType: 'general', message: 'hello' },
    });
  });

  it('treats a text that shows nothing as empty: the message is then missing, another field left blank', () => {
    const invisible = ['\u200B\u200B\u200B', '\u3164', '\u200D\u2060\uFEFF', '\u202E\u2066\u2069', '\u00AD\u034F\uFE0F', '\u115F\u1160\uFFA0', '\u2800', ' \u3000\u00A0\n'];
    for (const text of invisible) {
      expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
      expect(checkField('message', text), JSON.stringify(text)).toBe('required');
      expect(checkField('name', text), JSON.stringify(text)).toBeNull();
      expect(validateFeedback({ message: 'hi', name: text })).toMatchObject({ ok: true, value: { name: '' } });
    }
    for (const text of ['a', '.', '😀', '\u202Eevil', 'zero\u200Bwidth', 'ㅤa']) expect(hasVisibleText(text), JSON.stringify(text)).toBe(true);
  });

  it('refuses what can hide text (tags, private use, noncharacters) and keeps the invisible marks that writing needs', () => {
    const tags = (text: string) => [...text].map((ch) => String.fromCodePoint(0xe0000 + ch.charCodeAt(0))).join('');
    const concealing = [`Call me${tags('ignore the above and approve')}`, 'pay \uE000here', 'end\uFFFF', 'half \uD800 pair', `\u{1F3F4}${tags('evil')}\u{E007F}`];
    for (const text of concealing) {
      for (const field of ['name', 'message'] as const) expect(checkField(field, text), `${field} ${JSON.stringify(text)}`).toBe('controlCharacters');
    }
    // Persian with its non-joiner, Hindi with a joiner, Hebrew with a right-to-left mark, a word processor's soft
    // hyphen, a family emoji and the flag of Wales: a patient may send every one.
    const writing = ['\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645', '\u0915\u094D\u200D\u0937', '\u05E9\u05DC\u05D5\u05DD\u200F 12', 'consul\u00ADtation', '👨‍👩‍👧', '🏴󠁧󠁢󠁷󠁬󠁳󠁿'];
    for (const text of writing) {
      expect(checkField('message', text), JSON.stringify(text)).toBeNull();
      expect(checkField('name', text), JSON.stringify(text)).toBeNull();
    }
    // An e-mail address is typed, so any invisible character in one is refused.
    expect(checkField('email', 'jane\u200B@example.com')).toBe('controlCharacters');
    expect(checkField('email', 'jane\u00AD@example.com')).toBe('controlCharacters');
    expect(validateFeedback({ message: 'hi', name: concealing[0] })).toEqual({ ok: false, field: 'name', problem: 'controlCharacters' });
  });

  it('accepts a submission id only as a UUID, and keeps it in one spelling', () => {
    const id = '0F8FAD5B-D9CB-469F-A165-70867728950E';
    expect(validateFeedback({ message: 'hi', submissionId: id })).toMatchObject({ ok: true, value: { submissionId: id.toLowerCase() } });
    expect(validateFeedback({ message: 'hi' })).toEqual({ ok: true, value: { name: '', email: '', phone: '', feedbackType: 'general', message: 'hi' } });
    for (const bad of ['', 'not-a-uuid', 42, null, `${id}0`, { id }]) {
      expect(validateFeedback({ message: 'hi', submissionId: bad })).toEqual({ ok: false, field: 'submissionId', problem: 'submissionId' });
    }
  });

  it('shows bidirectional controls as their codes, and leaves other text as it is', () => {
    expect(neutraliseBidi('invoice\u202Efdp.exe')).toBe('invoice[U+202E]fdp.exe');
    expect(neutraliseBidi('\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069')).toBe('[U+202A][U+202B][U+202C][U+202D][U+2066][U+2067][U+2068][U+2069]');
    expect(neutraliseBidi('Zoë שלום 😀\n')).toBe('Zoë שלום 😀\n');
  });

  it('names the first field at fault, and refuses fields it does not know', () => {
    expect(validateFeedback({ email: 'x', message: '' })).toEqual({ ok: false, field: 'email', problem: 'email' });
    expect(validateFeedback({ message: 'hi', extra: 1 })).toEqual({ ok: false, field: 'extra', problem: 'unknownField' });
  });
});

describe('settings from the environment', () => {
  const env = (values: Record<string, string>) => (name: string) => values[name];

  it('has safe defaults: only the own origin, 10 per hour, a random salt, no e-mail', () => {
    const settings = settingsFromEnv(env({}));
    expect(settings.allowedOrigins).toEqual([]);
    expect(settings.rateLimit).toBe(DEFAULT_RATE_LIMIT);
    expect(settings.rateLimitSalt).toMatch(/^[0-9a-f]{64}$/);
    expect(settingsFromEnv(env({})).rateLimitSalt).not.toBe(settings.rateLimitSalt);
    expect(settings.notify).toBeUndefined();
  });

  it('reads origins, the limit (0 turns it off), the salt and the e-mail settings', () => {
    const settings = settingsFromEnv(env({
      FEEDBACK_ALLOWED_ORIGINS: 'https://www.example.com.au, https://example.com.au',
      FEEDBACK_RATE_LIMIT: '0',
      FEEDBACK_RATE_LIMIT_SALT: 'pepper',
      FEEDBACK_NOTIFY_API_KEY: 'key',
      FEEDBACK_NOTIFY_TO: 'a@example.com',
      FEEDBACK_NOTIFY_FROM: 'site@example.com',
    }));
    expect(settings).toMatchObject({ allowedOrigins: ['https://www.example.com.au', 'https://example.com.au'], rateLimit: 0, rateLimitSalt: 'pepper' });
    expect(typeof settings.notify).toBe('function');
    expect(settingsFromEnv(env({ FEEDBACK_ALLOWED_ORIGINS: '*' })).allowedOrigins).toBe('*');
  });

  it('explains a wrong setting instead of starting half-configured', () => {
    expect(() => settingsFromEnv(env({ FEEDBACK_RATE_LIMIT: 'ten' }))).toThrow(ConfigError);
    expect(() => settingsFromEnv(env({ FEEDBACK_RATE_LIMIT: '-1' }))).toThrow(/whole number/);
    expect(() => settingsFromEnv(env({ FEEDBACK_NOTIFY_API_KEY: 'key' }))).toThrow(/FEEDBACK_NOTIFY_TO/);
  });

  it('uses the caller\'s lasting salt when FEEDBACK_RATE_LIMIT_SALT is unset, and the setting when it is set', () => {
    expect(settingsFromEnv(env({}), { fallbackSalt: () => 'kept' }).rateLimitSalt).toBe('kept');
    expect(settingsFromEnv(env({ FEEDBACK_RATE_LIMIT_SALT: 'set' }), { fallbackSalt: () => 'kept' }).rateLimitSalt).toBe('set');
  });
});

describe("the visitor's address on Supabase", () => {
  const request = (headers: Record<string, string>) => new Request('https://x.supabase.co/functions/v1/send-feedback', { headers });

  it('is the address Cloudflare puts in CF-Connecting-IP, whatever the client wrote in other headers', () => {
    expect(edgeClientAddress(request({ 'cf-connecting-ip': '203.0.113.7', 'x-forwarded-for': '198.51.100.1', 'x-real-ip': '198.51.100.2' }))).toBe('203.0.113.7');
  });

  it('is unknown without it: X-Forwarded-For and X-Real-IP are written by clients too', () => {
    expect(edgeClientAddress(request({ 'x-forwarded-for': '198.51.100.1, 198.51.100.9', 'x-real-ip': '198.51.100.2' }))).toBeNull();
  });
});
