import { slugify } from '../../content/ids.ts';
import type { ArticleBlock, Block } from '../../generated/site.ts';

/** Section headings from which a text is long enough to list them at its top; three or fewer are seen at a glance. */
export const CONTENTS_FROM = 4;

/** Whether the block starts with its list of sections: a long text, the list not turned off, and words to name it. */
export function showsContents(block: ArticleBlock, label: string | undefined): label is string {
  return Boolean(label) && block.contents !== false && block.sections.length >= CONTENTS_FROM;
}

/**
 * The id of each section of `block`: the link name staff gave it, else its heading as a slug. A slug never takes a
 * name given anywhere on the page, nor one slugged before it (a repeated heading gets -2, -3), and the page's blocks
 * are counted in order, so the ids are the same in every build and a link works before any script runs.
 */
export function sectionIds(block: ArticleBlock, pageBlocks: readonly Block[]): string[] {
  const blocks = pageBlocks.includes(block) ? pageBlocks : [...pageBlocks, block];
  const taken = new Set<string>();
  for (const each of blocks) {
    if ('anchor' in each && each.anchor) taken.add(each.anchor);
    if (each.type === 'article') for (const section of each.sections) if (section.anchor) taken.add(section.anchor);
  }
  for (const each of blocks) {
    if (each.type !== 'article') continue;
    const ids = each.sections.map((section) => section.anchor ?? unused(slugify(section.heading) || 'section', taken));
    if (each === block) return ids;
  }
  return [];
}

function unused(slug: string, taken: Set<string>): string {
  let id = slug;
  for (let n = 2; taken.has(id); n++) id = `${slug}-${n}`;
  taken.add(id);
  return id;
}
