import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parse } from 'yaml';
import { editorCatalogue } from '../../src/content/errors.ts';
import { HISTORY_LIMIT } from '../../server/editor/gitHost.ts';
import { listChanges } from '../../src/editor/review/changes.ts';
import type { Json } from '../../src/editor/yaml/json.ts';
import { commitMessage } from '../../server/editor/commitMessage.ts';
import { historyOf, HistoryRefusal, readMessage, returnTo, undoVersion, whatReturnTakesBack, type HistoryPlace } from '../../server/editor/history.ts';
import { LocalGitHost } from '../../server/local/localGitHost.ts';
import { rebase } from '../../server/editor/merge.ts';
import { gitIn, tempRepo, type TempRepo } from './host/repo.ts';

const site = (name: string, phone: string, closes: string) => `practice:\n  name: ${name}\n  phone: ${phone}\nhours:\n  closes: "${closes}"\n`;
const V1 = site('Small Practice', '02 1111 1111', '17:30');
const V2 = site('Small Practice', '02 1111 1111', '18:00');
const V3 = site('Small Practice', '02 2222 2222', '18:00');
const valueOf = (text: string) => parse(text) as Json;
const passes = () => undefined;
const merge = (base: string, mine: string, theirs: string) => rebase(base, mine, theirs, {});
const AUTHOR = { name: 'Reception Desk', email: 'reception@practice.example' };

let repo: TempRepo;
let place: HistoryPlace;
let commits: string[];
const main = () => gitIn(repo.bare, ['rev-parse', 'refs/heads/main']).trim();
const textAt = (commit: string) => gitIn(repo.bare, ['show', `${commit}:site.yaml`]);

beforeEach(() => {
  repo = tempRepo();
  // Three published versions on the seed: hours, then the phone; the first carries an approval.
  commits = [repo.publishElsewhere('site.yaml', V1, 'Dr Seed')];
  commits.push(repo.publishElsewhere('site.yaml', V2, 'Reception Desk'));
  commits.push(repo.publishElsewhere('site.yaml', V3, 'Practice Manager'));
  const checkout = join(repo.dir, 'checkout');
  gitIn(repo.dir, ['clone', '--quiet', repo.bare, checkout]);
  gitIn(checkout, ['config', 'user.name', 'Practice Laptop']);
  gitIn(checkout, ['config', 'user.email', 'laptop@practice.example']);
  place = { to: { host: new LocalGitHost({ root: checkout, remote: 'origin', branch: 'main' }), site: 'site.yaml', kept: '' }, author: AUTHOR };
});
afterEach(() => repo.cleanup());

it('reads a description and an approval from a message', () => {
  expect(readMessage('New hours\n\nApproved-by: Practice Manager <manager@practice.example>\n')).toEqual({ description: 'New hours', approvedBy: 'Practice Manager', approverEmail: 'manager@practice.example' });
  expect(readMessage('New hours')).toEqual({ description: 'New hours' });
});

it('reads an approver only from the trailer the editor writes after the description, never from the description', () => {
  expect(readMessage('Approved-by: Mona Manager')).toEqual({ description: 'Approved-by: Mona Manager' });
  expect(readMessage('New hours\nApproved-by: Mona Manager <mona@practice.example>')).toEqual({ description: 'New hours\nApproved-by: Mona Manager <mona@practice.example>' });
  const written = commitMessage('Approved-by: Mona Manager <mona@practice.example>', { name: 'Karen Mills', email: 'karen@practice.example' });
  expect(written).toBe('"Approved-by: Mona Manager <mona@practice.example>"\n\nApproved-by: Karen Mills <karen@practice.example>');
  expect(readMessage(written)).toEqual({ description: '"Approved-by: Mona Manager <mona@practice.example>"', approvedBy: 'Karen Mills', approverEmail: 'karen@practice.example' });
  expect(commitMessage('Closing at 5:30 on Fridays')).toBe('Closing at 5:30 on Fridays');
  // A heading of staff's own stays as typed; one that names a person as Git's trailers do is quoted, whatever its case.
  expect(commitMessage('First: later closing\n\nco-authored-by: Dr X <x@example.com>')).toBe('First: later closing\n\n"co-authored-by: Dr X <x@example.com>"');
});

