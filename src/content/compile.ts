import type { Site } from '../generated/site.ts';
import type { Collected } from './collected.ts';
import { compileSiteWith } from './compileCore.ts';
import { renderMarkdown } from './markdown.ts';
import type { CompiledSite } from './model.ts';
import { blockFacts } from './schema.ts';

/**
 * Turns valid content into what the app ships (see compileSiteWith), with Node's sanitiser and the block facts of
 * the schema files.
 */
export function compileSite(valid: Site, collected: Collected, now = new Date()): CompiledSite {
  return compileSiteWith(valid, collected, { renderMarkdown, drawsIcons: blockFacts().icons }, now);
}
