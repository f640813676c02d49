import { describe, expect, it } from 'vitest';
import { loadSite } from '../../src/content/load.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { filterCategories, isServiceMatch, readServiceQuery, serviceKeys } from '../../src/blocks/ServiceDirectory/filter.ts';
import { slugify } from '../../src/content/ids.ts';

const loaded = loadSite(SALTBUSH_SITE_FILE);
if (!loaded.ok) throw new Error(loaded.errors.map((e) => e.message).join('\n'));
const categories = loaded.site.entities.serviceCategories ?? [];
const names = (list: { name: string }[]) => list.map((c) => c.name);

describe('slugify: lower case, hyphenated', () => {
  it.each([
    ["Women's Health Services", 'womens-health-services'],
    ['Children’s Health Services', 'childrens-health-services'],
    ['Health Checks & Assessments', 'health-checks-assessments'],
    ['  75+ Health Check  ', '75-health-check'],
    ['Café Crème', 'cafe-creme'],
    ['---', ''],
  ])('%s -> %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});

describe('?category= keeps the groups whose slugified name contains the slugified word', () => {
  it('the site has the five service groups with 5, 3, 2, 3 and 7 cards', () => {
    expect(categories.map((c) => [c.name, c.services.length])).toEqual([
      ['Preventative Services', 5],
      ["Women's Health Services", 3],
      ["Men's Health Services", 2],
      ["Children's Health Services", 3],
      ['Health Checks & Assessments', 7],
    ]);
  });

  it('without a word every group is shown', () => {
    expect(filterCategories(categories, null)).toEqual(categories);
    expect(filterCategories(categories, '  - ')).toEqual(categories);
  });

  it('matches a substring of the slug', () => {
    expect(names(filterCategories(categories, 'womens'))).toEqual(["Women's Health Services"]);
    expect(names(filterCategories(categories, 'prevent'))).toEqual(['Preventative Services']);
    expect(names(filterCategories(categories, 'checks-assess'))).toEqual(['Health Checks & Assessments']);
  });

  it('is a substring match, so "mens" also finds "womens"', () => {
    expect(names(filterCategories(categories, 'mens'))).toEqual(["Women's Health Services", "Men's Health Services"]);
  });

  it('slugifies the word too: case, spaces and apostrophes do not matter', () => {
    expect(names(filterCategories(categories, "Women's Health"))).toEqual(["Women's Health Services"]);
    expect(names(filterCategories(categories, 'HEALTH CHECKS'))).toEqual(['Health Checks & Assessments']);
    expect(filterCategories(categories, 'health').length).toBe(4);
  });

  it('a word that matches nothing shows no group', () => {
    expect(filterCategories(categories, 'dentistry')).toEqual([]);
  });
});

describe('reading the address', () => {
  it('reads both parameters, decoded and trimmed', () => {
    expect(readServiceQuery('?category=Women%27s%20health&service=%20skin-checks%20')).toEqual({ category: "Women's health", service: 'skin-checks' });
  });

  it('treats missing and empty parameters as absent', () => {
    expect(readServiceQuery('')).toEqual({ category: null, service: null });
    expect(readServiceQuery('?category=&service=%20')).toEqual({ category: null, service: null });
  });
});

describe('?service= names one card by its title or its page address', () => {
  const skin = categories.flatMap((c) => c.services).find((s) => s.title === 'Skin Cancer Checks');

  it('answers to the slug of its title and the last part of its address', () => {
    expect(skin).toBeDefined();
    expect(serviceKeys(skin!)).toEqual(['skin-cancer-checks', 'skin-checks']);
    expect(isServiceMatch(skin!, 'skin-checks')).toBe(true);
    expect(isServiceMatch(skin!, 'Skin Cancer Checks')).toBe(true);
  });

  it('is an exact match, not a substring', () => {
    expect(isServiceMatch(skin!, 'skin')).toBe(false);
    expect(isServiceMatch(skin!, null)).toBe(false);
    expect(isServiceMatch({ title: 'No Page' }, 'no-page')).toBe(true);
  });

  it('every service on the site can be named by exactly one card', () => {
    const all = categories.flatMap((c) => c.services);
    for (const service of all) {
      for (const key of serviceKeys(service)) {
        expect(all.filter((other) => isServiceMatch(other, key)).map((s) => s.title)).toEqual([service.title]);
      }
    }
  });
});
