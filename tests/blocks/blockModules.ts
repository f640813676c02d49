import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REGISTRY = fileURLToPath(new URL('../../src/blocks/registry.ts', import.meta.url));

/**
 * Each block type's component module, as the registry's own line imports it ('hero' -> 'src/blocks/Hero/Hero.tsx'):
 * read from the registry rather than guessed from the type's name.
 */
export function blockModules(registrySource = readFileSync(REGISTRY, 'utf8')): Map<string, string> {
  const modules = new Map<string, string>();
  for (const m of registrySource.matchAll(/^\s*'?([a-z0-9-]+)'?: \(\) => import\('\.\/([^']+)'\)/gm)) modules.set(m[1], `src/blocks/${m[2]}`);
  return modules;
}

