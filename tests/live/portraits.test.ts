/**
 * People's pictures on the live site.yaml, invariants only (no names pinned): every doctor and staff member whose
 * entry has a picture shows it, described by its alt text and sized by its width and height, on every page that
 * lists them (doctor and staff cards, the carousel, the doctor's own profile), and every file the page may fetch for
 * it (each width, WebP and AVIF) is in the build. Entries without a picture show the first letter of the name.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Image } from '../../src/generated/site.ts';
import { tags, type Tag } from '../../bench/weigh.ts';
import { content } from '../e2e/inspect.ts';

interface Shown { path: string; who: string; image?: Image }

/** Who each page shows, with their picture if their entry has one: read from the compiled content, not pinned. */
function peopleShown(): Shown[] {
  return content().pages.flatMap((page) => {
    if (!page.path) return [];
    const path = page.path;
    const doctors = page.entities.doctors ?? {};
    const staff = page.entities.staff ?? {};
    return page.blocks.flatMap((block): Shown[] => {
      if (block.type === 'doctor-cards' || block.type === 'doctor-carousel') return (block.doctors ?? []).map((slug) => ({ path, who: doctors[slug].name, image: doctors[slug].image }));
      if (block.type === 'staff-cards') return block.staff.map((id) => ({ path, who: staff[id].name, image: staff[id].image }));
      if (block.type === 'doctor-profile' && page.doctor) return [{ path, who: page.doctor.name, image: page.doctor.image }];
      return [];
    });
  });
}

const htmlOf = (path: string) => readFileSync(join(inject('distDir'), ...path.split('/').filter(Boolean), 'index.html'), 'utf8');
const urls = (tag: Tag) => [tag.attrs.src, ...(tag.attrs.srcset ?? '').split(',').map((c) => c.trim().split(/\s+/)[0])].filter(Boolean);

describe("people's pictures on the live site", () => {
  const shown = peopleShown();

  it('pages list doctors and staff', () => {
    expect(shown.some((s) => s.path.length > 0)).toBe(true);
  });

  it('everyone with a picture shows it, with its alt text, width and height, and every file it may fetch exists', () => {
    const problems: string[] = [];
    for (const { path, who, image } of shown.filter((s) => s.image)) {
      const found = tags(htmlOf(path));
      const index = found.findIndex((t) => t.name === 'img' && t.attrs.src === image!.src && t.attrs.alt === image!.alt);
      if (index < 0) { problems.push(`${path}: no <img> of ${who} (${image!.src}) with alt "${image!.alt}"`); continue; }
      const img = found[index];
      if (img.attrs.width !== String(image!.width) || img.attrs.height !== String(image!.height)) problems.push(`${path}: ${who}'s picture is not sized ${image!.width}x${image!.height}`);
      // The <source>s just before the <img> belong to its <picture>: the AVIF copies.
      const sources: Tag[] = [];
      for (let i = index - 1; i >= 0 && found[i].name === 'source'; i--) sources.push(found[i]);
      if (image!.avif && !sources.some((s) => s.attrs.type === 'image/avif')) problems.push(`${path}: ${who}'s picture offers no AVIF`);
      for (const url of [img, ...sources].flatMap(urls)) {
        if (!existsSync(join(inject('distDir'), decodeURIComponent(url)))) problems.push(`${path}: ${url} (${who}) is not in the build`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('everyone without a picture shows the first letter of their name instead of a broken picture', () => {
    for (const { path, who } of shown.filter((s) => !s.image)) {
      expect(tags(htmlOf(path)).filter((t) => t.name === 'img' && t.attrs.alt === who), `${path}: ${who}`).toEqual([]);
    }
  });
});
