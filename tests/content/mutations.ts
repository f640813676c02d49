/**
 * The mutation corpus: broken variants of a real site.yaml, each with the error name and the line the checker must
 * report. Every expected line is worked out here from the edit that was made (the line of the value, key or
 * bracket that was changed), never written down by hand, so the corpus follows site.yaml as it grows.
 *
 * Targets are found in the YAML document itself, and what a field must be (required? text? a number?) is read from
 * the JSON Schema files by a small walker of their own, not by asking the checker under test.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml';
import type { ErrorName } from '../../src/content/errors.ts';

export type Kind =
  | 'syntax' | 'unknown-key' | 'comma-trap' | 'wrong-type' | 'missing-field' | 'broken-link'
  | 'duplicate-id' | 'missing-file' | 'bad-money' | 'unquoted-number' | 'bad-value';

export interface Mutation {
  id: string;
  kind: Kind;
  /** What was done, for the test's name. */
  what: string;
  text: string;
  /** The line the checker must report, and the names it may give (one of them). */
  line: number;
  names: ErrorName[];
}

const SCHEMA_DIR = join(import.meta.dirname, '..', '..', 'schema');

// ---------------------------------------------------------------------------------------------------------------
// A small JSON Schema walker: the schema of the value at a data path (following $ref, items and block types).

interface Schema {
  $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema;
  enum?: unknown[]; const?: unknown; oneOf?: Schema[]; discriminator?: unknown; pattern?: string; title?: string;
  href?: boolean; asset?: boolean; entityRef?: string; definitions?: Record<string, Schema>;
}
interface Located { schema: Schema; file: string }

const files = new Map<string, Schema>();
function schemaFile(file: string): Schema {
  if (!files.has(file)) files.set(file, JSON.parse(readFileSync(file, 'utf8')) as Schema);
  return files.get(file)!;
}

function resolve(at: Located): Located {
  let current = at;
  for (let guard = 0; current.schema.$ref && guard < 10; guard++) {
    const [target, fragment] = current.schema.$ref.split('#');
    const file = target ? join(dirname(current.file), target) : current.file;
    let schema = schemaFile(file);
    for (const part of (fragment ?? '').split('/').filter(Boolean)) schema = (schema as Record<string, Schema>)[part];
    current = { schema, file };
  }
  return current;
}

export function schemaAt(data: unknown, path: (string | number)[]): Schema | undefined {
  let at = resolve({ schema: schemaFile(join(SCHEMA_DIR, 'site.schema.json')), file: join(SCHEMA_DIR, 'site.schema.json') });
  let value = data;
  for (const key of path) {
    value = value && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined;
    let next: Located | undefined;
    if (typeof key === 'number' && at.schema.items) next = resolve({ schema: at.schema.items, file: at.file });
    else if (typeof key === 'string' && at.schema.properties?.[key]) next = resolve({ schema: at.schema.properties[key], file: at.file });
    if (!next) return undefined;
    if (next.schema.discriminator && next.schema.oneOf) {
      const type = value && typeof value === 'object' ? (value as { type?: unknown }).type : undefined;
      const file = join(SCHEMA_DIR, 'blocks', `${String(type)}.schema.json`);
      next = { schema: schemaFile(file), file };
    }
    at = next;
  }
  return at.schema;
}

const typesOf = (schema: Schema | undefined): string[] => (schema?.type ? [schema.type].flat() : []);

// ---------------------------------------------------------------------------------------------------------------

interface PairInfo {
  pair: Pair<Scalar, Node | null>;
  map: YAMLMap;
  mapPath: (string | number)[];
  key: string;
  keyLine: number;
  /** The pair is on a line of its own (block style) rather than inside { }. */
  block: boolean;
}

/** Every pair of every map in the document, with its data path, in file order. */
function pairsOf(doc: ReturnType<typeof parseDocument>, lines: LineCounter): PairInfo[] {
  const out: PairInfo[] = [];
  const visit = (node: unknown, path: (string | number)[]) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair) || !isScalar(pair.key)) continue;
        const key = String(pair.key.value);
        out.push({ pair: pair as Pair<Scalar, Node | null>, map: node, mapPath: path, key, keyLine: lines.linePos(pair.key.range![0]).line, block: !node.flow });
        visit(pair.value, [...path, key]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item, [...path, i]));
    }
  };
  visit(doc.contents, []);
  return out;
}

