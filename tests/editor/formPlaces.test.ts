/**
 * Places in Review changes, in a change made on disk meanwhile and in a publish conflict, named as the form names
 * them (the navigator's part, each field's label, each entry's name), not by the file's keys.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { rebase } from '../../server/editor/merge.ts';
import { bundleSchema } from '../../server/editor/schemaBundle.ts';
import { listChanges, partsOf, placeWords } from '../../src/editor/review/changes.ts';
import type { Json, JsonObject } from '../../src/editor/yaml/json.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { opsFor, writeValue } from './ops.ts';
import { call, editorPerTest } from './request.ts';

const BASE = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
const bundle = bundleSchema();

type Site = JsonObject & {
  hours: JsonObject & { note: string };
  entities: JsonObject & { feeGroups: (JsonObject & { id: string; items: (JsonObject & { name: string })[] })[] };
};
const read = (text: string) => parse(text) as Site;
function version(change: (site: Site) => void): string {
  const next = read(BASE);
  change(next);
  return writeValue(BASE, next);
}
const regular = (site: Site) => {
  const item = site.entities.feeGroups.find((g) => g.id === 'general-consultations')?.items.find((i) => i.name === 'Regular consultation');
  if (!item) throw new Error('the frozen fixture has no regular consultation');
  return item;
};
const camelCase = /\b[a-z]+[A-Z][A-Za-z]*\b/;

describe('places in the form\'s words', () => {
  it('a fee\'s rebate changed reads in Review by the fee group, the fee and the field\'s label', () => {
    const after = read(version((site) => { regular(site).medicareRebate = '$45.00'; }));
    const [change, ...more] = listChanges(read(BASE), after, bundle);
    expect(more).toEqual([]);
    // The group's name, the fee's name, then the field's title in schema/entities/fee-group.schema.json.
    expect(change.words).toBe('General Consultations > Regular consultation > Medicare rebate: $43.90 -> $45.00');
    expect(change.words).not.toMatch(camelCase);
    // Without the schema, the file's words as before.
    expect(listChanges(read(BASE), after)[0].words).toMatch(/medicareRebate/);
  });

  it('the note of the opening hours is named by its label', () => {
    expect(placeWords(read(BASE) as Json, ['hours', 'note'], bundle)).toBe('Opening hours > Note');
    // A publish conflict there: the colleague's version and the draft both changed the note.
    const theirs = version((site) => { site.hours.note = 'Closed on Sundays.'; });
    const mine = version((site) => { site.hours.note = 'Closed on public holidays.'; });
    const merged = rebase(BASE, mine, theirs, {}, { by: 'Karen' }, [], bundle);
    expect(merged.ok).toBe(false);
    if (!merged.ok) expect(merged.conflicts).toMatchObject([{ where: 'Opening hours > Note', mine: 'Closed on public holidays.', theirs: 'Closed on Sundays.' }]);
  });
});

const open = editorPerTest();

describe('a change made on disk at the same place', () => {
  it('names the place by the field\'s label', async () => {
    const { box: b, editor: e, doc } = await open('real');
    writeFileSync(b.siteFile, readFileSync(b.siteFile, 'utf8').replace(/^(  note: ).*$/m, '$1Closed on Sundays (typed in a text editor).'));
    const value = structuredClone(doc.value) as typeof doc.value & { hours: { note: string } };
    value.hours.note = 'Closed on Sundays and public holidays.';
    const saved = await call(e, 'POST', '/api/ops', { ops: opsFor(doc.value, value), hash: doc.hash });
    expect(saved.status).toBe(200);
    expect(saved.body.conflicts).toMatchObject([{ where: 'Opening hours > Note', theirs: 'Closed on Sundays (typed in a text editor).' }]);
  });
});

describe('entries and blocks in Review', () => {
  type Page = JsonObject & { path: string; title: string; blocks: JsonObject[] };
  const homeOf = (site: Site) => (site.pages as Page[]).find((p) => p.path === '/')!;
  const wordsFor = (change: (site: Site) => void) => listChanges(read(BASE) as Json, read(version(change)) as Json, bundle).map((c) => c.words);

  it('an entry added to a list of entries known by place is named with its list, by its name', () => {
    const words = wordsFor((site) => {
      const group = site.entities.feeGroups.find((g) => g.id === 'general-consultations')!;
      group.items.push({ ...group.items[0], name: 'Extended consultation' });
    });
    const fees = (bundle.definitions['entities.fee-group']?.properties as Record<string, { title: string }>).items.title;
    expect(words).toEqual([`General Consultations > ${fees}: added "Extended consultation"`]);
  });

  it('a block is named after its page\'s address, then as the navigator lists it', () => {
    const [heading, ...more] = wordsFor((site) => { homeOf(site).blocks[0].heading = 'Welcome to the practice'; });
    expect(more).toEqual([]);
    expect(heading.startsWith('/ > ')).toBe(true);
    expect(heading).toMatch(/ > [^>]+ > Heading: .+ -> Welcome to the practice$/);
    const blocks = (bundle.definitions['defs.page']?.properties as Record<string, { title: string }>).blocks.title;
    const name = (block: JsonObject) => String(block.heading ?? block.type).replace(/-/g, ' ');
    const swapped = homeOf(read(BASE)).blocks.slice(1, 3).map((b) => `"${name(b)}"`);
    const [moved, ...others] = wordsFor((site) => { const b = homeOf(site).blocks; [b[1], b[2]] = [b[2], b[1]]; });
    expect(others).toEqual([]);
    expect(moved).toMatch(new RegExp(`^/ > ${blocks}: moved "[^"]+"$`));
    // One of the two swapped is said to have moved, by its heading, else its type in words.
    expect(swapped).toContain(moved.slice(moved.indexOf('moved ') + 6));
    for (const w of [heading, moved]) expect(w).not.toMatch(/\s{2}|[a-z]-[a-z]/);
  });
});

describe('the parts of the site History is searched by', () => {
  it('name a page made for each doctor by what it is, never by its address pattern', () => {
    const parts = partsOf(read(BASE), bundle);
    expect(parts).toEqual(expect.arrayContaining(['Opening hours', 'Fees', 'Page "/"', 'Page "/doctors/…"']));
    expect(parts.filter((part) => /\/:[A-Za-z]|\{[A-Za-z]+\}/.test(part))).toEqual([]);
    const changed = read(BASE);
    const pages = changed.pages as JsonObject[];
    const template = pages.find((p) => p.path === '/doctors/:slug') as JsonObject;
    template.unknownRedirect = '/';
    expect(listChanges(read(BASE), changed, bundle).map((c) => c.part)).toEqual(['Page "/doctors/…"']);
  });
});
