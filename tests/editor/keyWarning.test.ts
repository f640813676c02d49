// What the person who manages people is told about the key the website is published with, day by day: the clock is
// an input, set here, never today's.
import { describe, expect, it } from 'vitest';
import { editorCatalogue } from '../../src/content/errors.ts';
import { keyWarning, KEY_WARNING_DAYS } from '../../src/editor/news.tsx';

/** Noon on a day where the tests run, and a key expiring at 09:00 UTC on another. */
const noon = (day: string) => new Date(`${day}T12:00:00`).getTime();
const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric' });

describe('the key the website is published with', () => {
  const expires = '2027-01-20T09:00:00Z';
  const date = dateOf(expires);
  // The day it expires where the tests run (09:00 UTC is 20 January from UTC-9 to UTC+14).
  it('says nothing while it has more than 14 days to run, or when GitHub never said', () => {
    expect(KEY_WARNING_DAYS).toBe(14);
    expect(keyWarning(expires, noon('2027-01-05'))).toBeUndefined();
    expect(keyWarning(undefined, noon('2027-01-19'))).toBeUndefined();
    expect(keyWarning('not a date', noon('2027-01-19'))).toBeUndefined();
  });

  it('counts down from 14 days before, by the calendar: in 14 days, tomorrow, today', () => {
    expect(keyWarning(expires, noon('2027-01-06'))).toBe(editorCatalogue.KeyExpiresSoon(date, 14));
    expect(keyWarning(expires, noon('2027-01-19'))).toBe(editorCatalogue.KeyExpiresSoon(date, 1));
    expect(keyWarning(expires, Date.parse(expires) - 60_000)).toBe(editorCatalogue.KeyExpiresSoon(date, 0));
  });

  it('says it has expired from the moment it does, with what to do', () => {
    expect(keyWarning(expires, Date.parse(expires))).toBe(editorCatalogue.KeyExpired(date));
    expect(keyWarning(expires, noon('2027-03-01'))).toBe(editorCatalogue.KeyExpired(date));
  });

  it('in words, as the manager reads them', () => {
    expect(editorCatalogue.KeyExpiresSoon('20 January 2027', 14)).toBe('The key the editor publishes to GitHub with expires on 20 January 2027 (in 14 days). After that nobody can publish until it is replaced: ask the person who looks after the website to make a new one and set it as GITHUB_TOKEN (EDITING.md, "The editor at /admin", step 1).');
    expect(editorCatalogue.KeyExpiresSoon('20 January 2027', 1)).toContain('(tomorrow)');
    expect(editorCatalogue.KeyExpiresSoon('20 January 2027', 0)).toContain('(today)');
    expect(editorCatalogue.KeyExpired('20 January 2027')).toBe('The key the editor publishes to GitHub with expired on 20 January 2027, so nobody can publish; everyone\'s work is kept as drafts. Ask the person who looks after the website to make a new one and set it as GITHUB_TOKEN (EDITING.md, "The editor at /admin", step 1).');
  });
});
