/**
 * The editor's API: what each action does with a person's content, whichever server received the request (this
 * computer's editor, `npm start`'s function, or the site-editor function on Supabase). It works on a ContentStore and
 * answers plain values; a refusal is an HttpError. Nothing here serves HTTP.
 */
import type { ContentError } from '../../src/content/errors.ts';
import type { CheckResult } from '../../src/content/checkSite.ts';
import { readYaml } from '../../src/content/yamlReread.ts';
import { renderMarkdown } from '../../src/content/markdown.ts';
import type { PagesShow, SitePluginApi } from '../../src/content/sitePluginApi.ts';
import type { Conflict } from '../../src/editor/ops/apply.ts';
import { allTargets, navigator } from '../../src/editor/model.ts';
import { withOps } from '../../src/editor/ops/draft.ts';
import { placesOf, type Op } from '../../src/editor/ops/op.ts';
import { choiceValue, listChanges, placeWords } from '../../src/editor/review/changes.ts';
import { textChange } from '../../src/editor/review/textChange.ts';
import type { Json } from '../../src/editor/yaml/json.ts';
import { PatchError, patchOps, type Patched } from '../../src/editor/yaml/patch.ts';
import { keyOfOp, rebase, type Choices } from './merge.ts';
import { hiddenCharacter } from '../../src/content/invisible.ts';
import { descriptionOf, HttpError, MAX_MARKDOWN, MAX_UPLOAD, MB, readJson, type Body } from './request.ts';
import { choicesOf, opsOf } from './opsBody.ts';
import { bundleSchema, type Bundle } from './schemaBundle.ts';
import { checkedSite } from './checked.ts';
import type { ContentStore } from './contentStore.ts';
import { checkUpload, MAX_PDF_BYTES, MAX_PICTURE_BYTES } from './upload.ts';
import { draftFile } from './draftFiles.ts';
import { historyAction } from './historyApi.ts';
import { unifiedDiff } from './unifiedDiff.ts';

/** The file's name without its folders, in any runtime. */
const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

const problemsOf = (result: CheckResult) => (result.ok ? [] : result.errors);
/** What the checker thinks is probably a mistake (old news on a page, an entry no page shows): shown, never blocking. */
const warningsOf = (result: CheckResult) => result.warnings;

export class EditorApi {
  private schemaBundle: Bundle | undefined;
  /** schema/ for the forms, made when an action needs it: a document, a save or a publish mostly does not. */
  get bundle(): Bundle {
    return this.schemaBundle ??= bundleSchema();
  }
  /** The live preview, when it runs. */
  preview: SitePluginApi | undefined;
  /**
   * The operations written since the last publish, as made. Publish does them again on a colleague's newer version
   * when they still turn the published text into this file (a change made in the YAML view or another program
   * breaks that; then the operations are worked out from the two versions, by entry id).
   */
  private draft: Op[] = [];
  /** The addresses the site serves, as the store had them when this request came. */
  private served: string[] = [];

  constructor(readonly siteFile: string, readonly store: ContentStore) {}

  /** Brings in what the store keeps between requests (a hosted draft's operations). */
  async open() {
    if (this.store.draftOps) this.draft = await this.store.draftOps();
    return this;
  }

  private load(text: string) {
    return checkedSite({ file: fileName(this.siteFile), text, files: this.served, publicDir: 'public' });
  }

  check(text: string): ContentError[] {
    return problemsOf(this.load(text));
  }

  valueOf(text: string): Json | null {
    const { doc } = readYaml(text);
    if (doc.errors.length) return null;
    // Aliases are not resolved (YAML stops past a count, and one alias can stand for millions of copies): the
    // checker refuses them and says where, and until they are gone the file opens without a value for the forms.
    try {
      return doc.toJS({ maxAliasCount: 0 }) as Json;
    } catch {
      return null;
    }
  }

  async document() {
    const { text, hash } = await this.store.read();
    const checked = this.load(text);
    return { file: fileName(this.siteFile), text, hash, value: this.valueOf(text), problems: problemsOf(checked), warnings: warningsOf(checked) };
  }

  private async writeText(text: string, hash: string) {
    const written = await this.store.write(text, hash, this.draft);
    if (!written.ok) throw new HttpError(409, written.message, { conflict: true });
    return this.shown(text, written.hash);
  }

