import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { checkSite, wholeFile, type CheckResult } from './checkSite.ts';
import { isCalendarDay } from './dated.ts';
import { catalogue } from './errors.ts';
import { publicDirFor, siteAddresses } from './siteFiles.ts';

export type { CheckResult } from './checkSite.ts';

/**
 * SITE_NOW checks and builds the site as at a moment (ISO 8601) or on a day (YYYY-MM-DD, by the practice's clock;
 * `--on` of npm run check and build sets it): a test's build of a given day, a look at a coming day, or the rebuild
 * of a past one. Unset, the clock's. The one place the site's time comes from.
 */
function fixedTime(): { now?: Date; day?: string } {
  const at = process.env.SITE_NOW;
  if (at === undefined) return {};
  if (/^\d{4}-\d{2}-\d{2}$/.test(at) || !/\d{4}-\d{2}-\d{2}T/.test(at)) {
    if (!isCalendarDay(at)) throw new DayError('BadDay', catalogue.BadDay(at));
    return { day: at };
  }
  const now = new Date(at);
  if (Number.isNaN(now.getTime())) throw new DayError('BadMoment', catalogue.BadMoment(at));
  return { now };
}

class DayError extends Error {
  constructor(readonly problem: 'BadDay' | 'BadMoment', message: string) { super(message); }
}

/**
 * `--on YYYY-MM-DD` of a script, given to SITE_NOW (see fixedTime, which checks it): the argument after it, or an
 * empty one when there is none.
 */
export function takeOnDay(argv: string[]): void {
  const index = argv.indexOf('--on');
  if (index >= 0) process.env.SITE_NOW = argv[index + 1] ?? '';
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
  let time: { now?: Date; day?: string };
  try {
    time = fixedTime();
  } catch (error) {
    const problem = error instanceof DayError ? wholeFile(error.problem, file, error.message) : wholeFile('CheckerFailed', file, catalogue.CheckerFailed(String(error)));
    return { ok: false, warnings: [], errors: [problem] };
  }
  return checkSite({ file, text: read, files: files ?? siteAddresses(siteFile), publicDir: relative(process.cwd(), publicDirFor(siteFile)) || 'public', ...time });
}
