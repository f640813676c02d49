/**
 * What a text editor underlines and offers while staff edit site.yaml, through yaml-language-server itself (the
 * engine of VS Code's YAML extension) over stdio, reading the editor schema made for a copy of the frozen site.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorSchema } from '../../src/content/editorSchema.ts';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { LanguageServer } from './languageServer.ts';

const work = mkdtempSync(join(tmpdir(), 'site-editor-schema-'));
const file = join(work, 'site.yaml');
const original = readFileSync(SALTBUSH_SITE_FILE, 'utf8').replace(/^.*\n/, '# yaml-language-server: $schema=./site.schema.json\n');
writeFileSync(join(work, 'site.schema.json'), JSON.stringify(editorSchema(SALTBUSH_SITE_FILE)));
const lines = original.split('\n');
const lineOf = (text: string) => lines.findIndex((l) => l.includes(text));

const server = new LanguageServer();
beforeAll(() => server.start(), 60_000);
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

/** The diagnostics of one edit, as "line: message". */
async function underlines(from: string, to: string): Promise<string[]> {
  expect(original.includes(from), `the frozen copy no longer contains: ${from}`).toBe(true);
  const list = await server.diagnose(file, original.replace(from, to));
  return list.map((d) => `${d.range.start.line + 1}: ${d.message}`);
}

describe('the editor underlines mistakes in plain words', () => {
  it('a correct file has no underline', async () => {
    expect(await server.diagnose(file, original)).toEqual([]);
  });

  it('a misspelt block type', async () => {
    const line = lineOf('- type: doctor-carousel') + 1;
    expect(await underlines('      - type: doctor-carousel', '      - type: doctor-carousle')).toEqual([
      expect.stringMatching(new RegExp(`^${line}: Not a block type\\. Use one of: allied-health, article, .*doctor-carousel.*, steps\\.$`)),
    ]);
  });

  it('a time not written as a 24-hour time', async () => {
    const line = lineOf('opens: "08:30", closes: "17:30" }') + 1;
    expect(await underlines('opens: "08:30", closes: "17:30" }', 'opens: "08:30", closes: "5:30pm" }'))
      .toEqual([`${line}: Not written the expected way. Closing time, 24-hour, in quotes: "17:30".`]);
  });

  it('a doctor who is not in the list of doctors', async () => {
    const line = lineOf('heading: Our Doctors') + 2;
    expect(await underlines('heading: Our Doctors\n', 'heading: Our Doctors\n        doctors: [dr-amelia-hart, dr-james-whitfeld]\n'))
      .toEqual([expect.stringMatching(new RegExp(`^${line}: Not in entities\\.doctors\\. Use the slug of an entry there: dr-amelia-hart, dr-james-whitfield, .*\\.$`))]);
  });
});

describe('the editor offers what exists and explains fields', () => {
  it('offers the existing doctors in a list of doctors', async () => {
    const chosen = '        doctors: [dr-amelia-hart, ]';
    await server.diagnose(file, original.replace('heading: Our Doctors\n', `heading: Our Doctors\n${chosen}\n`));
    const result = await server.completion(file, lineOf('heading: Our Doctors') + 1, chosen.indexOf(']'));
    const labels = (Array.isArray(result) ? result : result.items).map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(['dr-amelia-hart', 'dr-james-whitfield']));
  });

  it("shows a field's own description on hover", async () => {
    const line = lineOf('heading: Our Doctors');
    const hover = await server.hover(file, line, 10);
    const text = typeof hover?.contents === 'string' ? hover.contents : hover?.contents.value;
    expect(text).toContain("e.g. 'Our Doctors'.");
  });

  it('offers a ready-made block of every type, with its required fields', () => {
    const block = (editorSchema(SALTBUSH_SITE_FILE).definitions as Record<string, { defaultSnippets: { label: string; body: Record<string, unknown> }[] }>).block;
    const faq = block.defaultSnippets.find((s) => s.label === 'faq block');
    expect(faq?.body).toMatchObject({ type: 'faq', items: [] });
    expect(block.defaultSnippets).toHaveLength(new Set(block.defaultSnippets.map((s) => s.label)).size);
  });
});
