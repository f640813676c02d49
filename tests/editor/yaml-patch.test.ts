import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { matchLists } from '../../src/editor/ops/match.ts';
import { patchOps, PatchError } from '../../src/editor/yaml/patch.ts';
import { endsWithLineBreak, withFileEnding } from '../../src/editor/yaml/style.ts';
import type { Json, JsonObject } from '../../src/editor/yaml/json.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { changedLines, comments } from './lineDiff.ts';
import { writeValue as patchYaml } from './ops.ts';

// This practice's whole file, as frozen for the tests: its comments, folded text and flow maps are what the writer
// must keep. The tests find what they change by its shape, never by line numbers or wording.
const SITE = readFileSync(SALTBUSH_SITE_FILE, 'utf8');

type Site = JsonObject & {
  hours: JsonObject & { regular: JsonObject[] };
  entities: { doctors: JsonObject[]; news: JsonObject[]; feeGroups: { items: JsonObject[] }[] };
  pages: (JsonObject & { path: string; blocks: JsonObject[] })[];
};
const read = (text: string) => parse(text) as Site;
const other = (value: unknown, a: string, b: string) => (value === a ? b : a);

/** Applies `change` to a copy of the document, patches the source, and checks the result reads as exactly that. */
function edit(source: string, change: (site: Site) => void) {
  const next = read(source);
  change(next);
  const text = patchYaml(source, next);
  expect(parse(text)).toEqual(next);
  return { text, next, ...changedLines(source, text) };
}

