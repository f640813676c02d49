/**
 * The staff editor labels every field with its schema `title` and explains it with its `description`, so every
 * property of schema/ has both, in the words of the people who run the practice: no field name, code word or
 * number standing in for a label, and no "true: ... false: ..." in place of what ticking the box does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_DIR } from '../../src/content/schemaCompiler.ts';

type Node = { [key: string]: unknown };
interface Field { place: string; key: string; schema: Node }

const jsonFiles = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith('.json') ? [path] : [];
});

/** Every property of a schema document, however deep (items, definitions, $defs), named by where it is. */
function fields(node: unknown, place: string): Field[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => fields(item, `${place}/${i}`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node as Node).flatMap(([key, value]) => {
    if (key !== 'properties' || !value || typeof value !== 'object') return fields(value, `${place}/${key}`);
    return Object.entries(value as Node).flatMap(([name, schema]) => [
      { place: `${place}/properties/${name}`, key: name, schema: schema as Node },
      ...fields(schema, `${place}/properties/${name}`),
    ]);
  });
}

const all = jsonFiles(SCHEMA_DIR).flatMap((file) =>
  fields(JSON.parse(readFileSync(file, 'utf8')), relative(SCHEMA_DIR, file)));

/** Words that mean something to the code, not to a practice manager, when they stand in a label. */
const CODE_WORDS = /\b(slug|id|ids|href|src|url|alt|anchor|f2f|ms|true|false|null|entities|tel|regex|json|yaml|enum)\b/i;
/**
 * Keys that are code names, so a label saying the same is no label. A key made of plain words ("areaCode") may be
 * its own label ("Area code").
 */
const CODE_KEYS = new Set([
  'id', 'slug', 'href', 'src', 'url', 'alt', 'anchor', 'tone', 'each', 'avif', 'widths', 'ui', 'nav', 'entities', 'type', 'code', 'style',
  'aliases', 'eyebrow', 'aside', 'amPm', 'intervalMs', 'f2fItemNumber', 'singleOpen', 'openFirst', 'leaveOutOld', 'noScript',
  'unknownRedirect', 'themeColor', 'titleSeparator', 'imagePosition', 'mapUrl', 'oldAfterMonths', 'callBar', 'notApplicable',
]);
/** Names spelt with a capital inside, which are not camelCase code. */
const PROPER = /JavaScript/g;
const squashed = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** What is wrong with a field's title and description, in a sentence each; none when both are right. */
export function labelProblems({ key, schema }: Pick<Field, 'key' | 'schema'>): string[] {
  const title = typeof schema.title === 'string' ? schema.title.trim() : '';
  const description = typeof schema.description === 'string' ? schema.description.trim() : '';
  const problems: string[] = [];
  if (!title) problems.push('has no title');
  if (!description) problems.push('has no description');
  if (/[a-z][A-Z]/.test(title.replace(PROPER, '')) || /^[A-Z][a-z]+[A-Z]/.test(title)) problems.push(`title "${title}" is camelCase`);
  if (/-\d+$/.test(title) || /[A-Za-z]\d|\d[A-Za-z]/.test(title)) problems.push(`title "${title}" has a number in a word`);
  if (CODE_WORDS.test(title)) problems.push(`title "${title}" has a code word`);
  if (title && squashed(title) === squashed(key) && CODE_KEYS.has(key)) problems.push(`title "${title}" is the key name`);
  for (const [what, text] of [['title', title], ['description', description]]) {
    if (/\b(true|false)\s*:/i.test(text) || /^(true|false)\b/i.test(text)) problems.push(`${what} speaks of true and false`);
  }
  return problems;
}

describe('every field of the schema has a label and a description in plain words', () => {
  it('finds the fields (all of them, however deep)', () => {
    expect(all.length).toBeGreaterThan(400);
  });

  it('no field lacks a title or a description, and none reads like code', () => {
    const wrong = all.flatMap((field) => labelProblems(field).map((problem) => `${field.place} ${problem}`));
    expect(wrong).toEqual([]);
  });

  it('the rule itself refuses what the issue found', () => {
    const says = (key: string, title: string, description = 'Something.') => labelProblems({ key, schema: { title, description } });
    expect(says('slug', 'Slug')).toEqual(['title "Slug" has a code word', 'title "Slug" is the key name']);
    expect(says('href', 'Href')).toContain('title "Href" has a code word');
    expect(says('f2fItemNumber', 'F2f item number')).toEqual(['title "F2f item number" has a number in a word', 'title "F2f item number" has a code word', 'title "F2f item number" is the key name']);
    expect(says('amPm', 'Am pm')).toEqual(['title "Am pm" is the key name']);
    expect(says('specialties', 'Specialties-1')).toEqual(['title "Specialties-1" has a number in a word']);
    expect(says('days', 'PublicHolidays')).toEqual(['title "PublicHolidays" is camelCase']);
    expect(says('singleOpen', 'singleOpen')).toEqual(['title "singleOpen" is camelCase', 'title "singleOpen" is the key name']);
    expect(says('areaCode', 'Area code')).toEqual([]);
    expect(says('singleOpen', 'One answer open at a time', 'true: only one answer is open. false: any number.')).toEqual(['description speaks of true and false']);
    expect(says('closes', 'Closing time', 'The time it closes.')).toEqual([]);
    expect(labelProblems({ key: 'heading', schema: {} })).toEqual(['has no title', 'has no description']);
  });
});
