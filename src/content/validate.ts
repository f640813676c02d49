import type { ErrorObject } from 'ajv';
import type { Document, LineCounter } from 'yaml';
import { catalogue, type ContentError } from './errors.ts';
import { locate } from './locate.ts';
import { dotted, getAt, parsePointer } from './pointer.ts';

export interface Source { file: string; doc: Document; lines: LineCounter; data: unknown }

function describe(value: unknown): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `${value} (yes/no)`;
  if (typeof value === 'object') return 'a group of fields';
  return `the text "${String(value)}"`;
}

const typeWords: Record<string, string> = {
  string: 'text', integer: 'a whole number', number: 'a number', boolean: 'true or false', array: 'a list', object: 'a group of fields',
};

function schemaHint(error: ErrorObject): string {
  const description = (error.parentSchema as { description?: string } | undefined)?.description;
  return description ? `Expected: ${description}` : 'Check the value against the examples in site.yaml.';
}

function messageFor(error: ErrorObject, value: unknown): { name: ContentError['name']; message: string; at: 'value' | 'key'; extra?: string } {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return { name: 'UnknownKey', message: catalogue.UnknownKey(String(p.additionalProperty)), at: 'key', extra: String(p.additionalProperty) };
    case 'required':
      return { name: 'MissingField', message: catalogue.MissingField(String(p.missingProperty)), at: 'value' };
    case 'type': {
      const expected = String(p.type).split(',').map((t) => typeWords[t] ?? t).join(' or ');
      let message = catalogue.WrongType(expected, describe(value));
      if (p.type === 'string' && typeof value === 'number') message += ' Put it in quotes, e.g. "0800", so it stays as written.';
      return { name: 'WrongType', message, at: 'value' };
    }
    case 'discriminator':
      return { name: 'UnknownBlockType', message: '', at: 'value' };
    case 'enum':
      return { name: 'NotAllowedValue', message: catalogue.NotAllowedValue(String(value), p.allowedValues as unknown[]), at: 'value' };
    case 'const':
      return { name: 'NotAllowedValue', message: catalogue.NotAllowedValue(String(value), [p.allowedValue]), at: 'value' };
    case 'pattern':
    case 'format':
      return { name: 'BadFormat', message: catalogue.BadFormat(String(value), schemaHint(error)), at: 'value' };
    default:
      return { name: 'OutOfRange', message: catalogue.OutOfRange(error.message ?? 'value is not allowed'), at: 'value' };
  }
}

/** Turns ajv's errors into located, plain-language ones: one per problem, not one per schema branch. */
export function locateSchemaErrors(source: Source, errors: ErrorObject[], blockTypes: string[]): ContentError[] {
  const seen = new Set<string>();
  const out: ContentError[] = [];
  for (const error of errors) {
    let path = parsePointer(error.instancePath);
    const value = getAt(source.data, path);
    const m = messageFor(error, value);
    let message = m.message;
    if (m.name === 'UnknownBlockType') {
      const tag = (error.params as { tagValue?: unknown }).tagValue;
      path = [...path, 'type'];
      message = tag === undefined ? catalogue.MissingField('type') : catalogue.UnknownBlockType(String(tag), blockTypes);
    }
    if (m.extra !== undefined) path = [...path, m.extra];
    const key = `${m.name}:${dotted(path)}:${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const { line, col } = locate(source.doc, source.lines, path, m.at);
    out.push({ name: m.name, file: source.file, line, col, path: dotted(path), message });
  }
  return out;
}
