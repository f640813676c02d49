import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { FileChange } from '../editor/gitHost.ts';
import { documentsDirFor, siteAddresses } from '../../src/content/siteFiles.ts';
import { changedPaths, commitOf, identity, ignoreHere, mergeBase, pushTarget, repositoryRoot, textAt, untrackedFiles } from './git.ts';
import { GitProblem, LocalGitHost, SAVED_NOT_PUBLISHED } from './localGitHost.ts';
import { hashOf, NOTHING_NEW, NOW_AS_PUBLISHED, type ContentStore, type Loaded } from '../editor/contentStore.ts';
import type { PublishCheck, PublishMerge, PublishResult } from '../editor/publishing.ts';
import type { HistoryPlace } from '../editor/history.ts';
import { namedBy, PUBLISHED, publishOnHost, type Outgoing } from '../editor/publishOnHost.ts';

export const CHANGED_ON_DISK = 'site.yaml was changed by another program since the editor loaded it (perhaps someone edited it in a text editor). ' +
  'Your last change was not saved, so as not to overwrite theirs. Press "Load again" to see the file as it is now, then make your change again.';

const NOT_KEPT_WITH_GIT = `This folder is not kept with git, so the editor cannot publish from here. ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to set up publishing, or to publish site.yaml for you.`;
const NO_REMOTE = `No place to publish to is set up (git has no remote). ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to add one (git remote add origin ...).`;
const NO_COMMIT = `This copy has no commit yet, so there is no published version to start from. ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to set up publishing.`;
const NO_IDENTITY = `git does not know who is publishing (no name and e-mail are set on this computer). ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to run: git config --global user.name "Your Name" and git config --global user.email you@example.com.`;

