/**
 * The checker, the editor's preview and the hosted editor run the validator ajv compiled from schema/ ahead of time
 * (src/generated/validate.js: no eval, no file system). It must be current, and see the content exactly as ajv
 * compiling schema/ now would: the same errors, the same places collected, the same compiled site.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fillAutomaticLists } from '../../src/content/automatic.ts';
import { emptyCollected } from '../../src/content/collected.ts';
import { loadSite } from '../../src/content/load.ts';
import { renderMarkdown } from '../../src/content/markdown.ts';
import { setAt } from '../../src/content/pointer.ts';
import { practiceDay } from '../../src/content/dated.ts';
import { compileText } from '../../src/content/previewCompile.ts';
import { blockFacts } from '../../src/content/schema.ts';
import { createAjv, readSchemaFiles, schemaModules, siteValidator } from '../../src/content/schemaCompiler.ts';
import precompiled from '../../src/generated/validate.js';
import { SALTBUSH_SITE_FILE } from '../fixtures/saltbush.ts';
import { limit } from '../../bench/machineSpeed.ts';

const text = readFileSync(SALTBUSH_SITE_FILE, 'utf8');
const compiledNow = siteValidator(createAjv(readSchemaFiles()));

/** ajv compiling schema/ as it is now: its errors and what its keywords collect. */
function validateAgainstSchema(site: unknown) {
  const collected = emptyCollected();
  compiledNow.call(collected, site);
  return { errors: compiledNow.errors ?? [], collected };
}

/** The fixture's data as the checker validates it (automatic lists filled), changed by `edit`. */
function data(edit: (site: unknown) => void = () => {}): unknown {
  const site = parse(text) as unknown;
  fillAutomaticLists(site);
  edit(site);
  return site;
}

const BROKEN: Record<string, (site: unknown) => void> = {
  'a closing time that is a number': (site) => setAt(site, ['hours', 'regular', 0, 'closes'], 1730),
  'an unknown block type': (site) => setAt(site, ['pages', 0, 'blocks', 0, 'type'], 'carousel-of-doom'),
  'a doctor with a list for a name and a bad e-mail': (site) => {
    setAt(site, ['entities', 'doctors', 0, 'name'], ['Dr', 'Who']);
    setAt(site, ['contact', 'email'], 'not an address');
  },
  'a page whose blocks are not a list': (site) => setAt(site, ['pages', 1, 'blocks'], 'hero'),
  'a news date that is no date': (site) => setAt(site, ['entities', 'news', 0, 'date'], '31 June'),
  // Written as one call each in the generated code (validatorCode.ts): a field unknown, left out, emptied or not one
  // of a list's choices.
  'an unknown field, a missing phone, an empty e-mail and a state that is none': (site) => {
    setAt(site, ['contact', 'telex'], '1234');
    delete (site as { contact: Record<string, unknown> }).contact.phone;
    setAt(site, ['contact', 'email'], '');
    setAt(site, ['contact', 'address', 'state'], 'Tasmania');
  },
};

describe('the precompiled validator', () => {
  it('is what `npm run types` makes of schema/ as it is now', () => {
    for (const [path, module] of Object.entries(schemaModules())) expect(readFileSync(path, 'utf8'), `${path} is out of date: run npm run types`).toBe(module);
  }, limit(60_000));

  it('collects what the checker collects, and finds nothing wrong, on the frozen practice', () => {
    const node = validateAgainstSchema(data());
    const collected = emptyCollected();
    expect(precompiled.call(collected, data())).toBe(true);
    expect(node.errors).toEqual([]);
    expect(collected).toEqual(node.collected);
    expect(collected.refs.length).toBeGreaterThan(10);
    expect(collected.markdown.length).toBeGreaterThan(10);
  });

  it.each(Object.keys(BROKEN))('reports the errors the checker reports: %s', (name) => {
    const node = validateAgainstSchema(data(BROKEN[name]));
    const collected = emptyCollected();
    expect(precompiled.call(collected, data(BROKEN[name]))).toBe(false);
    expect(node.errors.length).toBeGreaterThan(0);
    expect(precompiled.errors).toEqual(node.errors);
    expect(collected).toEqual(node.collected);
  });

  it('adds each error by one call, and holds the schema as JSON, so that it is small to load', () => {
    const [, validator] = Object.entries(schemaModules()).find(([path]) => path.endsWith('validate.js'))!;
    expect(validator).not.toMatch(/const err\d+ = /);
    expect(validator).not.toMatch(/const schema\d+ = \{/);
    expect(validator.match(/addError\(vErrors, /g)?.length).toBeGreaterThan(1000);
  });

  it('holds no eval and no Function constructor', () => {
    const [, validator] = Object.entries(schemaModules()).find(([path]) => path.endsWith('validate.js'))!;
    expect(validator).not.toMatch(/\beval\(|new Function|require\(/);
  });
});

describe('the preview pipeline', () => {
  const tools = { renderMarkdown, drawsIcons: blockFacts().icons };

  it('compiles the frozen practice as the checker does', () => {
    const now = new Date();
    const node = loadSite(SALTBUSH_SITE_FILE, text);
    if (!node.ok) throw new Error(node.errors[0].message);
    const preview = compileText(text, precompiled, tools, now);
    // Both are built on the practice's day (in its time zone, which is a day ahead of UTC for part of each day).
    const day = practiceDay(now, node.compiled.layout.hours.timeZone);
    expect(preview).toEqual({ ...node.compiled, layout: { ...node.compiled.layout, buildYear: Number(day.slice(0, 4)), builtOn: day, builtAt: now.toISOString() } });
  });

  it('gives nothing for text the schema refuses, or text that is no YAML', () => {
    expect(compileText(text.replace(/closes: "17:30"/, "closes: [half past five]"), precompiled, tools)).toBeNull();
    expect(compileText('site: [unclosed', precompiled, tools)).toBeNull();
    expect(compileText('', precompiled, tools)).toBeNull();
  });
});
