/** `npm run check` as editors and CI run it: the real script in a child process, real files, exit codes. */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// Each case starts the real script in a new process (about a second each, more on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

const root = resolve(import.meta.dirname, '..', '..');
const fixtures = join(root, 'tests', 'fixtures');

// The broken fixtures are the small site with mistakes; they need its pictures beside them, as public/.
const work = mkdtempSync(join(tmpdir(), 'site-check-'));
for (const name of ['several-problems.yaml', 'syntax-errors.yaml']) cpSync(join(fixtures, 'broken', name), join(work, name));
symlinkSync(join(fixtures, 'minimal-site', 'public'), join(work, 'public'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function check(site: string | undefined, env: Record<string, string> = {}) {
  const clean = { ...process.env };
  delete clean.CI;
  delete clean.GITHUB_ACTIONS;
  delete clean.SITE;
  const result = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/check.ts')], {
    cwd: root, encoding: 'utf8', env: { ...clean, ...(site ? { SITE: site } : {}), ...env },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const noStack = (text: string) => expect(text).not.toMatch(/^\s+at |node:internal|\.ts:\d+:\d+\)|Error: /m);

describe('npm run check', () => {
  it('passes the whole practice (its frozen copy) with exit 0 (warnings, if staff left any, do not fail it)', () => {
    const { code, out, err } = check(join(fixtures, 'saltbush', 'site.yaml'));
    noStack(err);
    expect(out).toMatch(/site\.yaml: no (problems found|errors) \(\d+ pages, checked in [0-9.]+ s\)\.\n$/);
    expect(code).toBe(0);
  });

  it('prints a warning in the same located form and still passes; --strict fails on it; CI gets a ::warning', () => {
    const file = join(work, 'warned.yaml');
    const text = readFileSync(join(fixtures, 'minimal-site', 'site.yaml'), 'utf8').replace('title: New Friday hours', 'title: Friday hours changed #2 of 2025');
    writeFileSync(file, text);
    const line = text.split('\n').findIndex((l) => l.includes('Friday hours changed')) + 1;
    const plain = check(file);
    expect(plain.code).toBe(0);
    expect(plain.err).toContain(`warned.yaml:${line}:14  Warning: News item "Friday hours changed" > title [entities.news.0.title]  The text stops at " #"`);
    expect(plain.err).toContain('1 warning: probably a mistake, but the site still builds. Check it.');
    expect(plain.out).toMatch(/warned\.yaml: no errors \(6 pages/);
    const strict = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/check.ts'), '--strict'], {
      cwd: root, encoding: 'utf8', env: { ...process.env, SITE: file, CI: '' },
    });
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('(--strict: warnings fail the check.)');
    const ci = check(file, { CI: 'true' });
    expect(ci.code).toBe(0);
    expect(ci.out).toMatch(new RegExp(`^::warning file=[^,]*warned\\.yaml,line=${line},col=14,title=CommentAfterText::`, 'm'));
  });

  it('passes the second, minimal practice site (SITE=...)', () => {
    const { code, out } = check(join(fixtures, 'minimal-site', 'site.yaml'));
    expect(out).toContain('minimal-site/site.yaml: no problems found (6 pages');
    expect(code).toBe(0);
  });

  it('reports every problem of a broken file at once, one line each, and exits 1', () => {
    const file = join(work, 'several-problems.yaml');
    const { code, out, err } = check(file);
    expect(code).toBe(1);
    expect(out).toBe('');
    const lines = err.trim().split('\n');
    const problems = lines.filter((l) => l.startsWith(relative(root, file) + ':'));
    // Seven mistakes, plus the reference that the duplicated slug left without its doctor.
    expect(problems).toHaveLength(8);
    for (const line of problems) expect(line).toMatch(/^\S+:\d+:\d+ {2}.+ \[[^\]]+\] {2}.+\.$/);
    expect(problems.map((l) => Number(l.split(':')[1]))).toEqual([...problems.map((l) => Number(l.split(':')[1]))].sort((a, b) => a - b));
    expect(lines[lines.length - 1]).toBe('8 problems in the site content. Fix them and save the file again.');
    noStack(err);
  });

  it('reports syntax errors far apart, without the errors that follow from them', () => {
    const file = join(work, 'syntax-errors.yaml');
    const { code, err } = check(file);
    expect(code).toBe(1);
    const problems = err.split('\n').filter((l) => l.startsWith(relative(root, file) + ':'));
    expect(problems.map((l) => l.split('  ').pop())).toEqual([
      'This line is indented with a tab. Use spaces only, two for each level.',
      'The quote mark (") that starts the text on this line is never closed. Add a closing " at the end of the text.',
    ]);
    noStack(err);
  });

  it('also prints GitHub annotations under CI, one per problem, on the reported line', () => {
    const file = join(work, 'several-problems.yaml');
    for (const env of [{ CI: 'true' }, { GITHUB_ACTIONS: 'true' }] as Record<string, string>[]) {
      const { code, out, err } = check(file, env);
      expect(code).toBe(1);
      const annotations = out.trim().split('\n');
      const problems = err.split('\n').filter((l) => l.startsWith(relative(root, file) + ':'));
      expect(annotations).toHaveLength(problems.length);
      annotations.forEach((annotation, i) => {
        const [, line, col] = problems[i].split(/[: ]/);
        expect(annotation).toMatch(new RegExp(`^::error file=${relative(root, file).replace(/[.]/g, '\\.')},line=${line},col=${col},title=[A-Za-z]+::\\S`));
      });
      expect(annotations).toContain('::error file=' + relative(root, file) + ',line=25,col=15,title=UnquotedNumber::contact > address > postcode [contact.address.postcode]  2999 was read as a number, but text is expected here. Put it in quotes: "2999".');
    }
  });

  it('refuses the practice\'s file with a news headline left as title: "", at its line, naming the field, and exits 1', () => {
    // A copy of the frozen practice with its pictures and documents beside it, as the real file has them.
    const folder = join(work, 'saltbush');
    mkdirSync(folder);
    for (const name of ['public', 'documents']) symlinkSync(join(fixtures, 'saltbush', name), join(folder, name));
    const file = join(folder, 'site.yaml');
    const text = readFileSync(join(fixtures, 'saltbush', 'site.yaml'), 'utf8').replace('title: 2025 flu vaccines have arrived', 'title: ""');
    writeFileSync(file, text);
    const { code, out, err } = check(file);
    expect(code).toBe(1);
    expect(out).toBe('');
    const line = text.split('\n').findIndex((l) => l === '      title: ""') + 1;
    expect(err).toContain(`${relative(root, file)}:${line}:14  News item "flu-vaccines-2025" > title [entities.news.0.title]  "title" is empty. Write it between the quotes (The headline of the item).`);
    // The only error: the frozen copy's warnings (old news still listed) come after it and do not count.
    expect(err.split('\n')).toContain('1 problem in the site content. Fix it and save the file again.');
    noStack(err);
  });

  it('says so plainly, with no stack trace, when the file does not exist', () => {
    const { code, err } = check(join(work, 'nope.yaml'));
    expect(code).toBe(1);
    expect(err).toContain('does not exist. Check its name and folder, or set SITE to the right file.');
    noStack(err);
  });
});

