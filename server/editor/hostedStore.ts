import type { Claims } from './claims.ts';
import type { DraftDb } from './drafts.ts';
import type { Draft, DraftFile, Editor } from './editorDb.ts';
import type { GitHost } from './gitHost.ts';
import { addressesOf } from '../../src/content/madeFiles.ts';
import type { Op } from '../../src/editor/ops/op.ts';
import { jsonEqual } from '../../src/editor/yaml/json.ts';
import type { HistoryPlace } from './history.ts';
import { storedUploadProblem } from './upload.ts';
import { hashOf, NOTHING_NEW, NOW_AS_PUBLISHED, type ContentStore, type Loaded } from './contentStore.ts';
import type { PublishCheck, PublishMerge, PublishResult } from './publishing.ts';
import { namedBy, PUBLISH_ATTEMPTS, PUBLISHED, publishOnHost, siteText } from './publishOnHost.ts';

/** Where the site's files are in the repository: the site file, and the folders beside it that staff may add to. */
export interface SitePaths { site: string; folders: readonly string[] }
export const SITE_PATHS: SitePaths = { site: 'site.yaml', folders: ['public/', 'documents/'] };

/** Said when a publish did not happen: the draft is in the database, so nothing typed is lost. */
export const KEPT_AS_DRAFT = 'Your work is kept as a draft; nothing is lost.';

/** Said after a publish when a save came while it was being sent: that save is not lost, and not yet published. */
export const SAVED_DURING_PUBLISH = 'A change you made while it was being sent is kept as a draft: press Publish again to send it too.';

export const CHANGED_ELSEWHERE = 'Your draft was changed in another window or tab since this one loaded it. Your last change was not saved, ' +
  'so as not to overwrite that one. Press "Load again" to see the draft as it is now, then make your change again.';

/**
 * One signed-in person's content, for the hosted editor: the published version is the Git host's branch, and their
 * unpublished work is a draft in the database (the commit it started on, its operations and its text), so closing the
 * browser loses nothing. Publishing makes one commit on the host, by them, holding the site file and the files they
 * uploaded; when someone published meanwhile, the draft is merged onto theirs as this computer's editor merges.
 */
export class HostedStore implements ContentStore {
  /** The files of the repository are on the host; nothing is on this computer's disk. */
  private loaded: { draft: Draft | undefined; head: string } | undefined;

  /**
   * `db`: the signed-in person's own draft, or (approving) the draft a colleague asked about; `editor`: whose the
   * draft is, the author of what is published; `approvedBy`: who approved it, named in the commit's message.
   */
  constructor(
    private readonly db: DraftDb,
    private readonly claims: Claims,
    private readonly editor: Editor,
    private readonly host: GitHost,
    private readonly paths: SitePaths = SITE_PATHS,
    private readonly approvedBy?: Editor,
  ) {}

  /** The draft, and the branch's head when there is no draft (read once per request). */
  private async state() {
    if (!this.loaded) {
      const draft = await this.db.draft(this.claims);
      this.loaded = { draft, head: draft ? draft.base : await this.host.head() };
    }
    return this.loaded;
  }

  private siteText(commit: string): Promise<string> {
    return siteText(this.host, this.paths.site, commit);
  }

  async read(): Promise<Loaded> {
    const { draft, head } = await this.state();
    const text = draft ? draft.text : await this.siteText(head);
    return { text, hash: await hashOf(text) };
  }

  async write(text: string, baseHash: string, ops: Op[] = []) {
    const { draft, head } = await this.state();
    const current = draft ? draft.text : await this.siteText(head);
    if (await hashOf(current) !== baseHash) return { ok: false as const, message: CHANGED_ELSEWHERE };
    const version = await this.db.saveDraft(this.claims, { base: head, text, ops }, draft?.version ?? 0);
    // Read again on the next try: the draft may have been published meanwhile.
    if (version === undefined) { this.loaded = undefined; return { ok: false as const, message: CHANGED_ELSEWHERE }; }
    this.loaded = { head, draft: { base: head, text, ops, version, updatedAt: new Date().toISOString() } };
    return { ok: true as const, hash: await hashOf(text) };
  }

  async draftOps(): Promise<Op[]> {
    return ((await this.state()).draft?.ops ?? []) as Op[];
  }

  async published(): Promise<string> {
    return this.siteText((await this.state()).head);
  }

