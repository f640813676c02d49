import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { ContentError } from '../../src/content/errors.ts';
import { documentsDirFor } from '../../src/content/siteFiles.ts';
import { git, pushTarget, repositoryRoot } from './git.ts';

/**
 * Where the editor reads and writes the practice's content. The forms and the API only use this interface, so a
 * second home for the content (say, a hosted editor committing through a Git host's API) is one more class.
 */
export interface ContentStore {
  /** The site file's text as it is now, and a hash that names this version. */
  read(): Promise<Loaded>;
  /** Writes `text` if the file is still the version `baseHash` names; otherwise writes nothing and says why. */
  write(text: string, baseHash: string): Promise<{ ok: true; hash: string } | { ok: false; message: string }>;
  /** The text as last published, or undefined when there is no published version to compare with. */
  published(): Promise<string | undefined>;
  /** Stores a new file under public/ (folder inside public/, a generated safe name) and returns its address. */
  addPublicFile(folder: string, name: string, bytes: Uint8Array): Promise<string>;
  /**
   * Records the current content with the staff's one-line description and sends it to be published, after `check`
   * has passed the very text that is recorded.
   */
  publish(message: string, check: PublishCheck): Promise<PublishResult>;
  /** Tidies what an editor stopped in the middle of a save left behind; run once as the editor starts. */
  tidy?(): Promise<void>;
  /** Addresses of every file under public/, for pickers. */
  readonly publicDir: string;
}

export interface Loaded { text: string; hash: string }
export type PublishResult = { ok: true; message: string; commit: string } | { ok: false; message: string; problems?: ContentError[] };
/** Why a text may not be published (with the problems to show), or undefined when it may. */
export type PublishCheck = (text: string) => { message: string; problems: ContentError[] } | undefined;

export const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

export const CHANGED_ON_DISK = 'site.yaml was changed by another program since the editor loaded it (perhaps someone edited it in a text editor). ' +
  'Your last change was not saved, so as not to overwrite theirs. Press "Load again" to see the file as it is now, then make your change again.';

export const SAVED_NOT_PUBLISHED = 'Your changes are saved on this computer; nothing is lost.';

/** Turns what `git push` printed into what staff can act on. */
export function explainPushFailure(stderr: string, remote: string): string {
  if (/\[rejected\]|non-fast-forward|fetch first|\[remote rejected\]/i.test(stderr)) {
    return `The website's copy (${remote}) has newer changes made by someone else, so yours were not sent. ` +
      `${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to bring in the other changes (git pull), then press Publish again.`;
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

  async read(): Promise<Loaded> {
    const text = await readFile(this.siteFile, 'utf8');
    return { text, hash: hashOf(text) };
  }

  write(text: string, baseHash: string) {
    return this.serial(async (): Promise<{ ok: true; hash: string } | { ok: false; message: string }> => {
      const current = await this.read();
      if (current.hash !== baseHash) return { ok: false, message: CHANGED_ON_DISK };
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
      return { ok: true, hash: hashOf(text) };
    });
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
   * Commits `text` as the site file (exactly these bytes, whatever is on disk by now) and the new files, through an
   * index of its own: anything else staged in this copy stays out of the commit, and nothing is committed when the
   * content is already there. Returns why it could not, or undefined once done.
   */
  private async commitContent(root: string, rel: string, text: string, files: string[], message: string): Promise<PublishResult | undefined> {
    const gitDir = (await git(root, ['rev-parse', '--absolute-git-dir'])).stdout.trim();
    const env = { GIT_INDEX_FILE: join(gitDir, `editor-publish-${randomBytes(6).toString('hex')}.index`) };
    const step = async (args: string[], input?: string) => {
      const result = await git(root, args, 60_000, { env, input });
      if (result.code !== 0) throw new Error(`${result.stdout}\n${result.stderr}`.trim().split('\n')[0]);
      return result.stdout.trim();
    };
    try {
      await step(['read-tree', 'HEAD']);
      const blob = await step(['hash-object', '-w', '--stdin', `--path=${rel}`], text);
      const mode = (await step(['ls-files', '--stage', '--', rel])).split(' ')[0] || '100644';
      await step(['update-index', '--add', '--cacheinfo', `${mode},${blob},${rel}`]);
      if (files.length) await step(['add', '--', ...files]);
      if ((await git(root, ['diff-index', '--cached', '--quiet', 'HEAD', '--'], 60_000, { env })).code === 0) return undefined;
      const committed = await git(root, ['commit', '--quiet', '-m', message], 60_000, { env });
      if (committed.code !== 0) {
        const said = `${committed.stdout}\n${committed.stderr}`;
        if (/user\.email|user\.name|tell me who you are|empty ident/i.test(said)) {
          return { ok: false, message: `git does not know who is publishing (no name and e-mail are set on this computer). ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to run: git config --global user.name "Your Name" and git config --global user.email you@example.com.` };
        }
        return { ok: false, message: `git could not record the changes (${said.trim().split('\n')[0]}). ${SAVED_NOT_PUBLISHED}` };
      }
    } catch (error) {
      return { ok: false, message: `git could not record the changes (${error instanceof Error ? error.message : String(error)}). ${SAVED_NOT_PUBLISHED}` };
    } finally {
      await rm(env.GIT_INDEX_FILE, { force: true });
    }
    // This copy's own index follows the new commit for these paths (the working files are left as they are).
    await git(root, ['reset', '--quiet', '--', rel, ...files]);
    return undefined;
  }

  publish(message: string, check: PublishCheck) {
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
      // What the website has, as this computer last saw it: only content goes on top of it.
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
      const others = local.stdout.split('\0').filter(Boolean).filter((path) => !isContent(path));
      if (others.length) {
        const named = others.slice(0, 5).join(', ') + (others.length > 5 ? ` and ${others.length - 5} more` : '');
        return { ok: false, message: `This computer has recorded changes to files other than the content, not yet on the website: ${named}. Publish sends only ${basename(rel)}, pictures and documents, so nothing was sent. ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to send or undo those changes, then press Publish again.` };
      }
      const failed = await this.commitContent(root, rel, text, await this.newPublicFiles(root, text), message);
      if (failed) return failed;
      if ((await git(root, ['diff', '--quiet', `${base}...HEAD`, '--'])).code === 0) {
        return { ok: false, message: 'There is nothing new to publish: the website already has these contents.' };
      }
      const commit = (await git(root, ['rev-parse', 'HEAD'])).stdout.trim();
      const pushed = await git(root, ['push', '--porcelain', target.remote, `${commit}:refs/heads/${target.branch}`], 120_000);
      if (pushed.code !== 0) return { ok: false, message: explainPushFailure(`${pushed.stdout}\n${pushed.stderr}`, target.remote) };
      return { ok: true, commit, message: `Published. The website will show the changes once its checks have passed (usually a few minutes).` };
    });
  }
}