it('lists every version newest first, by whom, with its changes in the words Review uses', async () => {
  const history = await historyOf(place.to, valueOf);
  expect(history.map((v) => v.commit)).toEqual([...commits].reverse().concat(repo.seed));
  expect(history.map((v) => v.by)).toEqual(['Practice Manager', 'Reception Desk', 'Dr Seed', 'Seed Person']);
  // Two colleagues may share a name: each version says whose e-mail published it.
  expect(history.every((v) => /^[^@\s]+@[^@\s]+$/.test(v.email)), history.map((v) => v.email).join()).toBe(true);
  expect(history[0].description).toBe('Practice Manager published');
  expect(history[1].changes).toEqual(listChanges(valueOf(V1), valueOf(V2)).map((c) => c.words));
  expect(history[1].changes).toHaveLength(1);
  expect(history[1].changes[0]).toMatch(/17:30.*18:00/);
  expect(history[3]).toMatchObject({ first: true, changes: [] });
});

it('lists older versions a page at a time, each with the parts of the site it changed, and goes back to one listed on an older page', async () => {
  // 32 versions more than the 4 there are: the second page holds the 4 and the 2 oldest of the 32.
  const clone = join(repo.dir, 'many');
  gitIn(repo.dir, ['clone', '--quiet', repo.bare, clone]);
  const who = { GIT_AUTHOR_NAME: 'Karen Mills', GIT_AUTHOR_EMAIL: 'karen@practice.example', GIT_COMMITTER_NAME: 'Karen Mills', GIT_COMMITTER_EMAIL: 'karen@practice.example' };
  for (let n = 0; n < 32; n++) {
    writeFileSync(join(clone, 'site.yaml'), site('Small Practice', '02 2222 2222', `19:${String(n).padStart(2, '0')}`));
    gitIn(clone, ['commit', '--quiet', '-am', `Closing at 19:${n}`], who);
  }
  gitIn(clone, ['push', '--quiet', 'origin', 'main']);
  const newest = await historyOf(place.to, valueOf);
  const older = await historyOf(place.to, valueOf, undefined, 1);
  expect(newest).toHaveLength(HISTORY_LIMIT);
  expect(older.map((v) => v.commit).slice(2)).toEqual([...commits].reverse().concat(repo.seed));
  expect([...newest, ...older].map((v) => v.commit)).toEqual(gitIn(repo.bare, ['rev-list', 'main', '--', 'site.yaml']).trim().split('\n'));
  expect(await historyOf(place.to, valueOf, undefined, 2)).toEqual([]);
  // The parts of the site each changed: the closing time is in hours, the phone number in the practice's details.
  expect(newest[0].parts).toEqual(['hours']);
  expect(older.find((v) => v.commit === commits[2])?.parts).toEqual(['practice']);
  expect(older[older.length - 1]).toMatchObject({ first: true, parts: [] });

  // The phone number's version, listed on the second page, can be undone and returned to from there.
  const asked = await whatReturnTakesBack(place.to, commits[2], valueOf, undefined, 1);
  expect(asked.changes.join('\n')).toMatch(/19:31 -> 18:00/);
  const undone = await undoVersion(place, commits[2], {}, passes, undefined, 1);
  expect(textAt(undone)).toBe(site('Small Practice', '02 1111 1111', '19:31'));
  // Looked for on pages it is not on, it is not in the history.
  await expect(undoVersion(place, commits[2], {}, passes, undefined, 2)).rejects.toThrow(editorCatalogue.HistoryNotHere());
});

it('shows a long text around its change, not both versions cut at the same start', async () => {
  const long = (end: string) => site(`The Small Practice of the Riverland, serving its families since 1987 with care, ${end}`, '02 2222 2222', '18:00');
  repo.publishElsewhere('site.yaml', long('open on weekdays'), 'Dr Seed');
  repo.publishElsewhere('site.yaml', long('open on every day of the week'), 'Reception Desk');
  const [newest] = await historyOf(place.to, valueOf);
  expect(newest.changes).toHaveLength(1);
  expect(newest.changes[0]).toMatch(/weekdays.* -> .*every day of the week/);
});