  async addresses(): Promise<string[]> {
    const { head } = await this.state();
    const listed = (await Promise.all(this.paths.folders.map((folder) => this.host.list(head, folder)))).flat();
    const uploaded = (await this.db.files(this.claims)).map((f) => f.path);
    return addressesOf([...new Set([...listed, ...uploaded])]);
  }

  async addPublicFile(folder: string, name: string, bytes: Uint8Array): Promise<string> {
    await this.db.addFile(this.claims, { path: `public/${folder}/${name}`, content: bytes });
    return `/${folder}/${name}`;
  }

  async draftUploads(): Promise<string[]> {
    return (await this.db.files(this.claims)).map((f) => f.path.replace(/^public(?=\/)/, ''));
  }

  draftFile(path: string): Promise<Uint8Array | undefined> {
    return this.db.file(this.claims, path);
  }

  async historyPlace(): Promise<HistoryPlace> {
    // A new version moves the branch: the next read starts from it.
    return { to: { host: this.host, site: this.paths.site, kept: KEPT_AS_DRAFT }, author: { name: this.editor.name, email: this.editor.email }, made: async () => { this.loaded = undefined; } };
  }

  async publish(message: string, check: PublishCheck, merge: PublishMerge): Promise<PublishResult> {
    const { draft } = await this.state();
    if (!draft) return { ok: false, message: 'There is nothing new to publish: you have no changes since the website\'s version.' };
    // Every file of the draft that the publish read: those a field names go, the others were tried and are left.
    let stored: DraftFile[] = [];
    const sent = await publishOnHost({ host: this.host, site: this.paths.site, kept: KEPT_AS_DRAFT }, {
      text: draft.text,
      baseOn: async () => ({ base: draft.base }),
      files: async (content) => {
        stored = await this.db.files(this.claims);
        const named = namedBy(content);
        // Each checked again by its bytes.
        const uploads = stored.filter((f) => named(f.path.replace(/^public(?=\/)/, '')));
        const unfit = uploads.map((f) => storedUploadProblem(f.path, f.content)).find(Boolean);
        if (unfit) return { refused: { ok: false, message: `${unfit} Nothing was published. ${KEPT_AS_DRAFT} Upload the file again from the form, then press Publish.` } };
        return uploads;
      },
    }, {
      message, check, merge, author: { name: this.editor.name, email: this.editor.email },
      ...(this.approvedBy ? { approvedBy: { name: this.approvedBy.name, email: this.approvedBy.email } } : {}),
    });
    if ('refused' in sent) return sent.refused;
    this.loaded = undefined;
    if (!sent.sent) {
      // Every change of the draft is on the website already (a colleague's, chosen with "Keep theirs"): the draft is
      // done with, so that the form, Review, Undo and the next publish all start from the website's version.
      if (await this.db.settleDraft(this.claims, draft.version, [])) return { ok: false, settled: true, message: `${NOTHING_NEW} ${NOW_AS_PUBLISHED}` };
      return { ok: false, message: NOTHING_NEW };
    }
    const result = { ok: true as const, commit: sent.commit, merged: sent.merged, message: PUBLISHED };
    // Only what was published goes: a save that came while it was being sent stays in the draft.
    if (await this.db.settleDraft(this.claims, draft.version, stored.map((f) => f.path))) return result;
    await this.carryOver(draft, { published: sent.content, commit: sent.commit }, merge);
    return { ...result, keptDraft: true, message: `${result.message} ${SAVED_DURING_PUBLISH}` };
  }

  /**
   * A draft saved again while its earlier version was being published, moved onto the commit just made: the changes
   * made meanwhile, done again on what was published, so that Review and the next publish show only those.
   */
  private async carryOver(sent: Draft, done: { published: string; commit: string }, merge: PublishMerge) {
    for (let attempt = 0; attempt < PUBLISH_ATTEMPTS; attempt++) {
      const now = await this.db.draft(this.claims);
      if (!now) return;
      const moved = sent.text === done.published ? { ok: true as const, text: now.text } : merge(sent.text, now.text, done.published, {});
      // When the changes made meanwhile cannot be done again on what was published, the draft stays as it was saved,
      // on its old commit: the next publish merges it as any other.
      if (!moved.ok) return;
      const ops = now.ops.length >= sent.ops.length && sent.ops.every((op, i) => jsonEqual(op, now.ops[i])) ? now.ops.slice(sent.ops.length) : [];
      if (await this.db.saveDraft(this.claims, { base: done.commit, text: moved.text, ops }, now.version) !== undefined) return;
    }
  }
}
