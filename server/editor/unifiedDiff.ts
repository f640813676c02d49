import { createTwoFilesPatch } from 'diff';

/** A unified diff of two texts, labelled with the file's name, as a review shows it: two lines of context. */
export function unifiedDiff(before: string, after: string, name: string): string {
  if (before === after) return '';
  return createTwoFilesPatch(`${name} (published)`, `${name} (now)`, before, after, '', '', { context: 2 }).replace(/^=+\n/m, '').replace(/\t\n/g, '\n');
}