it('returns to a version: one new commit on the head whose site file is that version\'s, byte for byte', async () => {
  const head = main();
  const made = await returnTo(place, commits[0], head, passes, merge);
  expect(main()).toBe(made);
  expect(gitIn(repo.bare, ['rev-list', '--parents', '-n', '1', made]).trim()).toBe(`${made} ${head}`);
  expect(textAt(made)).toBe(V1);
  expect(gitIn(repo.bare, ['log', '-1', '--format=%an', made]).trim()).toBe(AUTHOR.name);
  expect(gitIn(repo.bare, ['log', '-1', '--format=%s', made]).trim()).toBe(`Returned to "${readMessage(gitIn(repo.bare, ['log', '-1', '--format=%B', commits[0]])).description}"`);
  // History keeps both.
  expect((await historyOf(place.to, valueOf)).map((v) => v.commit).slice(0, 4)).toEqual([made, ...[...commits].reverse()]);
});

it('says first what a return takes back: every change published since, in Review\'s words, on the version it was asked on', async () => {
  const asked = await whatReturnTakesBack(place.to, commits[0], valueOf);
  expect(asked.head).toBe(main());
  expect(asked.changes).toEqual(listChanges(valueOf(textAt(main())), valueOf(V1)).map((c) => c.words));
  // Two versions were published since the first: the phone number and the closing time both go back.
  expect(asked.changes).toHaveLength(2);
  expect(asked.changes.join('\n')).toMatch(/18:00.*17:30/);
});

it('a return asked before someone published again takes back nothing of theirs: refused in words, nothing committed', async () => {
  const asked = await whatReturnTakesBack(place.to, commits[0], valueOf);
  repo.publishElsewhere('site.yaml', site('Small Practice', '02 2222 2222', '19:00'), 'Practice Manager');
  const now = place;
  const head = main();
  await expect(returnTo(now, commits[0], asked.head, passes, merge)).rejects.toThrow(editorCatalogue.HistoryMovedSinceAsked());
  expect(main()).toBe(head);
  // Asked again, the list holds the colleague's change too, and the return goes ahead.
  const again = await whatReturnTakesBack(now.to, commits[0], valueOf);
  expect(again.changes.join('\n')).toMatch(/19:00.*17:30/);
  expect(textAt(await returnTo(now, commits[0], again.head, passes, merge))).toBe(V1);
});

it('returns to nothing when the check refuses that version, and commits nothing', async () => {
  const head = main();
  const refusing = () => ({ message: 'no', problems: [] });
  await expect(returnTo(place, commits[0], head, refusing, merge)).rejects.toBeInstanceOf(HistoryRefusal);
  expect(main()).toBe(head);
});

it('undoes one version on top of a later unrelated change, which stays', async () => {
  const made = await undoVersion(place, commits[1], {}, passes);
  expect(textAt(made)).toBe(site('Small Practice', '02 2222 2222', '17:30'));
  expect(gitIn(repo.bare, ['log', '-1', '--format=%s', made]).trim()).toBe('Undid "Reception Desk published"');
});

it('a clash with a later change of the same field is put to the person with both values, and nothing is committed', async () => {
  repo.publishElsewhere('site.yaml', site('Small Practice', '02 2222 2222', '19:00'), 'Practice Manager');
  await place.to.host.head();
  const head = main();
  const refused = await undoVersion(place, commits[1], {}, passes).catch((error: unknown) => error);
  if (!(refused instanceof HistoryRefusal)) throw new Error('the undo was not refused');
  expect(refused.result.message).toBe(editorCatalogue.HistoryClash(1));
  if (refused.result.ok) throw new Error('the undo was published');
  expect(refused.result.conflicts).toEqual([expect.objectContaining({ mine: '17:30', theirs: '19:00', by: 'Practice Manager' })]);
  expect(main()).toBe(head);
  // Chosen: the value before the change comes back.
  const key = refused.result.conflicts?.[0]?.key ?? '';
  const made = await undoVersion(place, commits[1], { [key]: 'mine' }, passes);
  expect(textAt(made)).toBe(site('Small Practice', '02 2222 2222', '17:30'));
});

it('the first version cannot be undone, and a version not in the history is refused', async () => {
  await expect(undoVersion(place, repo.seed, {}, passes)).rejects.toThrow(editorCatalogue.HistoryFirst());
  await expect(returnTo(place, '0123456789abcdef0123456789abcdef01234567', main(), passes, merge)).rejects.toThrow();
});