describe('source-preserving YAML writer on the practice\'s whole file', () => {
  it('a save without changes is byte-identical', () => {
    expect(patchYaml(SITE, read(SITE))).toBe(SITE);
    // Key order in the new value does not count as a change.
    const shuffled = read(SITE);
    const reversed = Object.fromEntries(Object.entries(shuffled).reverse());
    expect(patchYaml(SITE, reversed)).toBe(SITE);
  });

  it('an emptied optional text leaves the file: its key goes with its lines, every comment and other byte stays', () => {
    // The form sends no value for an emptied optional field ("none"); a required one keeps its key as "".
    const note = edit(SITE, (site) => { delete site.hours.note; });
    expect(note.added).toEqual([]);
    expect(note.removed).toHaveLength(1);
    expect(note.removed[0]).toMatch(/^  note: /);
    expect(comments(note.text)).toEqual(comments(SITE));
    expect(note.text.split('\n').filter((l) => !note.removed.includes(l)).join('\n')).toBe(SITE.split('\n').filter((l) => !note.removed.includes(l)).join('\n'));
    // Formatted text of several lines goes whole.
    const withBody = read(SITE).entities.news.findIndex((n) => typeof n.body === 'string' && n.body.includes('\n'));
    const body = edit(SITE, (site) => { delete site.entities.news[withBody].body; });
    expect(body.added).toEqual([]);
    expect(body.removed[0]).toMatch(/^ +body: [|>]/);
    expect(comments(body.text)).toEqual(comments(SITE));
    // Inside a one-line map only that field goes.
    const flow = patchYaml('# staff\nlinks: { label: Home, note: x, href: / }  # kept\n', { links: { label: 'Home', href: '/' } });
    expect(flow).toBe('# staff\nlinks: { label: Home, href: / }  # kept\n');
  });

  it('a text typed into a new entry\'s emptied field is written as the same field of its siblings is', () => {
    const source = 'news:\n  - id: a\n    date: "2025-04-01"\n    title: Old\n  - id: b\n    date: ""\n    title: ""\n';
    const text = patchYaml(source, { news: [{ id: 'a', date: '2025-04-01', title: 'Old' }, { id: 'b', date: '2026-11-23', title: 'New' }] });
    expect(text).toBe('news:\n  - id: a\n    date: "2025-04-01"\n    title: Old\n  - id: b\n    date: "2026-11-23"\n    title: New\n');
  });

  it('a new entry saved empty ({}) and then filled is written as its siblings are', () => {
    const block = 'items:\n  - question: A\n    answer: B\n  - {}\n';
    expect(patchYaml(block, { items: [{ question: 'A', answer: 'B' }, { question: 'Q', answer: 'C' }] }))
      .toBe('items:\n  - question: A\n    answer: B\n  - question: Q\n    answer: C\n');
    const flow = 'staff:\n  - { id: a, name: A }\n  - {}\n';
    expect(patchYaml(flow, { staff: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }] })).toBe('staff:\n  - { id: a, name: A }\n  - { id: b, name: B }\n');
  });

  it('changing the weekday closing time changes exactly that line, in its quoting style', () => {
    let closes = '';
    const { removed, added, text } = edit(SITE, (site) => {
      closes = other(site.hours.regular[0].closes, '18:00', '18:30');
      site.hours.regular[0].closes = closes;
    });
    expect(removed).toHaveLength(1);
    expect(added).toHaveLength(1);
    expect(added[0]).toBe(removed[0].replace(/closes: "[^"]*"/, `closes: "${closes}"`));
    expect(comments(text)).toEqual(comments(SITE));
  });

  it('changing a fee changes one line of the flow map and keeps its quotes', () => {
    const { removed, added } = edit(SITE, (site) => {
      const fee = site.entities.feeGroups[0].items[0];
      fee.price = other(fee.price, '$46.50', '$47.50');
    });
    expect(removed).toHaveLength(1);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/price: "\$4[67]\.50"/);
  });

  it('editing folded and literal text keeps the style and touches only that text', () => {
    const { removed, added, text } = edit(SITE, (site) => {
      const identity = site.site as JsonObject;
      identity.description = `${String(identity.description)} Welcome.`;
      const doctor = site.entities.doctors[0];
      doctor.bio = String(doctor.bio).replace(/\n*$/, '\n\nA new closing paragraph.\n');
    });
    expect(text).toMatch(/description: >-\n/);
    // The folded description's last line grows; the bio gains a blank line and a paragraph.
    expect(removed.length).toBeLessThanOrEqual(2);
    expect(added).toContain('        A new closing paragraph.');
    expect(added.length).toBeLessThanOrEqual(removed.length + 3);
  });

  it('text that would be misread without quotes gets quotes', () => {
    const { added } = edit(SITE, (site) => {
      site.hours.note = 'Note: closed on public holidays, #1 rule';
      (site.contact as JsonObject).fax = '0800 111 222';
    });
    expect(added).toContain('  note: "Note: closed on public holidays, #1 rule"');
    expect(added.some((l) => l.includes('fax: "0800 111 222"'))).toBe(true);
  });

  it('adds a doctor by duplicating one, and lists them on the staff page: only the new lines and the list line', () => {
    // A staff page that names its doctors gets the new one on its list line; one that shows every listed doctor, nothing.
    let named = false;
    const { removed, added, text } = edit(SITE, (site) => {
      const copy = structuredClone(site.entities.doctors[0]);
      copy.slug = 'dr-jane-citizen';
      copy.name = 'Dr Jane Citizen';
      site.entities.doctors.splice(1, 0, copy);
      const cards = site.pages.find((p) => p.path === '/doctors')?.blocks.find((b) => b.type === 'doctor-cards');
      named = Array.isArray(cards?.doctors);
      if (named) (cards?.doctors as string[]).push('dr-jane-citizen');
    });
    expect(removed).toHaveLength(named ? 1 : 0);
    if (named) expect(removed[0]).toMatch(/doctors: \[/);
    const doctorLines = SITE.split('\n').filter((l) => /^    - slug: |^      [a-zA-Z]+: /.test(l)).length;
    expect(added.length).toBeGreaterThan(5);
    expect(added.length).toBeLessThan(doctorLines);
    expect(added).toContain('    - slug: dr-jane-citizen');
    expect(added).toContain('      name: Dr Jane Citizen');
    expect(comments(text)).toEqual(comments(SITE));
  });

  it('posts a news item at the top of the list and on the home page', () => {
    let named = false;
    const { removed, added } = edit(SITE, (site) => {
      site.entities.news.unshift({ id: 'editor-news', date: '2026-11-23', title: 'Flu clinic on Saturday', summary: 'Walk in from 9am.' });
      const list = site.pages.find((p) => p.path === '/')?.blocks.find((b) => b.type === 'news-list');
      named = Array.isArray(list?.items);
      if (named) (list?.items as string[]).unshift('editor-news');
    });
    expect(removed).toHaveLength(named ? 1 : 0);
    expect(added).toContain('    - id: editor-news');
    expect(added).toContain('      date: "2026-11-23"');
    expect(added).toContain('      summary: Walk in from 9am.');
    expect(added.filter((l) => l.includes('editor-news'))).toHaveLength(named ? 2 : 1);
  });

  it('adds an FAQ question: only the new question and answer lines', () => {
    const { removed, added } = edit(SITE, (site) => {
      const faq = site.pages.flatMap((p) => p.blocks).find((b) => b.type === 'faq');
      (faq?.items as JsonObject[]).push({ question: 'Can I bring my own vaccine?', answer: 'Yes. Keep it cool and book a nurse.' });
    });
    expect(removed).toEqual([]);
    expect(added).toHaveLength(2);
    expect(added[0]).toMatch(/^ +- question: Can I bring my own vaccine\?$/);
    expect(added[1]).toMatch(/^ +answer: Yes\. Keep it cool and book a nurse\.$/);
  });

  it('reorders two blocks: the moved block keeps its exact text', () => {
    let moved: JsonObject = {};
    const { text, removed, added } = edit(SITE, (site) => {
      const blocks = site.pages[0].blocks;
      [blocks[1], blocks[2]] = [blocks[2], blocks[1]];
      moved = blocks[1];
    });
    expect(removed.length).toBe(added.length);
    expect([...removed].sort()).toEqual([...added].sort());
    expect(removed.length).toBeGreaterThan(0);
    expect(comments(text)).toEqual(comments(SITE));
    expect(read(text).pages[0].blocks[1]).toEqual(moved);
  });

  it('removes a page: only its lines go', () => {
    const { removed, added, text } = edit(SITE, (site) => {
      const index = site.pages.findIndex((p) => p.path === '/fees');
      site.pages.splice(index, 1);
    });
    expect(added).toEqual([]);
    expect(removed.some((l) => l.includes('path: /fees'))).toBe(true);
    expect(comments(text)).toEqual(comments(SITE));
  });

  it('adds and deletes keys in block and flow maps', () => {
    const { removed, added } = edit(SITE, (site) => {
      const doctor = site.entities.doctors[0];
      doctor.imagePosition = 'top';
      delete doctor.summary;
      const fee = site.entities.feeGroups[0].items[0];
      delete fee.pensionerPrice;
      const hours = site.hours.regular[0];
      hours.closed = false;
    });
    expect(removed.filter((l) => /^      summary: /.test(l))).toHaveLength(1);
    expect(added).toContain('      imagePosition: top');
    expect(added.some((l) => /closes: "[^"]+", closed: false \}$/.test(l))).toBe(true);
    expect(added.some((l) => l.includes('pensionerPrice'))).toBe(false);
    // Two flow-map lines changed, one block line removed, one added.
    expect(removed).toHaveLength(3);
    expect(added).toHaveLength(3);
  });
});

