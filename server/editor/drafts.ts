/** One person's draft as the editor's database keeps it, and what may be done with it. */
import type { Claims } from './claims.ts';

/** A file uploaded into a draft, published with it (a path under public/ or documents/). */
export interface DraftFile { path: string; content: Uint8Array }

/**
 * One person's unpublished work: the commit it was started on, the operations made since (the forms' edits), and the
 * text they give (also what a change made in the YAML view gives). `version` goes up by one with every save.
 */
export interface Draft {
  base: string; text: string; ops: unknown[]; version: number; updatedAt: string;
  /** Asked for approval, with this description (cleared by the next save). */
  asked?: { at: string; message: string };
  /** Sent back by a colleague who may publish, with their note. */
  returned?: { note: string; by: string };
}

/**
 * A person's own draft and its files, read and written for them: also what publishing needs of a draft (HostedStore),
 * and of a colleague's asked draft when approving it.
 */
export interface DraftDb {
  draft(claims: Claims): Promise<Draft | undefined>;
  /**
   * Writes the draft when its stored version is still `expected` (0: there is none yet); returns the new version, or
   * undefined when another save came first (nothing written).
   */
  saveDraft(claims: Claims, draft: Omit<Draft, 'version' | 'updatedAt'>, expected: number): Promise<number | undefined>;
  files(claims: Claims): Promise<DraftFile[]>;
  /** One file of the person's draft (its path under public/), or undefined when their draft has none there. */
  file(claims: Claims, path: string): Promise<Uint8Array | undefined>;
  addFile(claims: Claims, file: DraftFile): Promise<void>;
  /**
   * After a publish of the draft's version `version`: removes the draft when it is still that version, and the files
   * the publish read (`files`). Returns false, and keeps the draft, when a save came meanwhile.
   */
  settleDraft(claims: Claims, version: number, files: readonly string[]): Promise<boolean>;
}
