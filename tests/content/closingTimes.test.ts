/**
 * A closing time is a time of the day, or 24:00 for midnight at its end: 24:30 is no time at all (it showed as
 * "12:30 AM"). Refused by the schema (the field) and by the checker, as 25:00 is; typed in the editor's time box it is
 * kept as typed, so the field names it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load.ts';
import { tidyTime } from '../../src/editor/typedText.ts';

const siteFile = join(import.meta.dirname, '..', 'fixtures', 'minimal-site', 'site.yaml');
const base = readFileSync(siteFile, 'utf8');
const FRIDAY = 'opens: "09:00", closes: "13:00"';
const EXCEPTION = '  note: Closed on weekends.\n';

function problemsAt(text: string, path: string) {
  const result = loadSite(siteFile, text);
  return [...result.warnings, ...(result.ok ? [] : result.errors)].filter((p) => p.path === path).map((p) => [p.name, p.formMessage ?? p.message]);
}

const weekly = (closes: string) => {
  expect(base).toContain(FRIDAY);
  return problemsAt(base.replace(FRIDAY, `opens: "09:00", closes: "${closes}"`), 'hours.regular.1.closes');
};

const exception = (closes: string) => {
  expect(base).toContain(EXCEPTION);
  const text = base.replace(EXCEPTION, `${EXCEPTION}  exceptions:\n    - { label: 24 December, from: "2026-12-24", opens: "09:00", closes: "${closes}" }\n`);
  return problemsAt(text, 'hours.exceptions.0.closes');
};

describe('closing times past midnight', () => {
  it('24:01 to 24:59 are refused in the weekly hours and the exceptions, in the words 25:00 has', () => {
    for (const closes of ['24:01', '24:30', '24:59', '25:00']) {
      expect(weekly(closes), closes).toEqual([['BadFormat', `${closes} is not written the expected way. The time it closes, on the 24-hour clock, e.g. 17:30.`]]);
      expect(exception(closes), closes).toEqual([['BadFormat', `${closes} is not written the expected way. The time it closes on these days, on the 24-hour clock, e.g. 12:00. Leave empty when closed.`]]);
    }
  });

  it('24:00 (midnight) and 23:59 stay allowed', () => {
    for (const closes of ['24:00', '23:59']) {
      expect(weekly(closes), closes).toEqual([]);
      expect(exception(closes), closes).toEqual([]);
    }
  });

  it('typed in the time box, 24:30 is kept as typed and refused at the field; 12:30 am is 00:30', () => {
    expect(['24:30', '2430', '24:00', '12:30 am'].map(tidyTime)).toEqual(['24:30', '2430', '24:00', '00:30']);
    expect(weekly(tidyTime('24:30'))).toEqual([['BadFormat', '24:30 is not written the expected way. The time it closes, on the 24-hour clock, e.g. 17:30.']]);
    expect(weekly(tidyTime('2430'))).toEqual([['BadFormat', '2430 is not written the expected way. The time it closes, on the 24-hour clock, e.g. 17:30.']]);
  });
});