describe('source-preserving YAML writer on awkward shapes', () => {
  const SOURCE = [
    '# header comment',
    '',
    'list:',
    '  # about the first',
    '  - name: a   # inline a',
    '    tags: [x, y]',
    '',
    '  # about the second',
    '  - name: b',
    '    text: |',
    '      line one',
    '      line two',
    '  - { name: c, n: 3 }',
    'scalars: [one, two, three]',
    "single: 'it''s'",
    'empty: []',
    'last: value # trailing',
    '',
  ].join('\n');

  it('moves an item with its comment and keeps every comment', () => {
    const { text } = edit(SOURCE, (doc) => {
      const list = doc.list as Json[];
      list.reverse();
    });
    expect(comments(text).sort()).toEqual(comments(SOURCE).sort());
    expect(text).toContain('  # about the second\n  - name: b\n');
  });

  it('removes the first key of an item written on the dash line', () => {
    const { text } = edit(SOURCE, (doc) => {
      delete ((doc.list as JsonObject[])[0]).name;
    });
    expect(text).toContain('  - tags: [x, y]\n');
  });

  it('edits flow lists, single quotes, literal text and an empty list', () => {
    const { text, removed, added } = edit(SOURCE, (doc) => {
      (doc.scalars as string[]).splice(1, 1, 'deux', 'trois: yes');
      doc.single = "isn't";
      ((doc.list as JsonObject[])[1]).text = 'line one\nline 2\n';
      doc.empty = ['first'];
    });
    expect(text).toContain('scalars: [one, deux, "trois: yes", three]\n');
    expect(text).toContain("single: 'isn''t'\n");
    expect(text).toContain('    text: |\n      line one\n      line 2\n');
    expect(text).toContain('empty: [first]\n');
    expect(removed).toHaveLength(4);
    expect(added).toHaveLength(4);
  });

  it('keeps quotes the author chose, and drops quotes only an earlier text needed', () => {
    const source = 'a: "08:30"\nb: "Closed. "\nc: plain\n';
    expect(patchYaml(source, { a: '09:00', b: 'Closed.', c: 'plain: no' })).toBe('a: "09:00"\nb: Closed.\nc: "plain: no"\n');
  });

  it('matches entries by id, texts by value, and others by place: a removal and an addition are never one entry renamed', () => {
    expect(matchLists([{ slug: 'a', n: 1 }, { slug: 'b', n: 2 }], [{ slug: 'c', n: 2 }, { slug: 'a', n: 1 }])).toEqual([-1, 0]);
    expect(matchLists([{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'a' }])).toEqual([1, 0]);
    expect(matchLists(['a', 'b', 'c'], ['a', 'x', 'c'])).toEqual([0, -1, 2]);
    expect(matchLists([{ n: 1 }, { n: 2 }, { n: 3 }], [{ n: 1 }, { n: 9 }, { n: 3 }])).toEqual([0, 1, 2]);
    expect(matchLists([{ type: 'x', n: 1 }, { type: 'y', n: 2 }], [{ type: 'y', n: 2 }, { type: 'x', n: 1 }])).toEqual([1, 0]);
  });

  it('refuses a change whose text would read back as something else, and writes nothing', () => {
    // Changing the anchored map would change its alias too: the text read back is not what was asked for.
    const source = 'x: &a { b: 1 }\ny: *a\n';
    let refused: unknown;
    try { patchOps(source, [{ op: 'set', path: ['x', 'b'], value: 2, was: 1 }]); } catch (error) { refused = error; }
    expect(refused).toBeInstanceOf(PatchError);
    expect((refused as PatchError).message).toMatch(/could not be written into the file without changing something else/);
    expect((refused as PatchError).attempt).toBe('x: &a { b: 2 }\ny: *a\n');
  });

  it('an operation that sets what is already there changes no byte; a field someone else changed is not written over', () => {
    const closes = read(SITE).hours.regular[0].closes;
    const path = ['hours', 'regular', { at: 0, of: read(SITE).hours.regular.length }, 'closes'];
    expect(patchOps(SITE, [{ op: 'set', path, value: closes, was: '06:00' }])).toEqual({ text: SITE, conflicts: [] });
    const other = patchOps(SITE, [{ op: 'set', path, value: '23:00', was: '06:00' }]);
    expect(other.text).toBe(SITE);
    expect(other.conflicts).toMatchObject([{ theirs: closes, why: 'both-changed' }]);
  });

  it('refuses a file that cannot be read, rather than guessing', () => {
    expect(() => patchYaml('a: [1, 2\nb: 3\n', { a: [1], b: 3 })).toThrow(/cannot be placed/);
  });
});

