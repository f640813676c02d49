/**
 * The daily rebuild's schedule read against a time zone. GitHub runs a schedule by UTC only, so a practice whose
 * clock moves for daylight saving needs a run for each of its offsets: the test asks, day by day, whether some run
 * falls in the first hour after local midnight.
 */
import { parse } from 'yaml';

export interface Cron { minute: number; hour: number }

/** The workflow's daily schedules ("M H * * *"); anything else is refused, so the check below stays true. */
export function dailyCrons(workflowText: string): Cron[] {
  const workflow = parse(workflowText) as { on: { schedule?: { cron: string }[] } };
  return (workflow.on.schedule ?? []).map(({ cron }) => {
    const match = /^(\d{1,2}) (\d{1,2}) \* \* \*$/.exec(cron);
    if (!match) throw new Error(`"${cron}" is not a daily schedule at a fixed minute and hour (UTC)`);
    return { minute: Number(match[1]), hour: Number(match[2]) };
  });
}

/** The days of `year` on which no run of `crons` falls between 0:01 and 0:59 by the clock of `zone`. */
export function daysWithoutEarlyRun(crons: Cron[], zone: string, year: number): string[] {
  const missed: string[] = [];
  for (let at = Date.UTC(year, 0, 1); at < Date.UTC(year + 1, 0, 1); at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    // A run on the UTC day before or on the day itself may be the local day's first hour (zones from -12 to +14).
    const runs = crons.flatMap(({ minute, hour }) => [at - 86_400_000, at].map((d) => d + (hour * 60 + minute) * 60_000));
    const early = runs.some((run) => {
      const [date, time] = new Date(run).toLocaleString('sv-SE', { timeZone: zone }).split(' ');
      return date === day && time >= '00:01' && time < '01:00';
    });
    if (!early) missed.push(day);
  }
  return missed;
}
