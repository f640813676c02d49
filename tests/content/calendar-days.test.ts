import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compiledSaltbush as compiled, SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';

describe('calendar days are written out at build time, in the site language', () => {
  it('gives the home page the day of each news item it shows, and a page without news none', () => {
    const site = compiled();
    expect(site.pages.find((p) => p.id === 'home')?.days).toEqual({
      '2025-04-01': '1 April 2025',
      '2024-07-01': '1 July 2024',
      '2023-06-01': '1 June 2023',
    });
    expect(site.pages.find((p) => p.path === '/fees')?.days).toEqual({});
  });

  it("writes the day as the site's language does, and never as the day before in a time zone west of UTC", () => {
    const american = readFileSync(SALTBUSH_SITE_FILE, 'utf8').replace(/language: en-AU/, 'language: en-US');
    const before = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      expect(compiled(american).pages.find((p) => p.id === 'home')?.days['2025-04-01']).toBe('April 1, 2025');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it('follows an edited date', () => {
    const text = readFileSync(SALTBUSH_SITE_FILE, 'utf8').replace('date: "2025-04-01"', 'date: "2025-12-25"');
    expect(compiled(text).pages.find((p) => p.id === 'home')?.days).toHaveProperty('2025-12-25', '25 December 2025');
  });
});
