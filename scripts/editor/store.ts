import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { documentsDirFor, siteAddresses } from '../../src/content/siteFiles.ts';
import { git, pushTarget, repositoryRoot } from './git.ts';
import { hashOf, mergeForPublish, NOTHING_NEW, NOW_AS_PUBLISHED, type ContentStore, type Loaded, type PublishCheck, type PublishMerge, type PublishResult } from './contentStore.ts';

export const CHANGED_ON_DISK = 'site.yaml was changed by another program since the editor loaded it (perhaps someone edited it in a text editor). ' +
  'Your last change was not saved, so as not to overwrite theirs. Press "Load again" to see the file as it is now, then make your change again.';

export const SAVED_NOT_PUBLISHED = 'Your changes are saved on this computer; nothing is lost.';

/** Turns what `git push` printed into what staff can act on. */
export function explainPushFailure(stderr: string, remote: string): string {
  if (/\[rejected\]|non-fast-forward|fetch first|\[remote rejected\]/i.test(stderr)) {
    return `Someone else published to the website's copy (${remote}) at the same moment, so yours were not sent. ` +
      `${SAVED_NOT_PUBLISHED} Press Publish again: the editor brings their changes in first.`;
  }
  if (/could not resolve host|unable to access|could not read from remote|connection (refused|timed out)|network is unreachable|does not appear to be a git repository/i.test(stderr)) {
    return `The website's copy (${remote}) could not be reached: check the internet connection, then press Publish again. ${SAVED_NOT_PUBLISHED}`;
  }
  if (/authentication|permission denied|403|401/i.test(stderr)) {
    return `The website's copy (${remote}) refused this computer's sign-in. ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to check this computer's access.`;
  }
  const first = stderr.split('\n').map((l) => l.trim()).find(Boolean) ?? 'no reason given';
  return `Sending the changes to ${remote} failed (git said: ${first}). ${SAVED_NOT_PUBLISHED} Tell the person who looks after the website.`;
}

/** How the temporary files of a save end (.<random>.editing.tmp, beside the site file); git is told to ignore them. */
const TEMP_SUFFIX = '.editing.tmp';
const TEMP_FILE = /^\.[0-9a-f]{12}\.editing\.tmp$/;

/** Makes a rename in `folder` last (where a folder can be opened: not on Windows, where the rename is enough). */
async function syncFolder(folder: string) {
  try {
    const handle = await open(folder, 'r');
    try { await handle.sync(); } finally { await handle.close(); }
  } catch {
    // Nothing more can be done here; the rename itself has happened.
  }
}