describe('npm run check -- --on YYYY-MM-DD', () => {
  const checkOn = (site: string, day: string) => {
    const clean: NodeJS.ProcessEnv = { ...process.env, SITE: site, CI: '' };
    delete clean.SITE_NOW;
    const result = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'scripts/check.ts'), '--on', day], { cwd: root, encoding: 'utf8', env: clean });
    return { code: result.status, out: result.stdout, err: result.stderr };
  };
  const file = join(work, 'coming.yaml');
  // A news item from Christmas Day, which the home page's news list names by hand.
  writeFileSync(file, readFileSync(join(fixtures, 'minimal-site', 'site.yaml'), 'utf8').replace('      date: "2025-02-03"\n', '      date: "2025-02-03"\n      from: "2026-12-25"\n'));

  it('checks the site as it is on that day by the practice\'s clock: the day before an item starts, the list naming it is warned of', () => {
    const before = checkOn(file, '2026-12-24');
    expect(before.code).toBe(0);
    expect(before.err).toContain('This names the news item "new-clinic-hours", which is not on the site on 2026-12-24 (its first day is 2026-12-25)');
    const on = checkOn(file, '2026-12-25');
    expect(on.code).toBe(0);
    expect(on.err).not.toContain('new-clinic-hours');
  });

  it('refuses a day that is not one, in a sentence', () => {
    const { code, err } = checkOn(file, '2026-02-30');
    noStack(err);
    expect(code).toBe(1);
    expect(err).toContain('"2026-02-30" is not a day of the calendar. Write the day to check or build for like 2026-12-25 (year, month, day), e.g. npm run check -- --on 2026-12-25.');
  });
});
