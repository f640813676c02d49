import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RATE_LIMIT, settingsFromEnv } from '../../supabase/functions/_shared/config.ts';
import { characterCount, checkField, LIMITS, validateFeedback } from '../../supabase/functions/_shared/rules.ts';

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
});
