/** A JSON Schema definition, as the bundle holds it. */
export type Schema = { [key: string]: unknown };
/** The schema bundle the editor is made from: the root, its definitions, and each block type's definition. */
export interface Bundle { root: Schema; definitions: Record<string, Schema>; blockTypes: Record<string, string> }
import { isObject, type Json, type JsonObject } from './yaml/json.ts';

/* What a part of the schema asks of a form: its definition followed, and the least a new entry must hold. */

/** A schema with its $ref followed (one level), the local keywords winning, as the forms read it. */
export function resolve(schema: Schema | undefined, bundle: Bundle): Schema {
  let current: Schema = schema ?? {};
  for (let guard = 0; guard < 10 && typeof current.$ref === 'string'; guard++) {
    const ref = current.$ref as string;
    const target = ref.replace('#/definitions/', '').split('/').reduce<unknown>((node, part, i) =>
      i === 0 ? bundle.definitions[part] : isObject(node as Json) ? (node as Schema)[part] : undefined, undefined) as Schema | undefined;
    const { $ref: _ignored, ...local } = current;
    void _ignored;
    current = { ...(target ?? {}), ...local };
  }
  return current;
}

/**
 * A new entry with its required fields filled: the block type, a yes/no as no, one entry in a list that needs one,
 * empty text to be written (the checker points at what is still missing).
 */
export function skeleton(schema: Schema | undefined, bundle: Bundle, depth = 0): Json {
  const s = resolve(schema, bundle);
  if (depth > 6) return null;
  if ('const' in s) return s.const as Json;
  if (Array.isArray(s.enum)) return s.enum[0] as Json;
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object' || s.properties) {
    const out: JsonObject = {};
    const props = (s.properties ?? {}) as Record<string, Schema>;
    for (const name of (s.required as string[] | undefined) ?? []) out[name] = skeleton(props[name], bundle, depth + 1);
    return out;
  }
  if (type === 'array') return typeof s.minItems === 'number' && s.minItems > 0 ? [skeleton(s.items as Schema, bundle, depth + 1)] : [];
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' ? s.minimum : 0;
  return '';
}
