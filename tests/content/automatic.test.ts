import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';

const frozen = readFileSync(SALTBUSH_SITE_FILE, 'utf8');

/** What the blocks of a type on a page list, once the site is compiled as the build does. */
function listed(text: string, path: string, type: string): string[][] {
  const result = loadSite(SALTBUSH_SITE_FILE, text);
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  const page = result.compiled.pages.find((p) => p.path === path)!;
  return page.blocks.filter((b) => b.type === type).map((b) => {
    if (b.type === 'doctor-cards' || b.type === 'doctor-carousel') return b.doctors ?? [];
    return b.type === 'news-list' ? b.items ?? [] : [];
  });
}

/** A doctor added at the end of the Doctors list, as staff add one: nothing else in the file changes. */
const withDoctor = (text: string, extra = '') => text.replace('\n  staff:\n', `
    - slug: dr-ruby-chen
      name: Dr Ruby Chen
      qualifications: MBBS, FRACGP
      specialties: [Children's health]
      summary: A GP for the whole family.
      bio: Ruby joined the practice in 2026.
      areas: [Children's health]${extra}
  staff:
`);

/** A news item added at the end of the News list. */
const withNews = (text: string, date: string, extra = '') => text.replace('\n\n  serviceCategories:\n', `
    - id: flu-clinic-2026
      date: "${date}"
      title: Saturday flu clinic
      summary: Walk in on Saturday morning.${extra}

  serviceCategories:
`);

const SIX = ['dr-amelia-hart', 'dr-james-whitfield', 'dr-priya-raman', 'dr-thomas-nguyen', 'dr-helen-kowalski', 'dr-samuel-okafor'];

describe('lists that keep themselves', () => {
  it('the frozen copy needs no list for the spec: six doctors on /doctors and in the carousel, three news items newest first', () => {
    expect(frozen).toContain('\n\n  serviceCategories:\n');
    expect(listed(frozen, '/doctors', 'doctor-cards')).toEqual([SIX]);
    expect(listed(frozen, '/', 'doctor-carousel')).toEqual([SIX]);
    expect(listed(frozen, '/', 'news-list')).toEqual([['flu-vaccines-2025', 'medicare-rebates-2024', 'thursday-hours-2023']]);
  });

  it('a new doctor is on /doctors and in the carousel with no second edit; one marked unlisted is on neither', () => {
    expect(listed(withDoctor(frozen), '/doctors', 'doctor-cards')).toEqual([[...SIX, 'dr-ruby-chen']]);
    expect(listed(withDoctor(frozen), '/', 'doctor-carousel')).toEqual([[...SIX, 'dr-ruby-chen']]);
    expect(listed(withDoctor(frozen, '\n      listed: false'), '/doctors', 'doctor-cards')).toEqual([SIX]);
    const result = loadSite(SALTBUSH_SITE_FILE, withDoctor(frozen));
    expect(result.ok && result.compiled.pages.some((p) => p.path === '/doctors/dr-ruby-chen')).toBe(true);
  });

  it('a doctor or news item still without its address is one problem, at that field, not one more in every list', () => {
    const errorsOf = (text: string) => {
      const result = loadSite(SALTBUSH_SITE_FILE, text);
      return result.ok ? [] : result.errors.map((e) => e.path);
    };
    expect(errorsOf(withDoctor(frozen).replace('    - slug: dr-ruby-chen\n', '    - slug: ""\n'))).toEqual([`entities.doctors.${SIX.length + 1}.slug`]);
    const news = errorsOf(withNews(frozen, '2099-01-01').replace('    - id: flu-clinic-2026\n', '    - id: ""\n'));
    expect(news).toHaveLength(1);
    expect(news[0]).toMatch(/^entities\.news\.\d+\.id$/);
  });

  it('a block that chooses its doctors keeps its choice and order', () => {
    const text = withDoctor(frozen).replace('        heading: Our Doctors\n', '        heading: Our Doctors\n        doctors: [dr-priya-raman, dr-amelia-hart]\n');
    expect(listed(text, '/doctors', 'doctor-cards')).toEqual([['dr-priya-raman', 'dr-amelia-hart']]);
  });

  it('a new news item is first on the home page, the oldest drops off, and none beyond the newest is "on no page"', () => {
    const text = withNews(frozen, '2026-11-20');
    expect(listed(text, '/', 'news-list')).toEqual([['flu-clinic-2026', 'flu-vaccines-2025', 'medicare-rebates-2024']]);
    const result = loadSite(SALTBUSH_SITE_FILE, text);
    expect(result.warnings.filter((w) => w.name === 'UnusedEntry')).toEqual([]);
  });

  it('latest sets how many; an item marked unlisted is taken down and the next newest takes its place', () => {
    const text = withNews(frozen, '2026-11-20').replace('        heading: Latest News & Announcements\n', '        heading: Latest News & Announcements\n        latest: 2\n');
    expect(listed(text, '/', 'news-list')).toEqual([['flu-clinic-2026', 'flu-vaccines-2025']]);
    const takenDown = withNews(frozen, '2026-11-20', '\n      listed: false');
    expect(listed(takenDown, '/', 'news-list')).toEqual([['flu-vaccines-2025', 'medicare-rebates-2024', 'thursday-hours-2023']]);
  });
});
