import { SCHEMA_FILES } from '../generated/schemaFiles.ts';
import validate from '../generated/validate.js';
import { emptyCollected } from './collected.ts';

export type { Collected } from './collected.ts';

/*
 * The schema at run time: ajv's code for it and its files as data, both generated from schema/ (schemaCompiler.ts),
 * so checking content reads no file and compiles no code, wherever it runs (Node, the browser, an edge function).
 */

/** Validates data against schema/site.schema.json and returns ajv's errors plus what the keywords collected. */
export function validateAgainstSchema(data: unknown) {
  const collected = emptyCollected();
  validate.call(collected, data);
  return { errors: validate.errors ?? [], collected };
}

/** What each block says about itself in schema/blocks/<type>.schema.json, so that no list elsewhere repeats it. */
export interface BlockFacts {
  /** Every block type, in the order of the block union. */
  types: string[];
  /** Types that render the page's one main heading (keyword pageHeading). */
  headingBlocks: Set<string>;
  /** Types whose pictures are background decoration, so an empty alt is right (keyword decorativeImages). */
  decorativeImageBlocks: Set<string>;
  /** The icons a block's component draws by name (keyword drawsIcons): they ship with each page that has the block. */
  icons: Map<string, string[]>;
}

interface BlockSchema { properties: { type: { const: string } }; pageHeading?: boolean; decorativeImages?: boolean; drawsIcons?: string[] }

let facts: BlockFacts | null = null;

export function blockFacts(): BlockFacts {
  if (facts) return facts;
  const union = SCHEMA_FILES['block.schema.json'] as { oneOf: { $ref: string }[] };
  const blocks = union.oneOf.map((b) => {
    const schema = SCHEMA_FILES[b.$ref] as BlockSchema;
    return { type: schema.properties.type.const, schema };
  });
  facts = {
    types: blocks.map((b) => b.type),
    headingBlocks: new Set(blocks.filter((b) => b.schema.pageHeading).map((b) => b.type)),
    decorativeImageBlocks: new Set(blocks.filter((b) => b.schema.decorativeImages).map((b) => b.type)),
    icons: new Map(blocks.map((b) => [b.type, b.schema.drawsIcons ?? []])),
  };
  return facts;
}
