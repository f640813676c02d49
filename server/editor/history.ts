/**
 * The website's published versions, in staff's words, and the two ways back: returning to a version (its content
 * published again as a new version) and undoing one version's changes on top of today's. Both go through
 * publishOnHost, so they are checked, merged and sent as any publish is; nothing in the history is rewritten.
 */
import type { Author, Version } from './gitHost.ts';
import { HISTORY_LIMIT } from './gitHost.ts';
import { editorCatalogue } from '../../src/content/errors.ts';
import type { Bundle } from '../../src/editor/model.ts';
import { listChanges, partsOf } from '../../src/editor/review/changes.ts';
import { textChange } from '../../src/editor/review/textChange.ts';
import type { Json } from '../../src/editor/yaml/json.ts';
import type { PublishCheck, PublishMerge, PublishResult } from './publishing.ts';
import { namedChangers } from './changedBy.ts';
import { readMessage } from './commitMessage.ts';
import { rebase, type Choices } from './merge.ts';
import { publishOnHost, siteText, type Destination } from './publishOnHost.ts';

export { readMessage };

/** Where the versions are, and who is going back (the new version's author). */
export interface HistoryPlace {
  to: Destination;
  author: Author;
  /** Runs after a new version is made (this computer's copy follows it). */
  made?(commit: string): Promise<void>;
}

/** One published version as History shows it. */
export interface HistoryEntry {
  commit: string;
  at: string;
  by: string;
  /** The e-mail of who published it, and of who approved it: two colleagues may share a name. */
  email: string;
  approvedBy?: string;
  approverEmail?: string;
  description: string;
  /** What changed, in the words Review uses; none for the first version. */
  changes: string[];
  /** The parts of the site it changed, as the navigator lists them ('Fees', 'Page "/fees"'), each once. */
  parts: string[];
  first: boolean;
}

/**
 * The published versions, newest first, each with its changes in staff's words: the `page`th run of HISTORY_LIMIT
 * (0: the newest). Pages count back from today's newest, so one published meanwhile moves the next page's first
 * version onto it again: the list shown keeps each version once.
 */
export async function historyOf(to: Destination, valueOf: (text: string) => Json | null, bundle?: Bundle, page = 0): Promise<HistoryEntry[]> {
  const versions = await to.host.history(await to.host.head(), to.site, HISTORY_LIMIT, page);
  const texts = await Promise.all(versions.map((v) => siteText(to.host, to.site, v.commit)));
  return Promise.all(versions.map(async (version, i): Promise<HistoryEntry> => {
    // Between a version and the next older one the file is unchanged (the list holds every commit that changed it),
    // so the older one's text is the parent's: only the oldest listed needs reading again.
    const before = !version.parent ? undefined : i + 1 < versions.length ? texts[i + 1] : await siteText(to.host, to.site, version.parent);
    const [was, now] = [before === undefined ? null : valueOf(before), valueOf(texts[i])];
    // Long texts around their change, as Review shows them: cut at their start, two versions look the same.
    const listed = was !== null && now !== null ? listChanges(was, now, bundle, textChange) : [];
    const [changes, parts] = [listed.map((c) => c.words), [...new Set(listed.map((c) => c.part))]];
    return { commit: version.commit, at: version.at, by: version.author.name, email: version.author.email, ...readMessage(version.message), changes, parts, first: !version.parent };
  }));
}

/** Every part of today's website, as the navigator lists them: History is searched by them, changed lately or not. */
export async function siteParts(to: Destination, valueOf: (text: string) => Json | null, bundle: Bundle): Promise<string[]> {
  const today = valueOf(await siteText(to.host, to.site, await to.host.head()));
  return today === null ? [] : partsOf(today, bundle);
}

/**
 * The version named, as the host lists it up to today's head, or why not (400). Only a listed id is asked of the host:
 * one it does not have is an error there (git's "bad object", GitHub's 422), not an answer. `page`: the page of the
 * history it was shown on; versions published since move it onto the next page, so that one is read too.
 */
