/**
 * The example messages in EDITING.md are the checker's own: each is made here from its edit of the frozen copy of
 * site.yaml, and must appear in the guide word for word (line and column included). When wording or the file
 * changes, the failure shows the line to paste into the guide.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ErrorName } from '../../src/content/errors.ts';
import { formatError } from '../../src/content/errorFormat.ts';
import { loadSite } from '../../src/content/load.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';

const guide = readFileSync(join(resolve(import.meta.dirname, '..', '..'), 'EDITING.md'), 'utf8');
const original = readFileSync(SALTBUSH_SITE_FILE, 'utf8');

const EXAMPLES: { name: ErrorName; from: string; to: string }[] = [
  { name: 'UnquotedNumber', from: '{ name: Regular consultation, f2fItemNumber: "23"', to: '{ name: Regular consultation, f2fItemNumber: 23' },
  { name: 'BadFormat', from: 'opens: "08:30", closes: "17:30" }', to: 'opens: "08:30", closes: "5:30pm" }' },
  { name: 'UnknownReference', from: '      - type: doctor-cards\n        heading: Our Doctors\n', to: '      - type: doctor-cards\n        heading: Our Doctors\n        doctors: [dr-amelia-hart, dr-james-whitfeld]\n' },
  { name: 'TextCutAtComma', from: 'bio: Mei organises recalls and reminders so that nobody misses an important check. }', to: 'bio: Mei organises recalls, reminders and referrals. }' },
  { name: 'MissingFile', from: 'href: /downloads/blue-book.pdf', to: 'href: /downloads/blue-book-2025.pdf' },
  { name: 'UnknownKey', from: '      date: "2025-04-01"', to: '      dated: "2025-04-01"' },
  { name: 'YamlTab', from: '    suburb: Saltbush Bay', to: '\tsuburb: Saltbush Bay' },
];

/** The guide's example lines say site.yaml, as staff see it when they run the check in the project folder. */
const asStaffSeeIt = (line: string) => line.replace(/^[^:]*site\.yaml:/, 'site.yaml:');

describe('the example messages in EDITING.md', () => {
  it.each(EXAMPLES)('$name is quoted exactly as the checker says it', ({ name, from, to }) => {
    expect(original.includes(from), `the frozen copy no longer contains: ${from}`).toBe(true);
    const result = loadSite(SALTBUSH_SITE_FILE, original.replace(from, to));
    const lines = (result.ok ? [] : result.errors).filter((e) => e.name === name).map((e) => asStaffSeeIt(formatError(e)));
    expect(lines).toHaveLength(1);
    expect(guide.split('\n'), `EDITING.md should quote:\n${lines[0]}`).toContain(lines[0]);
  });
});
