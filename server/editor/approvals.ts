/**
 * Drafts that ask for approval, read and written as the signed-in person: row level security (supabase/migrations:
 * editor approval) shows them only to a person who may publish, who publishes one (removing it) or sends it back.
 */
import type { SqlQuery } from '../feedback/store.ts';
import type { Claims } from './claims.ts';
import type { Draft, DraftDb, DraftFile } from './drafts.ts';
import { bytes, DRAFT_COLUMNS, toDraft } from './draftRows.ts';

/** A request for approval: whose draft (their account's id, address and name), and the draft itself. */
export interface AskedDraft { author: string; email: string; name: string; draft: Draft & { asked: NonNullable<Draft['asked']> } }

export interface ApprovalsDb {
  /** Marks the person's own draft as asking for approval, under their name: false when they have no draft. */
  ask(claims: Claims, message: string, name: string): Promise<boolean>;
  /** The drafts asking for approval that the person may see (all of them when they may publish), oldest first. */
  asked(claims: Claims): Promise<AskedDraft[]>;
  /** Sends `author`'s request back with a note: false when there is no such request the person may send back. */
  sendBack(claims: Claims, author: string, note: string): Promise<boolean>;
  /** `author`'s asked draft as publishing reads and settles it, for the person approving it. */
  askedDraft(author: string): DraftDb;
}

type AsPerson = <T>(claims: Claims, work: (query: SqlQuery) => Promise<T>) => Promise<T>;

const ASKED = 'asked_at is not null';

export function sqlApprovals(asPerson: AsPerson): ApprovalsDb {
  return {
    ask: (claims, message, name) => asPerson(claims, async (query) => (await query(
      `update public.editor_drafts set asked_at = now(), asked_message = $1, asked_by_name = $2, returned_note = null, returned_by = null
       where user_id = site_editor_private.person_id() returning version`,
      [message, name],
    )).length === 1),
    asked: (claims) => asPerson(claims, async (query) => {
      const rows = await query(`select user_id, email, asked_by_name, ${DRAFT_COLUMNS} from public.editor_drafts where ${ASKED} order by asked_at`, []);
      return rows.map((row) => ({ author: String(row.user_id), email: String(row.email), name: String(row.asked_by_name), draft: toDraft(row) as AskedDraft['draft'] }));
    }),
    sendBack: (claims, author, note) => asPerson(claims, async (query) => {
      const [row] = await query('select site_editor_private.send_back($1::uuid, $2) as sent', [author, note]);
      return row?.sent === true;
    }),
    askedDraft(author) {
      return {
        draft: (claims) => asPerson(claims, async (query) => {
          const [row] = await query(`select ${DRAFT_COLUMNS} from public.editor_drafts where user_id = $1::uuid and ${ASKED}`, [author]);
          return row && toDraft(row);
        }),
        files: (claims) => asPerson(claims, async (query) =>
          (await query('select path, content from public.editor_draft_files where user_id = $1::uuid order by path', [author]))
            .map((row): DraftFile => ({ path: String(row.path), content: bytes(row.content) }))),
        file: (claims, path) => asPerson(claims, async (query) => {
          const [row] = await query('select content from public.editor_draft_files where user_id = $1::uuid and path = $2', [author, path]);
          return row && bytes(row.content);
        }),
        settleDraft: (claims, version, files) => asPerson(claims, async (query) => {
          await query('delete from public.editor_draft_files where user_id = $1::uuid and path in (select jsonb_array_elements_text($2::text::jsonb))', [author, JSON.stringify(files)]);
          return (await query(`delete from public.editor_drafts where user_id = $1::uuid and version = $2 and ${ASKED} returning version`, [author, version])).length === 1;
        }),
        // An approver never writes someone else's draft: what they approve is published as it was asked, or not at all.
        saveDraft: () => Promise.resolve(undefined),
        addFile: () => Promise.reject(new Error('A draft asking for approval takes no new file from the person approving it.')),
      };
    },
  };
}
