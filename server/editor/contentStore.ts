import type { Op } from '../../src/editor/ops/op.ts';
import type { HistoryPlace } from './history.ts';
import type { PublishCheck, PublishMerge, PublishResult } from './publishing.ts';

/**
 * Where the editor reads and writes the practice's content. The forms and the API only use this interface. A store
 * keeps the draft (the site file on this computer: store.ts; a draft in the database: hostedStore.ts), and both
 * publish the same way, through a GitHost (publishOnHost.ts), so another home for drafts or the website is one class.
 */
export interface ContentStore {
  /** The site file's text as it is now, and a hash that names this version. */
  read(): Promise<Loaded>;
  /**
   * Writes `text` if the file is still the version `baseHash` names; otherwise writes nothing and says why. `draft`:
   * the operations made since the last publish, for a store that keeps them between requests.
   */
  write(text: string, baseHash: string, draft?: Op[]): Promise<{ ok: true; hash: string } | { ok: false; message: string }>;
  /** The operations made since the last publish, kept by the store (a hosted draft); else the editor keeps them. */
  draftOps?(): Promise<Op[]>;
  /** The addresses the site serves ('/images/x.jpg', '/downloads/y.pdf'), from the folders beside the site file or the Git host. */
  addresses(): Promise<string[]>;
  /** The text as last published, or undefined when there is no published version to compare with. */
  published(): Promise<string | undefined>;
  /** Stores a new file under public/ (folder inside public/, a generated safe name) and returns its address. */
  addPublicFile(folder: string, name: string, bytes: Uint8Array): Promise<string>;
  /**
   * For a store that keeps uploads apart until they are published (a hosted draft): their addresses, and the bytes of
   * one (its path under public/) to the draft's owner, so that the form and the preview show it before any build has it.
   */
  draftUploads?(): Promise<string[]>;
  draftFile?(path: string): Promise<Uint8Array | undefined>;
  /**
   * Records the current content with the staff's one-line description and sends it to be published, after `check`
   * has passed the very text that is recorded.
   */
  publish(message: string, check: PublishCheck, merge: PublishMerge, author?: string): Promise<PublishResult>;
  /**
   * Where the published versions are, for History, and who goes back (`author`: the name typed in this computer's
   * editor); undefined when there is nowhere to publish to.
   */
  historyPlace?(author?: string): Promise<HistoryPlace | undefined>;
  /** Tidies what an editor stopped in the middle of a save left behind; run once as the editor starts. */
  tidy?(): Promise<void>;
}

export interface Loaded { text: string; hash: string }
/**
 * A short name for one version of a text or a file's bytes (the first 16 hex digits of its SHA-256), by the Web Crypto
 * every runtime has.
 */
export async function hashOf(content: string | Uint8Array): Promise<string> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return [...digest.slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const NOTHING_NEW = 'There is nothing new to publish: the website already has these contents.';
export const NOW_AS_PUBLISHED = 'The editor now shows the website\'s version.';

