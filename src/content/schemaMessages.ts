import type { ErrorObject } from 'ajv';
import { isMap, isPair, isScalar, type Document, type LineCounter, type Node, type Pair } from 'yaml';
import { say, type ContentError, type ErrorName } from './errors.ts';
import { describePath, locate, nodeAt } from './locate.ts';
import { dotted, getAt, parsePointer } from './pointer.ts';
import { closest } from './suggest.ts';
import { ID_PATTERN, shortText, slugify } from './ids.ts';
import { schemaDefinitions } from './schemaDefinitions.ts';

/*
 * ajv's errors in plain words: each schema error becomes one located message from the catalogue, and the noise of
 * union branches and follow-on errors is dropped.
 */

/** A parsed site file: its name for messages, its text, the YAML document (with ranges) and the plain data. */
export interface Source { file: string; text: string; doc: Document; lines: LineCounter; data: unknown }

type Path = (string | number)[];
interface SchemaLike {
  title?: string; description?: string; properties?: Record<string, SchemaLike>; required?: string[];
  type?: string | string[]; pattern?: string; $ref?: string; examples?: unknown[]; patternErrorMessage?: string;
  items?: SchemaLike; oneOf?: SchemaLike[]; discriminator?: unknown; const?: unknown;
}

let definitions: Record<string, SchemaLike> | undefined;

/** `node` with its $refs followed, in the one bundle of schema/ (references read '#/definitions/<file>/<part>...'). */
function resolved(node: SchemaLike): SchemaLike | undefined {
  definitions ??= Object.fromEntries(schemaDefinitions().map((d) => [d.name, d.schema as SchemaLike]));
  const all = definitions;
  let at: SchemaLike | undefined = node;
  for (let hops = 0; hops < 10; hops++) {
    const ref: string | undefined = at?.$ref;
    if (!ref?.startsWith('#/definitions/')) break;
    const [name, ...parts]: string[] = ref.slice('#/definitions/'.length).split('/');
    let part: SchemaLike | undefined = all[name];
    for (const key of parts) part = (part as Record<string, SchemaLike> | undefined)?.[key];
    at = part;
  }
  return at;
}

/**
 * Whether the field at `path` is one its group requires: ajv's error for an empty text names the text's own schema,
 * not its group's, and an empty required text cannot simply be removed the way an optional one can.
 */
function isRequired(data: unknown, path: Path): boolean {
  let schema = resolved({ $ref: '#/definitions/site' });
  for (const [i, key] of path.slice(0, -1).entries()) {
    const next = typeof key === 'number' ? schema?.items : schema?.properties?.[key];
    schema = next && resolved(next);
    if (schema?.oneOf && schema.discriminator) {
      const type = (getAt(data, path.slice(0, i + 1)) as { type?: unknown } | undefined)?.type;
      schema = schema.oneOf.map(resolved).find((branch) => branch?.properties?.type?.const === type);
    }
  }
  return schema?.required?.includes(String(path[path.length - 1])) ?? false;
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `${value} (yes or no)`;
  if (typeof value === 'object') return 'a group of fields';
  return `the text "${shortText(String(value))}"`;
}

const typeWords: Record<string, string> = {
  string: 'text', integer: 'a whole number', number: 'a number', boolean: 'true or false', array: 'a list', object: 'a group of fields',
};

function typeAdvice(types: string[], schema: SchemaLike | undefined): string {
  const first = types[0];
  if (first === 'array') return 'Write each entry on its own line starting with "- ", or in square brackets, e.g. [a, b].';
  if (first === 'object') {
    const needs = schema?.required?.length ? ` It needs: ${schema.required.join(', ')}.` : '';
    return `Write its fields on the lines below it, indented two more spaces.${needs}`;
  }
  if (first === 'integer' || first === 'number') return 'Write digits only, without quotes, e.g. 5000.';
  if (first === 'boolean') return 'Write true or false, without quotes.';
  return 'Write the text on the same line, after the colon; if it contains ": " or starts with "[" or "{", put it in double quotes.';
}

/** The text of a value as it is written in the file (e.g. '0800' for the number 800). */
function writtenAs(source: Source, path: Path): string | undefined {
  const found = nodeAt(source.doc, path);
  const range = (found?.node as Node | undefined)?.range;
  return range ? source.text.slice(range[0], range[1]).trim() : undefined;
}

function lastKey(path: Path): string {
  return String(path[path.length - 1] ?? '');
}

interface Mapped {
  name: ErrorName; message: string; formMessage?: string; path: Path; at?: 'value' | 'key'; suggestion?: string; missing?: string;
  /** Where to point in the file, when it is not `path` itself. */
  locate?: Path;
}

/**
 * The flow-map comma trap: in `{ text: Open late, until 7pm }` the comma ends the text, and "until 7pm" becomes a
 * key with no value. Returns a message when the unknown key is such a leftover, else undefined.
 */
