import type { ContentError } from './errors.ts';

/* A problem as people read it: one located line on a terminal, or an annotation on a pull request. */

/** `site.yaml:LINE:COL  <where, in words and path>  <what is wrong>. <what to do>.` (a warning says so first). */
export function formatError(e: ContentError): string {
  return `${e.file}:${e.line}:${e.col}  ${e.warning ? 'Warning: ' : ''}${e.where} [${e.path}]  ${e.message}`;
}

export function formatErrors(errors: ContentError[]): string {
  const count = errors.length === 1 ? '1 problem' : `${errors.length} problems`;
  return `${errors.map(formatError).join('\n')}\n\n${count} in the site content. Fix ${errors.length === 1 ? 'it' : 'them'} and save the file again.`;
}

const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** The same problem as a GitHub Actions annotation (an error or a warning), shown on the changed line of a pull request. */
export function githubAnnotation(e: ContentError): string {
  const props = `file=${escapeProperty(e.file)},line=${e.line},col=${e.col},title=${escapeProperty(e.name)}`;
  return `::${e.warning ? 'warning' : 'error'} ${props}::${escapeData(`${e.where} [${e.path}]  ${e.message}`)}`;
}

export function formatWarnings(warnings: ContentError[]): string {
  const count = warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`;
  return `${warnings.map(formatError).join('\n')}\n\n${count}: probably a mistake, but the site still builds. Check ${warnings.length === 1 ? 'it' : 'them'}.`;
}

/** Thrown when content is invalid; carries every error, so callers can print all of them at once. */
export class ContentErrors extends Error {
  constructor(readonly errors: ContentError[]) {
    super(formatErrors(errors));
    this.name = 'ContentErrors';
    // Editors read the message; a stack trace would only hide it (the dev overlay prints any stack it gets).
    this.stack = '';
  }
}
