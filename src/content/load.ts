import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { checkSite, wholeFile, type CheckResult } from './checkSite.ts';
import { catalogue } from './errors.ts';
import { publicDirFor, siteAddresses } from './siteFiles.ts';

export type { CheckResult } from './checkSite.ts';

/**
 * SITE_NOW (an ISO 8601 moment) checks and builds the site as at that moment: a test's build of a given day, or the
 * rebuild of a past day. Unset, the clock's.
 */
function fixedNow(): Date | undefined {
  const at = process.env.SITE_NOW;
  if (!at) return undefined;
  const now = new Date(at);
  if (Number.isNaN(now.getTime())) throw new Error(`SITE_NOW is not a moment: "${at}". Write it like 2026-12-25T09:00:00+10:30.`);
  return now;
}

/**
 * Reads and checks a site file on this computer (or `text` given for it, e.g. an unsaved edit), with the files of
 * the folders beside it. `files`: the addresses the site serves, when they are not those folders (a draft on a Git
 * host). Never throws.
 */
export function loadSite(siteFile: string, text?: string, files?: string[]): CheckResult {
  const file = relative(process.cwd(), siteFile) || siteFile;
  let read: string;
  try {
    read = text ?? readFileSync(siteFile, 'utf8');
  } catch (error) {
    const missing = (error as { code?: string }).code === 'ENOENT';
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, warnings: [], errors: [missing ? wholeFile('FileNotFound', file, catalogue.FileNotFound(file)) : wholeFile('CheckerFailed', file, catalogue.CheckerFailed(detail))] };
  }
  let now: Date | undefined;
  try {
    now = fixedNow();
  } catch (error) {
    return { ok: false, warnings: [], errors: [wholeFile('CheckerFailed', file, catalogue.CheckerFailed((error as Error).message))] };
  }
  return checkSite({ file, text: read, files: files ?? siteAddresses(siteFile), publicDir: relative(process.cwd(), publicDirFor(siteFile)) || 'public', now });
}