function cutAtComma(source: Source, mapPath: Path, key: string): { message: string; formMessage?: string; field: string } | undefined {
  const found = nodeAt(source.doc, mapPath);
  const map = found?.node;
  if (!isMap(map) || !map.flow) return undefined;
  const pairs = map.items.filter(isPair) as Pair<Node, Node | null>[];
  const index = pairs.findIndex((p) => isScalar(p.key) && String(p.key.value) === key);
  if (index < 1) return undefined;
  const isEmpty = (p: Pair<Node, Node | null>) => p.value === null || (isScalar(p.value) && p.value.value === null && !p.value.source);
  if (!isEmpty(pairs[index])) return undefined;
  // Walk back over other value-less keys (a text with several commas) to the pair whose text was cut.
  let start = index - 1;
  while (start > 0 && isEmpty(pairs[start])) start--;
  const cut = pairs[start];
  if (!isScalar(cut.value) || typeof cut.value.value !== 'string' || cut.value.type !== 'PLAIN') return undefined;
  let end = index;
  while (end + 1 < pairs.length && isEmpty(pairs[end + 1])) end++;
  const from = cut.value.range?.[0];
  const to = (pairs[end].key as Node).range?.[1];
  if (from === undefined || to === undefined) return undefined;
  const full = source.text.slice(from, to).replace(/\s+/g, ' ').replace(/"/g, '\\"');
  const field = String((cut.key as { value?: unknown }).value);
  const word = String((pairs[start + 1].key as { value?: unknown }).value);
  const { message, formMessage } = say('TextCutAtComma', field, word, full);
  return { message, formMessage, field };
}

function patternError(error: ErrorObject, path: Path, value: unknown): Mapped {
  const schema = error.parentSchema as SchemaLike | undefined;
  const text = String(value);
  if (schema?.title === 'Money') return { ...say('BadMoney', text), path };
  if (error.keyword === 'pattern' && schema?.pattern === ID_PATTERN.source) {
    const key = lastKey(path);
    const what = key === 'slug' ? 'a slug' : key === 'anchor' ? 'an anchor' : path[0] === 'pages' && path.length === 3 ? 'a page id' : 'an id';
    return { ...say('BadId', what, text, slugify(text) || 'my-id'), path };
  }
  if (error.keyword === 'format') {
    const format = (error.params as { format?: string }).format;
    if (format === 'email') return { ...say('BadEmail', text), path };
    if (format === 'date') return { ...say('BadDate', text), path };
  }
  return { ...say('BadFormat', text, schema?.patternErrorMessage ?? schema?.description, schema?.description), path };
}

function messageFor(source: Source, error: ErrorObject, blockTypes: string[]): Mapped {
  const p = error.params as Record<string, unknown>;
  const path = parsePointer(error.instancePath);
  const value = getAt(source.data, path);
  const schema = error.parentSchema as SchemaLike | undefined;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(p.additionalProperty);
      const trap = cutAtComma(source, path, key);
      // Named by the field whose text was cut, pointed at where the cut happened.
      if (trap) return { name: 'TextCutAtComma', message: trap.message, formMessage: trap.formMessage, path: [...path, trap.field], locate: [...path, key], at: 'key' };
      const allowed = Object.keys(schema?.properties ?? {});
      // `description "Some text"`: the colon after a field name is missing, so the whole line became a name.
      const firstWord = /^([A-Za-z][A-Za-z0-9]*)\s+\S/.exec(key)?.[1];
      if (firstWord && allowed.includes(firstWord)) {
        return { ...say('YamlMissingColon'), path: [...path, key], at: 'key', suggestion: firstWord };
      }
      const suggestion = closest(key, allowed);
      return { ...say('UnknownKey', key, suggestion, allowed), path: [...path, key], at: 'key', suggestion };
    }
    case 'required': {
      const key = String(p.missingProperty);
      return { ...say('MissingField', key, schema?.properties?.[key]?.description, schema?.properties?.[key]?.title), path, missing: key };
    }
    case 'type': {
      const types = String(p.type).split(',');
      if (value === null || value === undefined) return { ...say('EmptyValue', lastKey(path)), path, at: 'key' };
      if (types.includes('string') && (typeof value === 'number' || typeof value === 'boolean')) {
        const written = writtenAs(source, path) ?? String(value);
        if (schema?.title === 'Money') return { ...say('BadMoney', written), path };
        if (typeof value === 'number') return { ...say('UnquotedNumber', written, value), path };
        return { ...say('WrongType', 'text', describeValue(value), `Put it in quotes: "${written}".`), path };
      }
      const expected = types.map((t) => typeWords[t] ?? t).join(' or ');
      return { ...say('WrongType', expected, describeValue(value), typeAdvice(types, schema)), path };
    }
    case 'discriminator': {
      const tag = p.tagValue;
      if (tag === undefined || tag === null) return { ...say('MissingField', 'type', 'which kind of block this is', 'The kind of block'), path };
      const typePath = [...path, 'type'];
      if (typeof tag !== 'string') return { ...say('WrongType', 'text', describeValue(tag), 'Write one of the block types.'), path: typePath };
      return { ...say('UnknownBlockType', tag, closest(tag, blockTypes), blockTypes), path: typePath };
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const suggestion = typeof value === 'string' ? closest(value, allowed.map(String)) : undefined;
      return { ...say('NotAllowedValue', String(value), suggestion, allowed), path };
    }
    case 'const': {
      const allowed = [p.allowedValue];
      const suggestion = typeof value === 'string' ? closest(value, allowed.map(String)) : undefined;
      return { ...say('NotAllowedValue', String(value), suggestion, allowed), path };
    }
    case 'pattern':
    case 'format':
      return patternError(error, path, value);
    case 'minLength':
      if (Number(p.limit) <= 1) return { ...say('EmptyText', lastKey(path), isRequired(source.data, path), schema?.description), path };
      return { ...say('NotAllowed', `it must be at least ${p.limit} characters long`), path };
    case 'maxLength':
      return { ...say('TooLong', String(value).length, Number(p.limit)), path };
    case 'minItems':
      return { ...say('TooFew', Array.isArray(value) ? value.length : 0, Number(p.limit)), path };
    case 'maxItems':
      return { ...say('TooMany', Array.isArray(value) ? value.length : 0, Number(p.limit)), path };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { ...say('OutOfRange', String(value), error.keyword, Number(p.limit)), path };
    case 'uniqueItems': {
      const j = Number(p.j);
      const item = Array.isArray(value) ? value[j] : undefined;
      return { ...say('RepeatedItem', typeof item === 'object' ? JSON.stringify(item) : String(item)), path: [...path, j] };
    }
    default:
      return { ...say('NotAllowed', error.message ?? 'the value is not allowed'), path };
  }
}