function otherFiles(others: string[], site: string): string {
  const named = others.slice(0, 5).join(', ') + (others.length > 5 ? ` and ${others.length - 5} more` : '');
  return `This computer has recorded changes to files other than the content, not yet on the website: ${named}. Publish sends only ${site}, pictures and documents, so nothing was sent. ${SAVED_NOT_PUBLISHED} Ask the person who looks after the website to send or undo those changes, then press Publish again.`;
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

/** The site file's repository, and its path there. */
interface Place { root: string; rel: string }

/**
 * `npm run edit`'s content: the site file on this computer is the draft, written as staff type, and the commit this
 * copy's branch is on is what it was made on. Publish sends it as `npm start` does, through LocalGitHost (this
 * checkout and its remote), and then the copy follows the published commit.
 */
export class FileDraftStore implements ContentStore {
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
   * site file, and makes sure git ignores such files in this copy.
   */
  async tidy(): Promise<void> {
    const folder = dirname(this.siteFile);
    for (const name of await readdir(folder)) if (TEMP_FILE.test(name)) await rm(join(folder, name), { force: true });
    const place = await this.place();
    if (!place) return;
    const probe = join(dirname(place.rel), `.000000000000${TEMP_SUFFIX}`);
    await ignoreHere(place.root, probe, `.*${TEMP_SUFFIX}`, 'The staff editor\'s temporary files while it saves');
  }

  private async place(): Promise<Place | undefined> {
    const root = await repositoryRoot(dirname(this.siteFile));
    return root ? { root, rel: this.inRepository(root, this.siteFile) } : undefined;
  }

  private inRepository(root: string, path: string): string {
    return relative(root, path).split(sep).join('/');
  }

  /** The published version as this computer last saw it (the remote's copy when known, else the last commit). */
  async published(): Promise<string | undefined> {
    const place = await this.place();
    if (!place) return undefined;
    const target = await pushTarget(place.root);
    const seen = target && await commitOf(place.root, `refs/remotes/${target.remote}/${target.branch}`);
    return textAt(place.root, seen ?? 'HEAD', place.rel);
  }

  async addPublicFile(folder: string, name: string, bytes: Uint8Array): Promise<string> {
    const dir = join(this.publicDir, folder);
    await mkdir(dir, { recursive: true });
    // 'wx': never replace an existing file; the caller generated a fresh name.
    await writeFile(join(dir, name), bytes, { flag: 'wx' });
    return `/${folder}/${name}`;
  }

  publish(message: string, check: PublishCheck, merge: PublishMerge, author?: string) {
    // In the queue of saves: the text read here is the one checked and the one committed, and no save lands between.
    return this.serial(async (): Promise<PublishResult> => {
      const place = await this.place();
      if (!place) return { ok: false, message: NOT_KEPT_WITH_GIT };
      const target = await pushTarget(place.root);
      if (!target) return { ok: false, message: NO_REMOTE };
      const local = await commitOf(place.root, 'HEAD');
      if (!local) return { ok: false, message: NO_COMMIT };
      // The person who made the change is its author; this computer's git identity commits it (and gives the e-mail).
      const who = await identity(place.root);
      if (!who) return { ok: false, message: NO_IDENTITY };
      const host = new LocalGitHost({ root: place.root, remote: target.remote, branch: target.branch, checkout: target.local });
      const { text } = await this.read();
      try {
        const sent = await publishOnHost({ host, site: place.rel, kept: SAVED_NOT_PUBLISHED }, this.outgoing(place, host, local, text),
          { message, check, merge, author: { name: author ?? who.name, email: who.email } });
        if ('refused' in sent) return sent.refused;
        if (sent.merged && sent.content !== text) await this.writeNow(sent.content);
        if (sent.sent) {
          await host.follow(local, sent.commit);
          return { ok: true, commit: sent.commit, merged: sent.merged, message: PUBLISHED };
        }
        if (!sent.merged) return { ok: false, message: NOTHING_NEW };
        // Everything typed here is on the website already (a colleague's, chosen with "Keep theirs"): this copy takes
        // the website's version, so that the form, Review and the next publish all start from it.
        await host.follow(local, sent.head);
        return { ok: false, settled: true, message: `${NOTHING_NEW} ${NOW_AS_PUBLISHED}` };
      } catch (error) {
        if (error instanceof GitProblem) return { ok: false, message: error.message };
        throw error;
      }
    });
  }

  /** This copy's remote as History reads it; after going back, this copy follows when it holds no unpublished work. */
  async historyPlace(author?: string): Promise<HistoryPlace | undefined> {
    const place = await this.place();
    const target = place && await pushTarget(place.root);
    const who = place && await identity(place.root);
    if (!place || !target || !who) return undefined;
    const host = new LocalGitHost({ root: place.root, remote: target.remote, branch: target.branch, checkout: target.local });
    const follow = async (commit: string) => {
      const local = await commitOf(place.root, 'HEAD');
      if (local) await this.serial(() => host.follow(local, commit));
    };
    return { to: { host, site: place.rel, kept: SAVED_NOT_PUBLISHED }, author: { name: author ?? who.name, email: who.email }, made: follow };
  }

  /** Whether a path of the repository is content: the site file, or under the public/ and documents/ folders beside it. */
  private contentOf(root: string): (path: string) => boolean {
    const folders = [this.publicDir, documentsDirFor(this.siteFile)].map((folder) => `${this.inRepository(root, folder)}/`);
    const site = this.inRepository(root, this.siteFile);
    return (path) => path === site || folders.some((folder) => path.startsWith(folder));
  }

  /**
   * The draft as Publish sends it: the file's text, made on the newest commit this copy shares with the website; with
   * it go the content files this copy has committed since then, and the new files under public/ that the content names.
   */
  private outgoing({ root, rel }: Place, host: LocalGitHost, local: string, text: string): Outgoing {
    const isContent = this.contentOf(root);
    let carried: string[] = [];
    return {
      text,
      baseOn: async (head) => {
        const base = await mergeBase(root, local, head);
        const changed = base ? await changedPaths(root, `${base}..${local}`) : [];
        const others = changed.filter((path) => !isContent(path));
        if (others.length) return { refused: { ok: false, message: otherFiles(others, basename(rel)) } };
        carried = changed.filter((path) => path !== rel);
        return { base };
      },
      files: async (content) => {
        const files: FileChange[] = [];
        for (const path of carried) {
          const bytes = await host.read(local, path);
          // A file this copy removed stays on the website: a host's commit adds and changes files, never removes one.
          if (bytes) files.push({ path, content: bytes });
        }
        const named = namedBy(content);
        const publicRel = this.inRepository(root, this.publicDir);
        for (const path of await untrackedFiles(root, publicRel)) {
          if (named(path.slice(publicRel.length))) files.push({ path, content: new Uint8Array(await readFile(join(root, path))) });
        }
        return files;
      },
    };
  }
}
