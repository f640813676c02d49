import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SCHEMA_DIR } from '../../src/content/schemaCompiler.ts';

/*
 * The strings of a site where staff may write any text, found from the schema: the one whose node (or whatever its
 * $ref points at) has no keyword fixing the form of the value. Those are where a typed "$&" must stay "$&".
 */

type Schema = Record<string, unknown>;
interface Located { node: Schema; file: string }
export type Path = (string | number)[];
export interface FreeText { path: Path; value: string; maxLength?: number }

/** A pattern, a list, a format, or one of the engine's keywords for links, files, references, icons, phones, days. */
const FIXED = ['pattern', 'enum', 'const', 'format', 'href', 'asset', 'entityRef', 'icon', 'phoneNumber', 'calendarDay'];

const read = (file: string): Schema => JSON.parse(readFileSync(file, 'utf8')) as Schema;
const isSchema = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A node and everything its $ref reaches: ajv applies a $ref's siblings too (a markdown field's own maxLength). */
function expand(at: Located): Located[] {
  const ref = at.node.$ref;
  if (typeof ref !== 'string') return [at];
  const [target, pointer = ''] = ref.split('#');
  const file = target ? resolve(dirname(at.file), target) : at.file;
  const node = pointer.split('/').filter(Boolean).reduce<unknown>((n, part) => (isSchema(n) ? n[part] : undefined), read(file));
  if (!isSchema(node)) throw new Error(`${at.file}: $ref ${ref} reaches nothing`);
  return [at, ...expand({ node, file })];
}

const children = (at: Located[], pick: (node: Schema) => unknown): Located[] =>
  at.flatMap(({ node, file }) => { const child = pick(node); return isSchema(child) ? expand({ node: child, file }) : []; });

function walk(data: unknown, at: Located[], path: Path, out: FreeText[]): void {
  if (typeof data === 'string') {
    if (at.some(({ node }) => FIXED.some((keyword) => keyword in node))) return;
    const limits = at.map(({ node }) => node.maxLength).filter((n): n is number => typeof n === 'number');
    out.push({ path, value: data, maxLength: limits.length ? Math.min(...limits) : undefined });
  } else if (Array.isArray(data)) {
    const items = children(at, (node) => node.items);
    data.forEach((item, i) => walk(item, items, [...path, i], out));
  } else if (isSchema(data)) {
    // A block: the one branch of the union whose type is the block's.
    const branches = at.flatMap(({ node, file }) => (Array.isArray(node.oneOf) ? node.oneOf.filter(isSchema).flatMap((b) => expand({ node: b, file })) : []));
    const typeOf = ({ node }: Located) => (isSchema(node.properties) && isSchema(node.properties.type) ? node.properties.type.const : undefined);
    const chosen = branches.filter((b) => typeOf(b) === data.type);
    const all = [...at, ...chosen];
    for (const [key, value] of Object.entries(data)) walk(value, children(all, (node) => (isSchema(node.properties) ? node.properties[key] : undefined)), [...path, key], out);
  }
}

/** Every free-text string of a site's data, with its place and its schema's length limit. */
export function freeTexts(data: unknown): FreeText[] {
  const file = join(SCHEMA_DIR, 'site.schema.json');
  const out: FreeText[] = [];
  walk(data, [{ node: read(file), file }], [], out);
  return out;
}