describe('a new value is written as the file writes the same field beside it', () => {
  const rows = (price: string) => ({ items: [{ name: 'Brief', price: '$45.00' }, { name: 'Long', price }] });

  it('a price typed into a new fee row, or added to one, is quoted as the prices beside it are', () => {
    const quoted = 'items:\n  - { name: Brief, price: "$45.00" }\n  - { name: Long, price: "$85.00" }\n';
    // The new row saved empty before anything was typed, or saved with its name only.
    expect(patchYaml('items:\n  - { name: Brief, price: "$45.00" }\n  - {}\n', rows('$85.00'))).toBe(quoted);
    expect(patchYaml('items:\n  - { name: Brief, price: "$45.00" }\n  - { name: Long }\n', rows('$85.00'))).toBe(quoted);
    expect(patchYaml('items:\n  - name: Brief\n    price: "$45.00"\n  - name: Long\n', rows('$85.00')))
      .toBe('items:\n  - name: Brief\n    price: "$45.00"\n  - name: Long\n    price: "$85.00"\n');
    // A time typed as "2500" needed its quotes (it reads as a number); the right time typed over it takes its
    // neighbours' quotes, not none.
    const hours = (closes: string) => ({ regular: [{ opens: '08:30', closes: '17:30' }, { opens: '09:00', closes }] });
    expect(patchYaml('regular:\n  - { opens: "08:30", closes: "17:30" }\n  - { opens: "09:00", closes: "2500" }\n', hours('17:30')))
      .toBe('regular:\n  - { opens: "08:30", closes: "17:30" }\n  - { opens: "09:00", closes: "17:30" }\n');
    // With no neighbour in its list, the same field elsewhere in the file shows how it is written.
    expect(patchYaml('regular:\n  - { opens: "08:30", closes: "2500" }\nafterHours:\n  - { opens: "18:00", closes: "22:00" }\n',
      { regular: [{ opens: '08:30', closes: '17:30' }], afterHours: [{ opens: '18:00', closes: '22:00' }] }))
      .toBe('regular:\n  - { opens: "08:30", closes: "17:30" }\nafterHours:\n  - { opens: "18:00", closes: "22:00" }\n');
    // Quotes a neighbour needs for its own text (a comma in a one-line map) are not copied.
    expect(patchYaml('staff:\n  - { id: a, bio: "Wounds, ECGs" }\n  - { id: b }\n', { staff: [{ id: 'a', bio: 'Wounds, ECGs' }, { id: 'b', bio: 'Reception' }] }))
      .toBe('staff:\n  - { id: a, bio: "Wounds, ECGs" }\n  - { id: b, bio: Reception }\n');
  });

  it('a new bio of several paragraphs is written in the block style of the bios beside it, `|` here', () => {
    const site = read(SITE);
    const bio = withFileEnding(site, 'bio', 'Dr Jane Citizen joined the practice in 2026.\n\nShe enjoys family medicine.');
    expect(endsWithLineBreak(site, 'bio')).toBe(true);
    expect(bio.endsWith('.\n')).toBe(true);
    expect(withFileEnding(site, 'bio', 'One line.')).toBe('One line.');
    // A doctor who had no bio is given one.
    const at = site.entities.doctors.length - 1;
    delete site.entities.doctors[at].bio;
    const without = patchYaml(SITE, site);
    const { added } = edit(without, (next) => { next.entities.doctors[at].bio = bio; });
    expect(added.find((l) => /^ +bio: /.test(l))).toMatch(/^ {6}bio: \|$/);
    // A file whose texts are folded (`>`) and end without a line break (`>-`) gets the same for a new one.
    const folded = 'doctors:\n  - slug: a\n    bio: >-\n      One paragraph\n      on two lines.\n  - slug: b\n';
    const value = read(folded) as unknown as { doctors: JsonObject[] };
    const text = withFileEnding(value, 'bio', 'Another paragraph,\n\nand one more.');
    value.doctors[1].bio = text;
    // Typed word by word into a new doctor's empty bio: "Joined " ends with a space inside its `|` text, and the
    // next letter goes after that space.
    let typing = 'doctors:\n  - slug: a\n    bio: |\n      One.\n  - slug: b\n    bio: ""\n';
    for (const typed of ['J', 'Joined ', 'Joined t', 'Joined the practice.']) {
      typing = patchYaml(typing, { doctors: [{ slug: 'a', bio: 'One.\n' }, { slug: 'b', bio: typed }] });
    }
    expect(typing).toBe('doctors:\n  - slug: a\n    bio: |\n      One.\n  - slug: b\n    bio: |-\n      Joined the practice.\n');
    const written = patchYaml(folded, value);
    expect(written.split('\n')[6]).toBe('    bio: >-');
    expect(parse(written)).toEqual(value);
  });
});
