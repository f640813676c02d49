import type { ErrorObject } from 'ajv';
import type { Site } from '../generated/site.ts';
import { fillAutomaticLists } from './automatic.ts';
import { siteDay } from './dated.ts';
import { emptyCollected, type Collected } from './collected.ts';
import { compileSiteWith, type CompileTools } from './compileCore.ts';
import type { CompiledSite } from './model.ts';
import { hasAnchorsOrAliases } from './yamlSyntax.ts';
import { readYaml } from './yamlReread.ts';

/** The site's validator as ajv's standalone code gives it (schema.ts, validatorModule): what it collects goes to `this`. */
export type PrecompiledValidate = ((this: Collected, data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * The site file's text compiled as the build compiles it (load.ts: parse, automatic lists, schema, compile), for the
 * editor's preview in the browser. Null when the text does not get that far: the preview then keeps the last version
 * it could show, and the editor lists the problems (its checker has the words for them; the preview needs none).
 * The checks after the schema are the checker's: compiling content they would refuse may throw.
 */
export function compileText(text: string, validate: PrecompiledValidate, tools: CompileTools, now?: Date): CompiledSite | null {
  const { doc } = readYaml(text);
  if (doc.errors.length || hasAnchorsOrAliases(doc)) return null;
  const data = doc.toJS({ maxAliasCount: 100 }) as unknown;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  fillAutomaticLists(data, siteDay(data, now ?? new Date()));
  const collected = emptyCollected();
  if (!validate.call(collected, data)) return null;
  return compileSiteWith(data as Site, collected, tools, now);
}
