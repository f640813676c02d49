/**
 * Every problem the content checker can report, by stable name. Messages say what is wrong, then what to do:
 * they are read by practice staff, so no jargon and never a stack trace.
 */
export const catalogue = {
  YamlSyntax: (detail: string) => `The file cannot be read here: ${detail}. Check the indentation, colons and quotes on this line.`,
  UnknownKey: (key: string) => `"${key}" is not a field here. Remove it or check its spelling.`,
  MissingField: (key: string) => `"${key}" is missing. Add it.`,
  WrongType: (expected: string, got: string) => `This should be ${expected} but is ${got}.`,
  UnknownBlockType: (value: string, allowed: string[]) => `"${value}" is not a block type. Use one of: ${allowed.join(', ')}.`,
  NotAllowedValue: (value: string, allowed: unknown[]) => `"${value}" is not allowed here. Use one of: ${allowed.map(String).join(', ')}.`,
  BadFormat: (value: string, hint: string) => `"${value}" is not in the right form. ${hint}`,
  OutOfRange: (detail: string) => `This ${detail}.`,
  BrokenLink: (href: string) => `The link "${href}" goes to no page of this site. Use the path of a page listed under pages:, or of a file under public/.`,
  DuplicateId: (what: string, value: string) => `The ${what} "${value}" is used twice. Give each one its own.`,
  UnknownReference: (collection: string, value: string) => `"${value}" is not in entities.${collection}. Use the id or slug of an entry there.`,
  MissingFile: (src: string) => `The file "${src}" is not in public/. Add the file, or fix the path.`,
  BadTemplate: (detail: string) => `${detail}`,
  HeadingCount: (count: number) =>
    count === 0
      ? 'This page has no main heading. Add a hero, page-header or status block at the top.'
      : `This page has ${count} main headings. Keep one hero, page-header, status or doctor-profile block.`,
} as const;

export type ErrorName = keyof typeof catalogue;

export interface ContentError {
  name: ErrorName;
  file: string;
  line: number;
  col: number;
  /** Where in the data, e.g. 'pages.3.blocks.0.heading'. */
  path: string;
  message: string;
}

export function formatError(e: ContentError): string {
  return `${e.file}:${e.line}:${e.col}  ${e.path}  ${e.message}`;
}

export function formatErrors(errors: ContentError[]): string {
  const count = errors.length === 1 ? '1 problem' : `${errors.length} problems`;
  return `${errors.map(formatError).join('\n')}\n\n${count} in the site content. Fix ${errors.length === 1 ? 'it' : 'them'} and save the file again.`;
}

/** Thrown when content is invalid; carries every error, so callers can print all of them at once. */
export class ContentErrors extends Error {
  constructor(readonly errors: ContentError[]) {
    super(formatErrors(errors));
    this.name = 'ContentErrors';
  }
}