  /** The answer to a save: the new version's hash, its problems, and whether the preview showed it (not the text: the browser has it). */
  private shown(text: string, hash: string) {
    const checked = this.load(text);
    // The open preview page shows the change by itself; a change of routes needs the frame reloaded, which the
    // browser does (a reload message that came while the frame was loading would be lost).
    const preview = this.preview?.show(text, checked, { reloadPages: false }) ?? 'unchanged';
    return { hash, problems: problemsOf(checked), warnings: warningsOf(checked), preview };
  }

  /**
   * Operations from the forms, done on the file as it is now. `hash` names the version they were made on: when the
   * file has changed since (another program, a colleague's version brought in), they are done on the new text by
   * path and entry id all the same, and the answer carries the file's value so that the browser shows both. An
   * operation that meets a change of the same field made meanwhile is not done; it comes back with both values.
   */
  async ops(ops: Op[], hash: string, originals?: string) {
    for (let attempt = 0; ; attempt++) {
      const current = await this.store.read();
      let patched: Patched;
      try {
        patched = patchOps(current.text, ops, originals);
      } catch (error) {
        if (error instanceof PatchError) throw new HttpError(422, `${error.message} Nothing was changed. Use the YAML view for this change, or tell the person who looks after the website.`);
        throw error;
      }
      const elsewhere = current.hash !== hash;
      const conflicts = this.conflictViews(current.text, patched.conflicts);
      const extra = { conflicts, ...(elsewhere || conflicts.length ? { value: this.valueOf(patched.text) } : {}) };
      if (patched.text === current.text) {
        const checked = this.load(current.text);
        return { hash: current.hash, problems: problemsOf(checked), warnings: warningsOf(checked), preview: 'unchanged' as PagesShow, ...extra };
      }
      // Written only over the version just read: a file changed again in between is read once more.
      const draft = withOps(this.draft, ops.filter((op) => !patched.conflicts.some((c) => c.op === op)));
      const written = await this.store.write(patched.text, current.hash, draft);
      if (!written.ok) {
        if (attempt < 3) continue;
        throw new HttpError(409, written.message, { conflict: true });
      }
      this.draft = draft;
      return { ...this.shown(patched.text, written.hash), ...extra };
    }
  }

  /** Each conflict in words; the file is read, and the form's parts made, once for all of them (a request may hold hundreds). */
  private conflictViews(text: string, conflicts: Conflict[]) {
    const value = conflicts.length ? this.valueOf(text) : null;
    const targets = value === null ? [] : allTargets(navigator(value, this.bundle));
    return conflicts.map((conflict) => {
      const places = value === null ? undefined : placesOf(value, conflict.op.path);
      return {
        key: keyOfOp(conflict.op),
        where: value !== null && places ? placeWords(value, places, this.bundle, targets) : 'A part that is no longer in the file',
        theirs: conflict.theirs === undefined ? 'removed' : choiceValue(conflict.theirs, this.bundle),
        op: conflict.op,
        current: conflict.theirs ?? null,
      };
    });
  }

  async saveText(text: string, hash: string) {
    return this.writeText(text, hash);
  }

  async review() {
    const { text } = await this.store.read();
    const published = await this.store.published();
    if (published === undefined) return { base: 'none' as const, changes: [], diff: '' };
    const [before, after] = [this.valueOf(published), this.valueOf(text)];
    const changes = before !== null && after !== null ? listChanges(before, after, this.bundle, textChange).map(({ id, kind, words, text }) => ({ id, kind, words, ...(text ? { text } : {}) })) : [];
    return { base: 'published' as const, changes, diff: unifiedDiff(published, text, fileName(this.siteFile)) };
  }

  /** Takes back one change: its inverse operation, done on the file as it is now. */
  async undo(id: string) {
    const { text, hash } = await this.store.read();
    const published = await this.store.published();
    const before = published === undefined ? null : this.valueOf(published);
    const after = this.valueOf(text);
    if (before === null || after === null) throw new HttpError(409, 'There is nothing to undo against: the published version could not be read.');
    const change = listChanges(before, after, this.bundle, textChange).find((c) => c.id === id);
    if (!change) throw new HttpError(409, 'That change is no longer there (it may have been undone already). The list has been refreshed.');
    // Taking back a removal brings the removed lines back exactly as they were published.
    return this.ops([change.undo], hash, published);
  }