async function versionAt(to: Destination, commit: string, page = 0): Promise<Version> {
  const head = await to.host.head();
  for (const at of [page, page + 1]) {
    const listed = await to.host.history(head, to.site, HISTORY_LIMIT, at);
    const found = listed.find((v) => v.commit === commit);
    if (found) return found;
    if (listed.length < HISTORY_LIMIT) break;
  }
  throw new HistoryRefusal({ ok: false, message: editorCatalogue.HistoryNotHere() }, 400);
}

/** Going back cannot be done as asked: the answer to give, as a publish's. */
export class HistoryRefusal extends Error {
  /** `status`: 400 when the request named no version of the list, 409 when the website's state stands in the way. */
  constructor(readonly result: PublishResult, readonly status: 400 | 409 = 409) { super(result.message); }
}

/** Publishes `text` as made on `head`, through the one publish path. */
async function send(place: HistoryPlace, head: string, text: string, message: string, check: PublishCheck, merge: PublishMerge): Promise<string> {
  const sent = await publishOnHost(place.to, { text, baseOn: async () => ({ base: head }), files: async () => [] }, { message, author: place.author, check, merge });
  if ('refused' in sent) throw new HistoryRefusal(sent.refused);
  if (!sent.sent) throw new HistoryRefusal({ ok: false, message: editorCatalogue.HistoryNothingNew() });
  await place.made?.(sent.commit);
  return sent.commit;
}

/** What returning to a version would take back, asked before it is done: today's version, and the changes in words. */
export interface ReturnAsked {
  /** The website's version the changes were worked out on: the return is made only while it is still the newest. */
  head: string;
  changes: string[];
}

/** What a return to `commit` would change on today's website, in Review's words (from today's to that version's). */
export async function whatReturnTakesBack(to: Destination, commit: string, valueOf: (text: string) => Json | null, bundle?: Bundle, page = 0): Promise<ReturnAsked> {
  await versionAt(to, commit, page);
  const head = await to.host.head(true);
  const [today, then] = await Promise.all([head, commit].map((c) => siteText(to.host, to.site, c)));
  const [now, was] = [valueOf(today), valueOf(then)];
  return { head, changes: now !== null && was !== null ? listChanges(now, was, bundle, textChange).map((c) => c.words) : [] };
}

/**
 * A new version whose content is `commit`'s, made only on `seen`, the version the person was shown what the return
 * takes back on (whatReturnTakesBack): a change published since would be taken back without their knowing.
 */
export async function returnTo(place: HistoryPlace, commit: string, seen: string, check: PublishCheck, merge: PublishMerge, page = 0): Promise<string> {
  const { to } = place;
  const version = await versionAt(to, commit, page);
  const head = await to.host.head(true);
  if (head !== seen) throw new HistoryRefusal({ ok: false, message: editorCatalogue.HistoryMovedSinceAsked() });
  const text = await siteText(to.host, to.site, commit);
  const { description } = readMessage(version.message);
  // History shows when each version was made, as staff read a date; the description names the version alone.
  return send(place, head, text, `Returned to "${description.split('\n')[0]}"`, check, merge);
}

/**
 * `commit`'s changes taken back on today's content: the way from that version to its parent, done on today's as a
 * draft made on that version would be. Where a later version changed the same place, the person chooses (`choices`).
 */
export async function undoVersion(place: HistoryPlace, commit: string, choices: Choices, check: PublishCheck, bundle?: Bundle, page = 0): Promise<string> {
  const { to } = place;
  const version = await versionAt(to, commit, page);
  if (!version.parent) throw new HistoryRefusal({ ok: false, message: editorCatalogue.HistoryFirst() });
  const head = await to.host.head(true);
  const [changed, before, today] = await Promise.all([commit, version.parent, head].map((c) => siteText(to.host, to.site, c)));
  const undone = rebase(changed, before, today, choices, {}, [], bundle);
  if (!undone.ok) {
    const conflicts = await namedChangers(to.host, to.site, head, commit, undone.conflicts);
    throw new HistoryRefusal({ ok: false, conflicts, message: editorCatalogue.HistoryClash(conflicts.length) });
  }
  const merge: PublishMerge = (base, mine, theirs, by) => rebase(base, mine, theirs, choices, by, [], bundle);
  const { description } = readMessage(version.message);
  return send(place, head, undone.text, `Undid "${description.split('\n')[0]}"`, check, merge);
}
