/**
 * Draws an illustrated portrait for every doctor and staff member of the site file into documents/people/<id>.svg
 * (`npm run portraits`), for a sample practice that has no photographs. A real practice drops its own photos there
 * instead. Never photographs of real people: DiceBear's "Notionists" style (CC0 1.0, by Zoish; see
 * documents/people/README.md), seeded by the person's name, so the same name always gives the same picture.
 *
 * What keeps them professional and alike: one style, one family of soft sea-glass backgrounds from the site's
 * palette, friendly faces, only collared shirts, blouses and jackets, clear glasses only (no sunglasses), no hand gestures or
 * badges. Existing files are kept unless --force is given, so a real photo is never overwritten.
 */
import { createAvatar } from '@dicebear/core';
import { notionists } from '@dicebear/collection';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { documentsDirFor, siteFileFromEnv } from '../src/content/siteFiles.ts';

/** Light sea-glass tints of the site's teal (src/styles/_tokens.scss), dark enough for the white shirts to stand out. */
const BACKGROUNDS = ['cfe6ea', 'd5eae4', 'd3e3ee'];
/** Shirt with pens in the pocket, lapel blouse, collared jumper, open jacket, shirt and tie, round-collar blouse. */
const CLOTHES = ['variant25', 'variant13', 'variant14', 'variant16', 'variant19', 'variant21'] as const;
/** Open, attentive eyes; calm brows; a smile or a relaxed mouth (none frowning, pouting or with a tongue out). */
const EYES = ['variant04', 'variant05'] as const;
const BROWS = ['variant04', 'variant05', 'variant07', 'variant08', 'variant10'] as const;
const LIPS = ['variant03', 'variant14', 'variant22', 'variant23'] as const;
/** Clear frames only. */
const GLASSES = ['variant03', 'variant08', 'variant11'] as const;
/** Neat hair, longer or shorter, without hats, spikes or novelty buns. */
const HAIR = {
  longer: ['variant02', 'variant04', 'variant10', 'variant23', 'variant28', 'variant29', 'variant36', 'variant37', 'variant39', 'variant41', 'variant43', 'variant47', 'variant48'] as const,
  shorter: ['variant01', 'variant05', 'variant06', 'variant13', 'variant15', 'variant16', 'variant18', 'variant19', 'variant21', 'variant24', 'variant25', 'variant27', 'variant31', 'variant34', 'variant35', 'variant38', 'variant49', 'variant52', 'variant54', 'variant55', 'variant56'] as const,
};

/**
 * Hair length for the sample practice's people, so that each portrait suits the name it stands beside. Anyone not
 * listed gets any of the neat styles, still chosen by their name.
 */
const LOOKS: Record<string, 'longer' | 'shorter'> = {
  'dr-amelia-hart': 'longer', 'dr-james-whitfield': 'shorter', 'dr-priya-raman': 'longer', 'dr-thomas-nguyen': 'shorter',
  'dr-helen-kowalski': 'longer', 'dr-samuel-okafor': 'shorter', 'dr-laura-bennett': 'longer',
  'grace-liu': 'longer', 'michael-osei': 'shorter', 'sophie-tran': 'longer', 'karen-mills': 'longer',
  'chloe-anderson': 'longer', 'daniel-russo': 'shorter', 'mei-wong': 'longer', 'lucy-fraser': 'longer',
};

/** The size the SVG declares: the largest copy the build makes (build/people.ts) is 960 px wide. */
export const PORTRAIT_SIZE = 960;

/** One portrait as SVG text; the same name always gives the same picture. */
export function portraitSvg(name: string, id: string): string {
  const look = LOOKS[id];
  return createAvatar(notionists, {
    seed: name,
    size: PORTRAIT_SIZE,
    backgroundColor: BACKGROUNDS,
    body: [...CLOTHES],
    hair: look ? [...HAIR[look]] : [...HAIR.longer, ...HAIR.shorter],
    eyes: [...EYES],
    brows: [...BROWS],
    lips: [...LIPS],
    glasses: [...GLASSES],
    glassesProbability: 25,
    beardProbability: 0,
    gestureProbability: 0,
    bodyIconProbability: 0,
  }).toString();
}

interface Person { id: string; name: string }

/** Doctors (by slug) and staff (by id) of a site file; read loosely, so it works while the file has other errors. */
export function peopleOf(siteFile: string): Person[] {
  const data = parse(readFileSync(siteFile, 'utf8')) as { entities?: { doctors?: { slug?: string; name?: string }[]; staff?: { id?: string; name?: string }[] } };
  const doctors = (data.entities?.doctors ?? []).map((d) => ({ id: d.slug, name: d.name }));
  const staff = (data.entities?.staff ?? []).map((s) => ({ id: s.id, name: s.name }));
  return [...doctors, ...staff].filter((p): p is Person => Boolean(p.id && p.name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const siteFile = siteFileFromEnv();
  const dir = join(documentsDirFor(siteFile), 'people');
  const force = process.argv.includes('--force');
  mkdirSync(dir, { recursive: true });
  let written = 0;
  for (const person of peopleOf(siteFile)) {
    const file = join(dir, `${person.id}.svg`);
    // A photo or an earlier portrait of this person stays unless asked.
    if (!force && ['svg', 'jpg', 'jpeg', 'png', 'webp'].some((ext) => existsSync(join(dir, `${person.id}.${ext}`)))) continue;
    writeFileSync(file, portraitSvg(person.name, person.id) + '\n');
    written += 1;
  }
  console.log(`Wrote ${written} portrait(s) into ${relative(process.cwd(), dir)}/ (existing pictures kept; --force redraws them).`);
}
