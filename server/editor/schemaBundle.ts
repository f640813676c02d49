import { blockTypeOf, schemaDefinitions, type SchemaNode } from '../../src/content/schemaDefinitions.ts';

/**
 * schema/ as one JSON Schema for the forms (src/content/schemaDefinitions.ts). A field's label is its `title` in the
 * schema ("Closing time"); the field name in words ("profileLabel" -> "Profile label") only stands in where a schema
 * has none (tests/content/schemaLabels.test.ts keeps schema/ from having such a field). Titles of files and
 * definitions name TypeScript types (DoctorCardsBlock) and are put in words. Everything else, descriptions included,
 * is the schema as written: the one source of truth.
 */

type Schema = SchemaNode;

/** 'profileLabel' -> 'Profile label', 'f2fItemNumber' -> 'F2f item number'. */
export function words(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A definition with its labels in words. */
function labelled(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(labelled);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      const props: Schema = {};
      for (const [name, prop] of Object.entries(value as Schema)) {
        const field = labelled(prop) as Schema;
        props[name] = { ...field, title: typeof field.title === 'string' ? field.title : words(name) };
      }
      out.properties = props;
    } else if (key === 'title' && typeof value === 'string' && /^[A-Z][A-Za-z]+$/.test(value)) {
      out.title = words(value).replace(/ block$/, '');
    } else {
      out[key] = labelled(value);
    }
  }
  return out;
}

export interface Bundle { root: Schema; definitions: Record<string, Schema>; blockTypes: Record<string, string> }

export function bundleSchema(): Bundle {
  const definitions: Record<string, Schema> = {};
  const blockTypes: Record<string, string> = {};
  for (const definition of schemaDefinitions()) {
    definitions[definition.name] = labelled(definition.schema) as Schema;
    const type = blockTypeOf(definition);
    if (type) blockTypes[type] = definition.name;
  }
  return { root: definitions.site, definitions, blockTypes };
}
