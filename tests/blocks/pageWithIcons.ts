import { iconPaths } from '../../src/content/iconPaths.ts';
import type { PageData } from '../../src/content/model.ts';
import { blockFacts } from '../../src/content/schema.ts';
import type { IconName } from '../../src/generated/site.ts';

/** A page for rendering one block alone: it carries the icons the block's schema says it draws, as a built page does. */
export function pageWithIcons(type: string, page: Partial<PageData> = {}): PageData {
  const icons = Object.fromEntries((blockFacts().icons.get(type) ?? []).map((name) => [name, iconPaths[name as IconName]]));
  return { id: 'p', path: '/p', title: 'P', description: 'P', blocks: [], entities: {}, ...page, icons: { ...icons, ...page.icons } };
}
