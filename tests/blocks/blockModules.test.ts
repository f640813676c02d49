import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockFacts } from '../../src/content/schema.ts';
import { blockModules } from './blockModules.ts';

const root = resolve(import.meta.dirname, '..', '..');

describe("each block type's component module", () => {
  it('comes from the registry line of every block type, each naming a file that exists', () => {
    const modules = blockModules();
    expect([...modules.keys()].sort()).toEqual([...blockFacts().types].sort());
    for (const file of modules.values()) expect(existsSync(join(root, file)), file).toBe(true);
  });

  it('follows a renamed component file, since the registry line is read, not a name guessed from the type', () => {
    const modules = blockModules(`const loaders = {\n  hero: () => import('./Banner/Banner.tsx').then((m) => m.Banner),\n}`);
    expect(modules.get('hero')).toBe('src/blocks/Banner/Banner.tsx');
  });
});
