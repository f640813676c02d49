import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { iconPaths } from '../../src/content/iconPaths.ts';
import type { PageData } from '../../src/content/model.ts';
import type { IconName } from '../../src/generated/site.ts';

// Read with node:path, not through src/content/schema.ts: under happy-dom the global URL is the DOM's, which
// node:url's fileURLToPath refuses.
const schemaOf = (type: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schema', 'blocks', `${type}.schema.json`), 'utf8')) as { drawsIcons?: IconName[] };

/** A page for rendering one block alone: it carries the icons the block's schema says it draws, as a built page does. */
export function pageWithIcons(type: string, page: Partial<PageData> = {}): PageData {
  const icons = Object.fromEntries((schemaOf(type).drawsIcons ?? []).map((name) => [name, iconPaths[name]]));
  return { id: 'p', path: '/p', title: 'P', description: 'P', blocks: [], entities: {}, days: {}, ...page, icons: { ...icons, ...page.icons } };
}