/** Every `step`-th element, starting with the first: spreads a kind of mutation over the whole file. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]);
}

function replaceRange(text: string, start: number, end: number, replacement: string): string {
  return text.slice(0, start) + replacement + text.slice(end);
}

/** A misspelling of a key that is not a field name: drop a middle letter, or double one in a short key. */
function misspell(key: string, allowed: string[]): string {
  const candidates = key.length > 3
    ? [key.slice(0, Math.ceil(key.length / 2)) + key.slice(Math.ceil(key.length / 2) + 1), key + 's', key.slice(1)]
    : [key + key[key.length - 1], key + 'x'];
  return candidates.find((c) => !allowed.includes(c)) ?? key + 'zz';
}

const PLAIN_SAFE = /^[A-Za-z][A-Za-z0-9 .'()&+-]*$/;

export function generateMutations(text: string): Mutation[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const data = doc.toJS() as unknown;
  const lineOf = (offset: number) => lines.linePos(offset).line;
  const textLines = text.split('\n');
  const pairs = pairsOf(doc, lines);
  const out: Mutation[] = [];
  const add = (kind: Kind, what: string, mutated: string, line: number, names: ErrorName[]) => {
    out.push({ id: `${kind}-${out.filter((m) => m.kind === kind).length + 1}`, kind, what, text: mutated, line, names });
  };
  const scalarValue = (p: PairInfo) => (isScalar(p.pair.value) ? (p.pair.value as Scalar) : undefined);
  const onOneLine = (node: Node) => lineOf(node.range![0]) === lineOf(node.range![1]);
  const singleLineString = (p: PairInfo) => {
    const v = scalarValue(p);
    return v && typeof v.value === 'string' && v.range && onOneLine(v) && (v.type === 'PLAIN' || v.type === 'QUOTE_DOUBLE') ? v : undefined;
  };
  const path = (p: PairInfo) => [...p.mapPath, p.key];
  const isBlockType = (p: PairInfo) => p.key === 'type' && p.mapPath.includes('blocks');

  // Unknown keys: a misspelt field name, reported on the key's line ("did you mean ...").
  const keyed = pairs.filter((p) => !isBlockType(p) && p.mapPath.length > 0 && schemaAt(data, p.mapPath)?.properties);
  for (const p of spread(keyed, 60)) {
    const allowed = Object.keys(schemaAt(data, p.mapPath)?.properties ?? {});
    const wrong = misspell(p.key, allowed);
    add('unknown-key', `${p.key} -> ${wrong} at line ${p.keyLine}`, replaceRange(text, p.pair.key.range![0], p.pair.key.range![1], wrong), p.keyLine, ['UnknownKey']);
  }

  // The flow-map comma trap: `{ label: Home, and more, href: / }`.
  const flowText = pairs.filter((p) => !p.block && !isBlockType(p) && singleLineString(p)?.type === 'PLAIN' && typesOf(schemaAt(data, path(p))).includes('string'));
  for (const p of spread(flowText, 25)) {
    const v = scalarValue(p)!;
    add('comma-trap', `comma inside ${p.key} at line ${p.keyLine}`, replaceRange(text, v.range![1], v.range![1], ', and more'), lineOf(v.range![0]), ['TextCutAtComma']);
  }

  // Wrong types: a list where text is expected, text where a number or true/false is expected.
  const typed = pairs.filter((p) => !isBlockType(p) && scalarValue(p)?.range && onOneLine(scalarValue(p)!));
  const textFields = typed.filter((p) => { const t = typesOf(schemaAt(data, path(p))); return t.length === 1 && t[0] === 'string'; });
  for (const p of spread(textFields, 25)) {
    const v = scalarValue(p)!;
    add('wrong-type', `${p.key} made a list at line ${p.keyLine}`, replaceRange(text, v.range![0], v.range![1], '[one, two]'), lineOf(v.range![0]), ['WrongType']);
  }
  const otherFields = typed.filter((p) => { const t = typesOf(schemaAt(data, path(p))); return t.includes('integer') || t.includes('boolean'); });
  for (const p of spread(otherFields, 10)) {
    const v = scalarValue(p)!;
    add('wrong-type', `${p.key} made text at line ${p.keyLine}`, replaceRange(text, v.range![0], v.range![1], 'several'), lineOf(v.range![0]), ['WrongType']);
  }

  // Missing required fields: delete a one-line required field that is not the first of its (block) group; the
  // checker reports the group, which still starts where it did.
  const requiredLines = pairs.filter((p) => {
    if (!p.block || isBlockType(p) || p.map.items[0] === p.pair) return false;
    const v = p.pair.value as Node | null;
    if (!v?.range || !onOneLine(v) || lineOf(v.range[0]) !== p.keyLine) return false;
    return schemaAt(data, p.mapPath)?.required?.includes(p.key) ?? false;
  });
  for (const p of spread(requiredLines, 30)) {
    const mapLine = lineOf((p.map.items[0] as Pair<Scalar>).key.range![0]);
    const kept = textLines.filter((_, i) => i !== p.keyLine - 1).join('\n');
    add('missing-field', `${p.key} deleted at line ${p.keyLine}`, kept, mapLine, ['MissingField']);
  }

  // Broken internal links: a page path with a typo.
  const links = pairs.filter((p) => (p.key === 'href' || p.key === 'unknownRedirect') && /^\/[a-z0-9-/]*$/.test(String(scalarValue(p)?.value ?? '')));
  for (const p of spread(links, 30)) {
    const v = scalarValue(p)!;
    const broken = v.value === '/' ? '/home-page' : `${String(v.value)}-old`;
    add('broken-link', `${String(v.value)} -> ${broken} at line ${p.keyLine}`, replaceRange(text, v.range![0], v.range![1], broken), lineOf(v.range![0]), ['BrokenLink']);
  }

  // Duplicate ids: an entry takes the id (or slug, or page address) of the entry before it.
  for (const [listPath, field] of [...Object.keys((data as { entities: object }).entities).map((c) => [['entities', c], 'id'] as const),
    [['entities', 'doctors'], 'slug'] as const, [['pages'], 'id'] as const, [['pages'], 'path'] as const]) {
    const found = doc.getIn(listPath as unknown as string[], true);
    if (!isSeq(found)) continue;
    const entries = found.items.flatMap((item) => {
      if (!isMap(item)) return [];
      const pair = item.items.find((x) => isPair(x) && isScalar(x.key) && x.key.value === field) as Pair<Scalar, Scalar> | undefined;
      return pair && isScalar(pair.value) && typeof pair.value.value === 'string' && !String(pair.value.value).includes(':') ? [pair.value] : [];
    });
    for (let i = 1; i < entries.length; i += Math.max(1, Math.floor(entries.length / 6))) {
      const previous = String(entries[i - 1].value);
      add('duplicate-id', `${listPath.join('.')}[${i}].${field} = ${previous}`, replaceRange(text, entries[i].range![0], entries[i].range![1], JSON.stringify(previous)), lineOf(entries[i].range![0]), ['DuplicateId']);
    }
  }

  // Missing files: a picture or download that is not under public/.
  const fileRefs = pairs.filter((p) => (p.key === 'src' || p.key === 'href') && /^\/\S+\.[a-z0-9]+$/i.test(String(scalarValue(p)?.value ?? '')));
  for (const p of spread(fileRefs, 20)) {
    const v = scalarValue(p)!;
    const missing = String(v.value).replace(/\/([^/]+)$/, '/missing-$1');
    add('missing-file', `${String(v.value)} -> ${missing} at line ${p.keyLine}`, replaceRange(text, v.range![0], v.range![1], missing), lineOf(v.range![0]), ['MissingFile']);
  }

  // Bad money: the forms people type instead of "$80.00".
  const money = pairs.filter((p) => /^\$[0-9]+\.[0-9]{2}$/.test(String(scalarValue(p)?.value ?? '')) && schemaAt(data, path(p))?.title === 'Money');
  const moneyForms = [(m: string) => `"${m.slice(1)}"`, (m: string) => `"${m.slice(0, -1)}"`, (m: string) => `"${m} each"`, (m: string) => `"${m.replace('$', 'AUD ')}"`, (m: string) => m.slice(1)];
  spread(money, 25).forEach((p, i) => {
    const v = scalarValue(p)!;
    const form = moneyForms[i % moneyForms.length](String(v.value));
    const names: ErrorName[] = form.startsWith('"') ? ['BadMoney'] : ['BadMoney', 'UnquotedNumber'];
    add('bad-money', `${p.key}: ${String(v.value)} -> ${form} at line ${p.keyLine}`, replaceRange(text, v.range![0], v.range![1], form), lineOf(v.range![0]), names);
  });

  // Unquoted numbers: "08", "5049", "000", item numbers... without their quotes become numbers.
  const digits = pairs.filter((p) => { const v = scalarValue(p); return v?.type === 'QUOTE_DOUBLE' && /^[0-9]+$/.test(String(v.value)); });
  const seqDigits: Scalar[] = [];
  for (const p of pairs) {
    if (isSeq(p.pair.value)) for (const item of p.pair.value.items) if (isScalar(item) && item.type === 'QUOTE_DOUBLE' && /^[0-9]+$/.test(String(item.value))) seqDigits.push(item);
  }
  for (const v of [...spread(digits, 30).map((p) => scalarValue(p)!), ...spread(seqDigits, 5)]) {
    add('unquoted-number', `"${String(v.value)}" unquoted at line ${lineOf(v.range![0])}`, replaceRange(text, v.range![0], v.range![1], String(v.value)), lineOf(v.range![0]), ['UnquotedNumber']);
  }

  // Values the schema does not allow: an icon, a state, a block type or a fact with a typo.
  const enums = pairs.filter((p) => { const s = schemaAt(data, path(p)); return (s?.enum || (isBlockType(p))) && singleLineString(p); });
  for (const p of spread(enums, 20)) {
    const v = scalarValue(p)!;
    const value = String(v.value);
    const typo = value.length > 3 ? value.slice(0, -2) + value.slice(-1) : value + 'x';
    add('bad-value', `${p.key}: ${value} -> ${typo} at line ${p.keyLine}`, replaceRange(text, v.range![0], v.range![1], typo), lineOf(v.range![0]), isBlockType(p) ? ['UnknownBlockType'] : ['NotAllowedValue']);
  }

  // Syntax errors, each on a line of its own.
  const blockTextPairs = pairs.filter((p) => p.block && !isBlockType(p) && singleLineString(p)?.type === 'PLAIN' && PLAIN_SAFE.test(String(scalarValue(p)!.value)));
  for (const p of spread(blockTextPairs, 10)) {
    const v = scalarValue(p)!;
    add('syntax', `": " inside the text at line ${p.keyLine}`, replaceRange(text, v.range![0], v.range![0], 'Note: '), p.keyLine, ['YamlColonInText']);
  }
  const quoted = pairs.filter((p) => p.block && singleLineString(p)?.type === 'QUOTE_DOUBLE' && !String(scalarValue(p)!.value).includes('"'));
  for (const p of spread(quoted, 10)) {
    const v = scalarValue(p)!;
    add('syntax', `closing quote removed at line ${p.keyLine}`, replaceRange(text, v.range![1] - 1, v.range![1], ''), p.keyLine, ['YamlUnclosedQuote']);
  }
  for (const p of spread(quoted.slice(1), 8)) {
    const v = scalarValue(p)!;
    add('syntax', `text after the closing quote at line ${p.keyLine}`, replaceRange(text, v.range![1], v.range![1], ' and more'), p.keyLine, ['YamlTextAfterQuote']);
  }
  const nested = pairs.filter((p) => p.block && p.mapPath.length >= 2 && p.map.items[0] !== p.pair && /^ {4,}[a-zA-Z]/.test(textLines[p.keyLine - 1]) && singleLineString(p));
  for (const p of spread(nested, 10)) {
    const l = p.keyLine - 1;
    add('syntax', `tab indentation at line ${p.keyLine}`, textLines.map((t, i) => (i === l ? '\t' + t.slice(2) : t)).join('\n'), p.keyLine, ['YamlTab']);
  }
  for (const p of spread(nested.slice(2), 10)) {
    const l = p.keyLine - 1;
    add('syntax', `one space less at line ${p.keyLine}`, textLines.map((t, i) => (i === l ? t.slice(1) : t)).join('\n'), p.keyLine, ['YamlIndent']);
  }
  for (const p of spread(nested.slice(1), 10)) {
    const l = p.keyLine - 1;
    add('syntax', `"${p.key}" written twice at line ${p.keyLine + 1}`, [...textLines.slice(0, l + 1), textLines[l], ...textLines.slice(l + 1)].join('\n'), p.keyLine + 1, ['DuplicateKey']);
  }
  for (const p of spread(nested.slice(3), 8)) {
    const l = p.keyLine - 1;
    add('syntax', `colon after "${p.key}" removed at line ${p.keyLine}`, textLines.map((t, i) => (i === l ? t.replace(`${p.key}: `, `${p.key} `) : t)).join('\n'), p.keyLine, ['YamlMissingColon']);
  }
  const flowLines = textLines.map((t, i) => ({ t, line: i + 1 })).filter(({ t }) => /^\s+- \{.*\}\s*$/.test(t) && !t.includes('"{'));
  for (const { t, line } of spread(flowLines, 10)) {
    add('syntax', `"}" removed at line ${line}`, textLines.map((x, i) => (i === line - 1 ? t.replace(/\}\s*$/, '') : x)).join('\n'), line, ['YamlUnclosedBracket']);
  }
  return out;
}