  async publish(message: string, choices: Choices = {}, author = '') {
    const line = descriptionOf(message, 'Publish');
    // A name as git writes one: one line, without the angle brackets that hold the e-mail.
    if (hiddenCharacter(author) !== undefined) throw new HttpError(400, 'Your name holds an invisible character (perhaps pasted from another program). Type your name again, then press Publish.');
    const who = author.replace(/[<>\0-\x1f\x7f-\x9f]/g, ' ').replace(/\s+/g, ' ').trim();
    if (who.length > 100) throw new HttpError(400, 'Keep your name short (100 characters at most).');
    // The store checks the text it is about to record, in the queue of saves: a save that comes meanwhile waits.
    const result = await this.store.publish(line, (text) => {
      const problems = this.check(text);
      if (!problems.length) return undefined;
      return { problems, message: `The site has ${problems.length === 1 ? '1 problem' : `${problems.length} problems`} (see Problems). Your work is saved as a draft; fix ${problems.length === 1 ? 'it' : 'them'}, then publish.` };
    }, (base, mine, theirs, by) => rebase(base, mine, theirs, choices, by, this.draft, this.bundle), who || undefined);
    // Published, or done with because the website has it all: the operations made so far are settled either way.
    if (result.ok || result.settled) this.draft = [];
    if (!result.ok) throw new HttpError(409, result.message, { ...(result.problems ? { problems: result.problems } : {}), ...(result.conflicts ? { conflicts: result.conflicts } : {}), ...(result.settled ? { settled: true } : {}) });
    return result;
  }

  async upload(name: string, bytes: Uint8Array) {
    const checked = checkUpload(name, bytes);
    if (!checked.ok) throw new HttpError(checked.status, checked.message);
    const href = await this.store.addPublicFile(checked.folder, checked.name, bytes);
    return { href, kind: checked.kind.picture ? 'picture' : 'pdf', width: checked.width, height: checked.height };
  }

  /** The site's files for the forms' lists, and the draft's uploads that only the editor can show until published. */
  async files() {
    return { files: this.served.filter((f) => !f.startsWith('/people/')), uploads: (await this.store.draftUploads?.()) ?? [] };
  }

  /** Answers one action ('document', 'ops', ...) of the editor; throws HttpError for a refusal. */
  async act(method: string, action: string, query: URLSearchParams, body: Body): Promise<unknown> {
    const get = method === 'GET';
    const post = method === 'POST';
    const str = (value: unknown) => (typeof value === 'string' ? value : '');
    // One upload's bytes, read back by the draft's owner: no check of the site is needed for it.
    if (get && action.startsWith('files/')) return draftFile(this.store, action.slice('files'.length));
    // Files come and go between requests (an upload, a picture put in public/): the checks see them as they are now.
    this.served = await this.store.addresses();
    if (get && action === 'document') return this.document();
    if (get && action === 'schema') return this.bundle;
    if (get && action === 'files') return this.files();
    if (get && action === 'review') return this.review();
    if (post && action === 'ops') { const b = await readJson(body); return this.ops(opsOf(b.ops), str(b.hash)); }
    if (post && action === 'save-text') { const b = await readJson(body); return this.saveText(str(b.text), str(b.hash)); }
    if (post && action === 'markdown') {
      const b = await readJson(body);
      const text = str(b.text);
      if (text.length > MAX_MARKDOWN) throw new HttpError(400, `That text is longer than ${MAX_MARKDOWN.toLocaleString('en-AU')} characters, the most a field may hold. Shorten it, then look again.`);
      return { html: renderMarkdown(text) };
    }
    if (post && action === 'check') { const b = await readJson(body); return { problems: this.check(str(b.text)) }; }
    if (post && action === 'undo') { const b = await readJson(body); return this.undo(str(b.id)); }
    if (post && action === 'publish') { const b = await readJson(body); return this.publish(str(b.message), choicesOf(b.choices), str(b.author)); }
    if (action === 'history' || action.startsWith('history/')) return historyAction(this, method, action, body, query);
    if (post && action === 'upload') {
      if (!body.type.startsWith('application/octet-stream')) throw new HttpError(415, 'Send the file itself.');
      const tooLarge = `The file is larger than ${MAX_UPLOAD / MB} MB, too large to send to the editor. A picture may be at most ${MAX_PICTURE_BYTES / MB} MB and a PDF ${MAX_PDF_BYTES / MB} MB: make it smaller, then choose it again.`;
      return this.upload(query.get('name') ?? '', await body.bytes(MAX_UPLOAD, tooLarge));
    }
    throw new HttpError(404, 'There is no such editor action.');
  }
}
