import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledSaltbush as compiled, SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { SCHEMA_DIR } from '../../src/content/schemaCompiler.ts';

type Json = Record<string, unknown>;

/** Every `entityRef` + `entityFields` pair in schema/blocks/, found by walking the JSON. */
function declarations(): { file: string; collection: string; fields: string[] }[] {
  const found: { file: string; collection: string; fields: string[] }[] = [];
  for (const file of readdirSync(join(SCHEMA_DIR, 'blocks'))) {
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      const n = node as Json;
      if (typeof n.entityRef === 'string' && Array.isArray(n.entityFields)) found.push({ file, collection: n.entityRef, fields: n.entityFields as string[] });
      Object.values(n).forEach(walk);
    };
    walk(JSON.parse(readFileSync(join(SCHEMA_DIR, 'blocks', file), 'utf8')));
  }
  return found;
}

describe('entityFields: a page carries only the entity fields its blocks render', () => {
  it('names only fields that the referenced entity has, and always its key', () => {
    const entities = JSON.parse(readFileSync(join(SCHEMA_DIR, 'entities', 'entities.schema.json'), 'utf8')) as { properties: Record<string, { items: { $ref: string } }> };
    const decls = declarations();
    expect(decls.length).toBeGreaterThanOrEqual(2);
    for (const { file, collection, fields } of decls) {
      const itemSchema = JSON.parse(readFileSync(join(SCHEMA_DIR, 'entities', entities.properties[collection].items.$ref), 'utf8')) as { properties: Json };
      const known = Object.keys(itemSchema.properties);
      expect(fields.filter((f) => !known.includes(f)), `${file}: unknown fields of ${collection}`).toEqual([]);
      expect(fields.some((f) => f === 'slug' || f === 'id'), `${file}: the key of ${collection}`).toBe(true);
    }
  });

  it('ships the carousel doctors on / without their bios, and every doctor profile whole', () => {
    const site = compiled();
    const home = site.pages.find((p) => p.id === 'home')!;
    const doctors = Object.values(home.entities.doctors ?? {});
    expect(doctors).toHaveLength(6);
    for (const doctor of doctors) {
      expect(Object.keys(doctor).sort()).toEqual(expect.arrayContaining(['name', 'qualifications', 'slug', 'summary']));
      expect(doctor).not.toHaveProperty('bio');
      expect(doctor).not.toHaveProperty('areas');
    }
    const profile = site.pages.find((p) => p.path === '/doctors/dr-helen-kowalski')!;
    expect(profile.doctor?.bio).toContain('<p>');
    expect(profile.doctor?.billingPolicy).toContain('3-6 months');
  });

  it('merges the fields when two blocks on one page refer to the same entry', () => {
    const text = readFileSync(SALTBUSH_SITE_FILE, 'utf8').replace(
      '      - type: news-list\n',
      '      - type: doctor-cards\n        heading: Also here\n        doctors: [dr-amelia-hart]\n        profileLabel: View Profile\n      - type: news-list\n',
    );
    const home = compiled(text).pages.find((p) => p.id === 'home')!;
    const amelia = home.entities.doctors?.['dr-amelia-hart'];
    expect(amelia?.specialties).toEqual(expect.arrayContaining(["Women's health"]));
    expect(amelia?.summary).toBeTruthy();
    expect(amelia).not.toHaveProperty('bio');
  });
});