/** The content as a file on this computer, published with git (commit, then push to the configured remote). */
export class LocalGitStore implements ContentStore {
  readonly publicDir: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly siteFile: string) {
    this.publicDir = join(dirname(siteFile), 'public');
  }

  /** One write or publish at a time: a second save waits for the first rather than racing it. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async addresses(): Promise<string[]> {
    return siteAddresses(this.siteFile);
  }

  async read(): Promise<Loaded> {
    const text = await readFile(this.siteFile, 'utf8');
    return { text, hash: await hashOf(text) };
  }

  write(text: string, baseHash: string) {
    return this.serial(async (): Promise<{ ok: true; hash: string } | { ok: false; message: string }> => {
      const current = await this.read();
      if (current.hash !== baseHash) return { ok: false, message: CHANGED_ON_DISK };
      return { ok: true, hash: await this.writeNow(text) };
    });
  }

  /** Writes the file (inside the queue of saves). */
  private async writeNow(text: string): Promise<string> {
      // A temporary file beside it, then a rename: a reader sees the old file or the new one, never half of one. Both
      // reach the disk before the answer (the file's bytes, then the folder's entry), so a power cut cannot leave an
      // empty site.yaml behind a save that was reported done.
      const temp = join(dirname(this.siteFile), `.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
      try {
        const file = await open(temp, 'wx');
        try {
          await file.writeFile(text, 'utf8');
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temp, this.siteFile);
        await syncFolder(dirname(this.siteFile));
      } finally {
        if (existsSync(temp)) await rm(temp, { force: true });
      }
      return hashOf(text);
  }

  /**
   * Before the first save: removes temporary files that an editor stopped in the middle of a save left beside the
   * site file, and makes sure git ignores such files in this copy (in its own exclude list, which is never
   * committed), whatever the project's .gitignore says.
   */
  async tidy(): Promise<void> {
    const folder = dirname(this.siteFile);
    for (const name of await readdir(folder)) if (TEMP_FILE.test(name)) await rm(join(folder, name), { force: true });
    const place = await this.gitPlace();
    if (!place) return;
    const probe = join(dirname(place.rel), `.000000000000${TEMP_SUFFIX}`);
    if ((await git(place.root, ['check-ignore', '--quiet', '--no-index', '--', probe])).code === 0) return;
    const exclude = (await git(place.root, ['rev-parse', '--git-path', 'info/exclude'])).stdout.trim();
    if (!exclude) return;
    const path = resolve(place.root, exclude);
    await mkdir(dirname(path), { recursive: true });
    const before = existsSync(path) ? await readFile(path, 'utf8') : '';
    const separator = before && !before.endsWith('\n') ? '\n' : '';
    await writeFile(path, `${before}${separator}# The staff editor's temporary files while it saves\n.*${TEMP_SUFFIX}\n`);
  }

  private async gitPlace(): Promise<{ root: string; rel: string } | undefined> {
    const root = await repositoryRoot(dirname(this.siteFile));
    return root ? { root, rel: relative(root, this.siteFile).split(sep).join('/') } : undefined;
  }

  /** The published branch as this computer last saw it (the remote's copy when known, else the last commit). */
  private async publishedRef(root: string): Promise<string> {
    const target = await pushTarget(root);
    if (target) {
      const ref = `refs/remotes/${target.remote}/${target.branch}`;
      if ((await git(root, ['rev-parse', '--verify', '--quiet', ref])).code === 0) return ref;
    }
    return 'HEAD';
  }

  async published(): Promise<string | undefined> {
    const place = await this.gitPlace();
    if (!place) return undefined;
    const shown = await git(place.root, ['show', `${await this.publishedRef(place.root)}:${place.rel}`]);
    return shown.code === 0 ? shown.stdout : undefined;
  }

  async addPublicFile(folder: string, name: string, bytes: Uint8Array): Promise<string> {
    const dir = join(this.publicDir, folder);
    await mkdir(dir, { recursive: true });
    // 'wx': never replace an existing file; the caller generated a fresh name.
    await writeFile(join(dir, name), bytes, { flag: 'wx' });
    return `/${folder}/${name}`;
  }

  /** New files under public/ that git does not know yet and that the content mentions: they go with the commit. */
  private async newPublicFiles(root: string, text: string): Promise<string[]> {
    const publicRel = relative(root, this.publicDir).split(sep).join('/');
    const listed = await git(root, ['ls-files', '--others', '--exclude-standard', '-z', '--', publicRel]);
    return listed.stdout.split('\0').filter(Boolean).filter((file) => text.includes('/' + file.slice(publicRel.length + 1)));
  }

  /** Whether a path of the repository is content: the site file, or under the public/ and documents/ folders beside it. */
  private contentOf(root: string): (path: string) => boolean {
    const rel = (path: string) => relative(root, path).split(sep).join('/');
    const folders = [rel(this.publicDir), rel(documentsDirFor(this.siteFile))].map((folder) => `${folder}/`);
    return (path) => path === rel(this.siteFile) || folders.some((folder) => path.startsWith(folder));
  }

  /**
   * Commits `text` as the site file (exactly these bytes, whatever is on disk by now) and the new files on top of
   * `parent`, through an index of its own: anything else staged in this copy stays out of the commit. `carried`:
   * content files this copy has committed that the parent lacks. Returns the new commit, none when the content is
   * already there, or why it could not.
   */
  private async commitContent(root: string, rel: string, text: string, files: string[], message: string, parent: string, carried: string[], author?: string):
    Promise<{ commit?: string } | { failed: PublishResult }> {
    const gitDir = (await git(root, ['rev-parse', '--absolute-git-dir'])).stdout.trim();
    // The person who made the change is its author; this computer's git identity commits it (and gives the e-mail).
    const env = { GIT_INDEX_FILE: join(gitDir, `editor-publish-${randomBytes(6).toString('hex')}.index`), ...(author ? { GIT_AUTHOR_NAME: author } : {}) };
    const step = async (args: string[], input?: string) => {
      const result = await git(root, args, 60_000, { env, input });
      if (result.code !== 0) throw new Error(`${result.stdout}\n${result.stderr}`.trim().split('\n')[0]);
      return result.stdout.trim();
    };
    try {
      await step(['read-tree', parent]);
      for (const path of carried) {
        const entry = await step(['ls-tree', '-z', 'HEAD', '--', path]);
        if (entry) await step(['update-index', '-z', '--index-info'], entry.replace(/\0?$/, '\0'));
        else await step(['update-index', '--force-remove', '--', path]);
      }
      const blob = await step(['hash-object', '-w', '--stdin', `--path=${rel}`], text);
      const mode = (await step(['ls-files', '--stage', '--', rel])).split(' ')[0] || '100644';
      await step(['update-index', '--add', '--cacheinfo', `${mode},${blob},${rel}`]);
      if (files.length) await step(['add', '--', ...files]);
      const tree = await step(['write-tree']);
      if (tree === await step(['rev-parse', `${parent}^{tree}`])) return {};
      const committed = await git(root, ['commit-tree', tree, '-p', parent, '-m', message], 60_000, { env });
      if (committed.code !== 0) {
        const said = `${committed.stdout}\n${committed.stderr}`;
        if (/user\.email|user\.name|tell me who you are|empty ident/i.test(said)) {
          return { failed: { ok: false, message: `git does not know who is publishing (no name and e-mail are set on this computer). ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to run: git config --global user.name "Your Name" and git config --global user.email you@example.com.` } };
        }
        return { failed: { ok: false, message: `git could not record the changes (${said.trim().split('\n')[0]}). ${SAVED_NOT_PUBLISHED}` } };
      }
      return { commit: committed.stdout.trim() };
    } catch (error) {
      return { failed: { ok: false, message: `git could not record the changes (${error instanceof Error ? error.message : String(error)}). ${SAVED_NOT_PUBLISHED}` } };
    } finally {
      await rm(env.GIT_INDEX_FILE, { force: true });
    }
  }

  /** The text of the site file at a commit ('' when it has none). */
  private async textAt(root: string, rel: string, commit: string): Promise<string> {
    const shown = await git(root, ['show', `${commit}:${rel}`]);
    return shown.code === 0 ? shown.stdout : '';
  }

  publish(message: string, check: PublishCheck, merge: PublishMerge, author?: string) {
    // In the queue of saves: the text read here is the one checked and the one committed, and no save lands between.
    return this.serial(async (): Promise<PublishResult> => {
      const place = await this.gitPlace();
      if (!place) {
        return { ok: false, message: `This folder is not kept with git, so the editor cannot publish from here. ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to set up publishing, or to publish site.yaml for you.` };
      }
      const { root, rel } = place;
      const target = await pushTarget(root);
      if (!target) {
        return { ok: false, message: `No place to publish to is set up (git has no remote). ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to add one (git remote add origin ...).` };
      }
      // What the website has now: when it cannot be reached, what this computer last saw (the push then says why).
      await git(root, ['fetch', '--quiet', target.remote, `+refs/heads/${target.branch}:refs/remotes/${target.remote}/${target.branch}`], 120_000);
      const base = `refs/remotes/${target.remote}/${target.branch}`;
      if ((await git(root, ['rev-parse', '--verify', '--quiet', `${base}^{commit}`])).code !== 0) {
        return { ok: false, message: `This computer does not know what the website's copy (${target.remote}) holds yet, so nothing was sent. ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to run git fetch ${target.remote}, then press Publish again.` };
      }
      const { text } = await this.read();
      const refused = check(text);
      if (refused) return { ok: false, ...refused };
      const isContent = this.contentOf(root);
      // Changes of this copy since the website's version (three dots: not the website's own newer changes).
      const local = await git(root, ['diff', '--name-only', '-z', '--no-renames', `${base}...HEAD`]);
      const changedHere = local.stdout.split('\0').filter(Boolean);
      const others = changedHere.filter((path) => !isContent(path));
      if (others.length) {
        const named = others.slice(0, 5).join(', ') + (others.length > 5 ? ` and ${others.length - 5} more` : '');
        return { ok: false, message: `This computer has recorded changes to files other than the content, not yet on the website: ${named}. Publish sends only ${basename(rel)}, pictures and documents, so nothing was sent. ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to send or undo those changes, then press Publish again.` };
      }
      const remoteHead = (await git(root, ['rev-parse', `${base}^{commit}`])).stdout.trim();
      const head = (await git(root, ['rev-parse', 'HEAD'])).stdout.trim();
      // Someone published since this copy last took the website's version: the draft is done again on theirs.
      const behind = (await git(root, ['merge-base', '--is-ancestor', remoteHead, 'HEAD'])).code !== 0;
      let content = text;
      if (behind) {
        const common = (await git(root, ['merge-base', remoteHead, 'HEAD'])).stdout.trim();
        const [by, at] = (await git(root, ['log', '-1', '--format=%an%x09%aI', common ? `${common}..${remoteHead}` : remoteHead, '--', rel])).stdout.trim().split('\t');
        const texts = { base: common ? await this.textAt(root, rel, common) : '', mine: text, theirs: await this.textAt(root, rel, remoteHead) };
        const merged = mergeForPublish(merge, check, texts, { by: by || undefined, at: at || undefined }, SAVED_NOT_PUBLISHED);
        if (!merged.ok) return merged.result;
        content = merged.text;
      }
      const made = await this.commitContent(root, rel, content, await this.newPublicFiles(root, content), message, behind ? remoteHead : 'HEAD',
        behind ? changedHere.filter((path) => path !== rel) : [], author);
      if ('failed' in made) return made.failed;
      const commit = made.commit ?? (behind ? remoteHead : head);
      if ((await git(root, ['diff', '--quiet', `${base}...${commit}`, '--'])).code === 0) {
        if (!behind) return { ok: false, message: NOTHING_NEW };
        // Everything typed here is on the website already (a colleague's, chosen with "Keep theirs"): this copy takes
        // the website's version, so that the form, Review and the next publish all start from it.
        await this.follow(root, head, remoteHead, content);
        return { ok: false, settled: true, message: `${NOTHING_NEW} ${NOW_AS_PUBLISHED}` };
      }
      const pushed = await git(root, ['push', '--porcelain', target.remote, `${commit}:refs/heads/${target.branch}`], 120_000);
      if (pushed.code !== 0) return { ok: false, message: explainPushFailure(`${pushed.stdout}\n${pushed.stderr}`, target.remote) };
      await this.follow(root, head, commit, behind ? content : undefined);
      return { ok: true, commit, merged: behind, message: `Published. The website will show the changes once its checks have passed (usually a few minutes).` };
    });
  }

  /**
   * This copy follows the published commit: its branch, and the index for the content. When the draft was merged
   * with newer changes, the file becomes the merged text and the others' new files are brought in (files this copy
   * changed itself are left as they are).
   */
  private async follow(root: string, head: string, commit: string, merged: string | undefined) {
    if (commit === head) return;
    const changed = (await git(root, ['diff', '--name-only', '-z', head, commit])).stdout.split('\0').filter(Boolean);
    if (merged !== undefined) await this.writeNow(merged);
    const content = changed.filter(this.contentOf(root));
    if (content.length) await git(root, ['reset', '--quiet', commit, '--', ...content]);
    if (merged !== undefined) await git(root, ['read-tree', '-m', '-u', head, commit]);
    await git(root, ['update-ref', 'HEAD', commit, head]);
  }
}
