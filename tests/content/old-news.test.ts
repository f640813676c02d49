import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load.ts';
import { compileSite } from '../../src/content/compile.ts';
import { isOldNews } from '../../src/content/news.ts';
import { validateAgainstSchema } from '../../src/content/schema.ts';
import type { NewsListBlock } from '../../src/generated/site.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';

const frozen = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
/** The home page's news list: it names no items, so it shows the newest news, newest first. */
const HOME_NEWS = '        heading: Latest News & Announcements\n';
const CHOSEN = HOME_NEWS + '        items: [flu-vaccines-2025, medicare-rebates-2024, thursday-hours-2023]\n';

function homeNews(text: string, now: Date): string[] {
  const result = loadSite(SALTBUSH_SITE_FILE, text);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  const compiled = compileSite(result.site, validateAgainstSchema(result.site).collected, now);
  const home = compiled.pages.find((p) => p.path === '/')!;
  return home.blocks.filter((b): b is NewsListBlock => b.type === 'news-list').flatMap((b) => b.items ?? []);
}

describe('old news', () => {
  it('is dated before the same day 12 (or the given) months back', () => {
    const now = new Date('2026-11-25T03:00:00Z');
    expect(isOldNews('2025-11-25', 12, now)).toBe(false);
    expect(isOldNews('2025-11-24', 12, now)).toBe(true);
    expect(isOldNews('2026-05-25', 6, now)).toBe(false);
    expect(isOldNews('2026-05-24', 6, now)).toBe(true);
  });

  it('stays on the home page of the frozen copy as the spec has it, with a warning per old item at the item', () => {
    expect(frozen).toContain(HOME_NEWS);
    expect(homeNews(frozen, new Date('2026-11-25T03:00:00Z'))).toEqual(['flu-vaccines-2025', 'medicare-rebates-2024', 'thursday-hours-2023']);
    const result = loadSite(SALTBUSH_SITE_FILE, frozen);
    const dated = new Map([['flu-vaccines-2025', '2025-04-01'], ['medicare-rebates-2024', '2024-07-01'], ['thursday-hours-2023', '2023-06-01']]);
    const expected = [...dated].filter(([, date]) => isOldNews(date, 12, new Date()));
    const warned = result.warnings.filter((w) => w.name === 'OldNewsShownNewest');
    expect(warned.map((w) => w.message.match(/"([^"]+)"/)![1])).toEqual(expected.map(([id]) => id));
    expect(warned.map((w) => w.path)).toEqual(expected.map(([id]) => `entities.news.${[...dated.keys()].indexOf(id)}`));
    expect(warned.at(-1)?.message).toBe('The news item "thursday-hours-2023" is dated 2023-06-01, more than 12 months ago, and a news list still shows it among the newest news. Add "listed: false" to it to take it down, or add "leaveOutOld: true" to that news list to leave out items older than 12 months.');
  });

  it('chosen by hand, is warned about at its place in the list', () => {
    const result = loadSite(SALTBUSH_SITE_FILE, frozen.replace(HOME_NEWS, CHOSEN));
    const warned = result.warnings.filter((w) => w.name === 'OldNews');
    expect(warned.at(-1)?.path).toBe('pages.0.blocks.6.items.2');
    expect(warned.at(-1)?.message).toBe('The news item "thursday-hours-2023" is dated 2023-06-01, more than 12 months ago, and this list still shows it. Take it off the list, or add "leaveOutOld: true" to the block to leave out items older than 12 months.');
  });

  it('is left out at build time by a list set to leaveOutOld, as of the day of the build, and no longer warned about', () => {
    const text = frozen.replace(HOME_NEWS, HOME_NEWS + '        leaveOutOld: true\n');
    expect(homeNews(text, new Date('2025-05-01T03:00:00Z'))).toEqual(['flu-vaccines-2025', 'medicare-rebates-2024']);
    expect(homeNews(text, new Date('2025-12-01T03:00:00Z'))).toEqual(['flu-vaccines-2025']);
    expect(homeNews(text, new Date('2026-11-25T03:00:00Z'))).toEqual([]);
    expect(homeNews(text.replace('leaveOutOld: true\n', 'leaveOutOld: true\n        oldAfterMonths: 24\n'), new Date('2026-11-25T03:00:00Z'))).toEqual(['flu-vaccines-2025']);
    const result = loadSite(SALTBUSH_SITE_FILE, text);
    expect(result.warnings.filter((w) => w.name.startsWith('OldNews'))).toEqual([]);
  });
});
