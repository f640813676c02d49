import type { Site } from '../../generated/site.ts';
import type { catalogue, ErrorName } from '../errors.ts';
import type { Collected } from '../schema.ts';
import type { Source } from '../schemaMessages.ts';

export type Path = (string | number)[];
export type Loose = Record<string, unknown>;

/** What every check sees. The data may be malformed (checks run even when the schema found problems): trust no shape. */
export interface CheckContext {
  source: Source;
  /** The whole file as plain data. */
  data: Loose;
  /**
   * Every value in the data with its path (walk), made once for the five checks that look at each value: each walked
   * the whole file again, making a path for every value (some 3,500 in a practice's file), a few ms a walk.
   */
  values: readonly { value: unknown; path: Path }[];
  site: Site;
  /** What the schema's annotation keywords found: links, references, files, markdown, icons. */
  collected: Collected;
  /** Every address a file is served at: public/ and what the build makes from documents/. */
  files: string[];
  /** The moment checked for: what is over or due depends on its day. */
  now: Date;
  /** Block types whose schema says they render the page's main heading. */
  headingBlocks: Set<string>;
  /** Block types whose schema says their pictures are decoration (an empty alt is right). */
  decorativeImageBlocks: Set<string>;
  /** The lists the site filled in itself (automatic.ts): blocks by dotted data path, and the collections they list. */
  automatic: { blocks: Set<string>; collections: Set<string> };
  /** Reports a problem at a data path; the words come from the catalogue entry of that name, never from the check. */
  report<N extends ErrorName>(name: N, path: Path, ...args: Parameters<(typeof catalogue)[N]>): void;
  /** The line a data path is written on, for messages that point back to an earlier place. */
  lineOf(path: Path): number;
}

/** A check a schema cannot make: one function, its catalogue entries, its test. */
export type Check = (context: CheckContext) => void;

export const isObject = (value: unknown): value is Loose => value !== null && typeof value === 'object' && !Array.isArray(value);
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Every value in the data with its path, depth first, in file order. */
export function* walk(node: unknown, path: Path = []): Generator<{ value: unknown; path: Path }> {
  // A stack, not nested generators: each value would pass up through one generator per level of the file.
  const stack = [{ value: node, path }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    yield item;
    const { value, path: at } = item;
    if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...at, i] });
    else if (isObject(value)) {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: [...at, entries[i][0]] });
    }
  }
}

/** Reports the second and later uses of the same value. */
export function reportRepeats(context: CheckContext, what: string, entries: { value: string; path: Path }[]): void {
  const first = new Map<string, Path>();
  for (const entry of entries) {
    const earlier = first.get(entry.value);
    if (earlier) context.report('DuplicateId', entry.path, what, entry.value, context.lineOf(earlier));
    else first.set(entry.value, entry.path);
  }
}
