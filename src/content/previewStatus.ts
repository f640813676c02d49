import type { ContentError } from './errors.ts';

/** What the preview's problem panel shows (sent from the dev server to the page). */
export interface PreviewStatus {
  file: string;
  errors: { line: number; where: string; message: string }[];
  warnings: { line: number; where: string; message: string }[];
  /** The page shown is from an older version of the file (the last one that worked). */
  stale: boolean;
  /** The lines around the first problem. */
  frame: string;
}

const brief = (e: ContentError) => ({ line: e.line, where: e.where, message: e.message });

export function previewStatus(file: string, errors: ContentError[], warnings: ContentError[], stale: boolean, frame: string): PreviewStatus {
  return { file, errors: errors.map(brief), warnings: warnings.map(brief), stale, frame };
}
