import { checkSite, type CheckResult, type SiteText } from '../../src/content/checkSite.ts';

/*
 * The checker's answer for the last text checked, kept for the next request. A save checks the text it wrote, and
 * the publish that follows checks that same text again before sending it: a full check of a practice's file is tens
 * of milliseconds of a function's CPU (hundreds while the function is cold), so the second asks for the answer the
 * first got. Every check still runs on every text: only an identical question (same text, same served files, same
 * moment as far as any check can tell) gets the kept answer.
 */

/**
 * What the checks can tell of the moment: its calendar day, by UTC or by the practice's clock (dated entries, old
 * news, the build's day). Every time zone's offset from UTC is a whole number of quarter hours, so no zone's day
 * changes within a quarter hour counted from midnight UTC: two moments in the same quarter get the same answer.
 */
const QUARTER_HOUR = 15 * 60 * 1000;

interface Asked { file: string; text: string; files: string[]; publicDir: string; quarter: number }
let last: { asked: Asked; result: CheckResult } | undefined;

const sameFiles = (a: string[], b: string[]) => a.length === b.length && a.every((file, i) => file === b[i]);

/** checkSite's answer for `site` (checked now unless `site.now` says otherwise), the kept one when it was just asked. */
export function checkedSite(site: SiteText): CheckResult {
  const now = site.now ?? new Date();
  const asked: Asked = { file: site.file, text: site.text, files: [...site.files], publicDir: site.publicDir, quarter: Math.floor(now.getTime() / QUARTER_HOUR) };
  const kept = last;
  if (kept && kept.asked.text === asked.text && kept.asked.quarter === asked.quarter && kept.asked.file === asked.file
    && kept.asked.publicDir === asked.publicDir && sameFiles(kept.asked.files, asked.files)) return kept.result;
  const result = checkSite({ ...site, now });
  last = { asked, result };
  return result;
}
