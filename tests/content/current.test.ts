/**
 * An entry not current on the build's day is gone everywhere at once: its page parts, the lists filled by the site,
 * the lists that name it, and every place the compiled pages point into the content (days, icons, markdown). A
 * reference to it is a warning at the reference's line, never a page that fails to render. The day is fixed.
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSite } from '../../src/content/load.ts';
import { BlockView, loadBlockComponents } from '../../src/site/BlockView.tsx';
import { PageContext } from '../../src/ui/context.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';

const frozen = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
const FIRST_NEWS = '      date: "2025-04-01"\n';
/** The first news item with dates of its own. */
const datedFirstNews = (dates: string, text = frozen) => text.replace(FIRST_NEWS, `${FIRST_NEWS}${dates}`);
/** The home page's news list naming its items by hand, the first news item first. */
const HOME_NEWS = '        heading: Latest News & Announcements\n';
const namedByHand = (text: string) => text.replace(HOME_NEWS, `${HOME_NEWS}        items: [flu-vaccines-2025, medicare-rebates-2024]\n`);

/** Checked and built as at midday on 1 June 2026 in Adelaide. */
function checkedOn(text: string, moment = '2026-06-01T12:00:00+09:30') {
  vi.stubEnv('SITE_NOW', moment);
  const result = loadSite(SALTBUSH_SITE_FILE, text);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  return result;
}
afterEach(() => { vi.unstubAllEnvs(); });

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('a news item that has ended', () => {
  const text = datedFirstNews('      until: "2020-01-01"\n');

  it('is gone from every page, and every page still renders whole', async () => {
    const { compiled } = checkedOn(text);
    expect(JSON.stringify(compiled)).not.toContain('flu-vaccines-2025');
    for (const page of compiled.pages) {
      await loadBlockComponents(page.blocks);
      for (const block of page.blocks) {
        const html = renderToString(createElement(MemoryRouter, null, createElement(PageContext, { value: page }, createElement(BlockView, { block }))));
        expect(html, `${page.id}: ${block.type}`).not.toContain('<!--$!-->');
      }
    }
  });

  it('leaves the home page\'s newest news to the items still current, each with its own date and body', () => {
    const home = checkedOn(text).compiled.pages.find((p) => p.id === 'home')!;
    const list = home.blocks.find((b) => b.type === 'news-list');
    expect(list && 'items' in list ? list.items : null).toEqual(['medicare-rebates-2024', 'thursday-hours-2023']);
    expect(home.days['2023-06-01']).toBe('1 June 2023');
    expect(home.entities.news?.['thursday-hours-2023']?.body).toMatch(/^<p>Throughout June 2023/);
    expect(home.entities.news?.['medicare-rebates-2024']?.body).toMatch(/^<p>Our Fees &amp; Charges/);
  });

  it('is a warning where a list names it by hand, and that list shows the rest', () => {
    const named = namedByHand(text);
    const result = checkedOn(named);
    const warnings = result.warnings.filter((w) => w.name === 'ReferenceNotCurrent');
    expect(warnings.map((w) => [w.line, w.message])).toEqual([[lineOf(named, '        items: [flu-vaccines-2025'),
      'This names the news item "flu-vaccines-2025", which is not on the site on 2026-06-01 (its last day was 2020-01-01), so the site leaves it out here. Take it out here, or change its dates.']]);
    const list = result.compiled.pages.find((p) => p.id === 'home')!.blocks.find((b) => b.type === 'news-list');
    expect(list && 'items' in list ? list.items : null).toEqual(['medicare-rebates-2024']);
  });
});

describe('looking ahead from the day checked', () => {
  it('warns, naming the day, where a list names an entry that ends within 60 days', () => {
    const named = namedByHand(datedFirstNews('      until: "2026-07-20"\n'));
    const warnings = checkedOn(named).warnings.filter((w) => w.name === 'ReferenceEndsSoon');
    expect(warnings.map((w) => [w.line, w.message])).toEqual([[lineOf(named, '        items: [flu-vaccines-2025'),
      'This names the news item "flu-vaccines-2025", whose last day is 2026-07-20: from 2026-07-21 the site leaves it out here. Take it out here before then, or change its dates.']]);
  });

  it('says nothing of an entry that ends later than 60 days on', () => {
    const named = namedByHand(datedFirstNews('      until: "2026-08-20"\n'));
    expect(checkedOn(named).warnings.filter((w) => w.name === 'ReferenceEndsSoon' || w.name === 'ReferenceNotCurrent')).toEqual([]);
  });

  it('warns where a list names an entry that has not started, naming its first day', () => {
    const named = namedByHand(datedFirstNews('      from: "2026-09-01"\n'));
    const warnings = checkedOn(named).warnings.filter((w) => w.name === 'ReferenceNotCurrent');
    expect(warnings.map((w) => w.message)).toEqual([
      'This names the news item "flu-vaccines-2025", which is not on the site on 2026-06-01 (its first day is 2026-09-01), so the site leaves it out here. Take it out here, or change its dates.']);
  });
});