function formName(branch: SchemaLike): string {
  if (branch.description) return branch.description.replace(/\.$/, '');
  if (branch.title) return branch.title;
  if (branch.$ref) return branch.$ref.replace(/^.*\//, '').replace(/\.schema\.json$/, '').replace(/^#\/definitions\//, '');
  if (branch.type) return [branch.type].flat().map((t) => typeWords[t] ?? t).join(' or ');
  return 'shown in the examples';
}

/**
 * A failed `oneOf`/`anyOf` makes ajv report every branch's errors plus its own. People need one message: drop the
 * branch errors (they come just before, under the same data path) and name the allowed forms.
 */
function collapseUnions(errors: ErrorObject[]): ErrorObject[] {
  const out: ErrorObject[] = [];
  for (const error of errors) {
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf') {
      const prefix = error.instancePath;
      while (out.length) {
        const previous = out[out.length - 1];
        const inside = previous.instancePath === prefix || previous.instancePath.startsWith(prefix + '/');
        if (!inside || previous.keyword === 'oneOf' || previous.keyword === 'anyOf') break;
        out.pop();
      }
    }
    out.push(error);
  }
  return out;
}

/** Turns ajv's errors into located, plain-language ones: one per problem, not one per schema branch. */
export function locateSchemaErrors(source: Source, errors: ErrorObject[], blockTypes: string[]): ContentError[] {
  const seen = new Set<string>();
  const out: ContentError[] = [];
  const all = collapseUnions(errors).map((error): Mapped => {
    if (error.keyword === 'oneOf' || error.keyword === 'anyOf') {
      const branches = (Array.isArray(error.schema) ? error.schema : []) as SchemaLike[];
      return { ...say('NoMatchingForm', branches.map(formName)), path: parsePointer(error.instancePath) };
    }
    return messageFor(source, error, blockTypes);
  });
  // A misspelt field is also a missing one: "subtitel" says "did you mean subtitle?", so "subtitle is missing" is noise.
  const misspelt = new Set(all.filter((m) => m.suggestion && (m.name === 'UnknownKey' || m.name === 'YamlMissingColon')).map((m) => `${dotted(m.path.slice(0, -1))}>${m.suggestion}`));
  for (const mapped of all) {
    if (mapped.missing && misspelt.has(`${dotted(mapped.path)}>${mapped.missing}`)) continue;
    const where = dotted(mapped.path);
    const key = `${mapped.name}:${where}:${mapped.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const { line, col } = locate(source.doc, source.lines, mapped.locate ?? mapped.path, mapped.at ?? 'value');
    const form = mapped.formMessage ? { formMessage: mapped.formMessage } : {};
    out.push({ name: mapped.name, file: source.file, line, col, path: where, where: describePath(source.data, mapped.path), message: mapped.message, ...form });
  }
  return out;
}
