import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockModules } from './blockModules.ts';
import { blockFacts } from '../../src/content/schema.ts';

const root = resolve(import.meta.dirname, '..', '..');

/** The icon names a block's folder draws literally: <Icon name="phone" />. */
function drawnIcons(folder: string): string[] {
  const names = readdirSync(folder).filter((f) => f.endsWith('.tsx'))
    .flatMap((f) => [...readFileSync(join(folder, f), 'utf8').matchAll(/<Icon name="([a-z0-9-]+)"/g)].map((m) => m[1]));
  return [...new Set(names)].sort();
}

describe('a block states its facts in its own schema', () => {
  const facts = blockFacts();

  it.each([...blockModules()])('%s lists exactly the icons its component draws by name (drawsIcons)', (type, module) => {
    const folder = join(root, module, '..');
    expect([...(facts.icons.get(type) ?? [])].sort()).toEqual(drawnIcons(folder));
  });

  it.each([...blockModules()])('%s has a name staff read in the editor (kindName), in words, unlike any other block\'s', (type) => {
    const schema = JSON.parse(readFileSync(join(root, 'schema', 'blocks', `${type}.schema.json`), 'utf8')) as { kindName?: unknown };
    expect(typeof schema.kindName).toBe('string');
    const name = String(schema.kindName);
    expect(name).toMatch(/^[A-Z][a-z' ]+$/);
    const others = [...blockModules().keys()].filter((t) => t !== type)
      .map((t) => (JSON.parse(readFileSync(join(root, 'schema', 'blocks', `${t}.schema.json`), 'utf8')) as { kindName?: unknown }).kindName);
    expect(others).not.toContain(name);
  });

  it('says which blocks render the page heading and which have decorative pictures', () => {
    expect(facts.headingBlocks.size).toBeGreaterThan(0);
    for (const type of facts.headingBlocks) expect(facts.types).toContain(type);
    for (const type of facts.decorativeImageBlocks) expect(facts.types).toContain(type);
  });
});
