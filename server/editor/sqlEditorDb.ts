/**
 * The editor's tables on any Postgres that ran supabase/migrations (postgres.js on Supabase, PGlite locally), every
 * statement run in the function's own role with the signed-in person's claims, so that row level security, not this
 * code, keeps each person to their own editor row, draft and files. The signed-in role itself (Supabase's REST API)
 * has no right on these tables at all.
 */
import type { SqlQuery } from '../feedback/store.ts';
import type { Claims } from './claims.ts';
import type { DraftFile, EditorDb } from './editorDb.ts';
import { sqlPeople } from './people.ts';
import { sqlApprovals } from './approvals.ts';
import { bytes, DRAFT_COLUMNS, toDraft } from './draftRows.ts';

/**
 * Runs `work` in one transaction as the person: `actAsPerson` first, so the role and the claims last exactly as long
 * as the transaction (and a pooled connection carries nothing over to the next request).
 */
export type AsPerson = <T>(claims: Claims, work: (query: SqlQuery) => Promise<T>) => Promise<T>;

/** The role only the function's own database login can take (supabase/migrations: editor tables function only). */
export const FUNCTION_ROLE = 'site_editor_function';

/**
 * The first statements of a person's transaction: the function's role, and the verified claims of the person it acts
 * for, which the tables' policies read. `set local` / set_config(..., true) end with the transaction.
 */
export async function actAsPerson(query: SqlQuery, claims: Claims): Promise<void> {
  await query(`set local role ${FUNCTION_ROLE}`, []);
  await query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
}

const EMAIL = 'site_editor_private.person_email()';
const PERSON = 'site_editor_private.person_id()';
/** The EditorDb of the hosted editor: each method one transaction as the person whose claims it is given. */
export function sqlEditorDb(asPerson: AsPerson): EditorDb {
  return {
    ...sqlPeople(asPerson),
    ...sqlApprovals(asPerson),

    draft: (claims) =>
      asPerson(claims, async (query) => {
        const [row] = await query(`select ${DRAFT_COLUMNS} from public.editor_drafts where user_id = ${PERSON}`, []);
        return row && toDraft(row);
      }),

    saveDraft: (claims, draft, expected) =>
      asPerson(claims, async (query) => {
        const params = [draft.base, draft.text, JSON.stringify(draft.ops)];
        // The version check and the write are one statement: of two saves from the same version, the second finds the
        // row already moved on (or already there) and writes nothing.
        const rows = expected === 0
          ? await query(
            `insert into public.editor_drafts (user_id, email, base, text, ops, version)
             values (${PERSON}, ${EMAIL}, $1, $2, $3::text::jsonb, 1)
             on conflict (user_id) do nothing returning version`,
            params,
          )
          : await query(
            `update public.editor_drafts set base = $1, text = $2, ops = $3::text::jsonb, version = version + 1, updated_at = now(),
               asked_at = null, asked_message = null, asked_by_name = null
             where user_id = ${PERSON} and version = $4 returning version`,
            [...params, expected],
          );
        return rows[0] === undefined ? undefined : Number(rows[0].version);
      }),

    files: (claims) =>
      asPerson(claims, async (query) => {
        const rows = await query(`select path, content from public.editor_draft_files where user_id = ${PERSON} order by path`, []);
        return rows.map((row): DraftFile => ({ path: String(row.path), content: bytes(row.content) }));
      }),

    file: (claims, path) =>
      asPerson(claims, async (query) => {
        const [row] = await query(`select content from public.editor_draft_files where user_id = ${PERSON} and path = $1`, [path]);
        return row && bytes(row.content);
      }),

    addFile: (claims, file) =>
      asPerson(claims, async (query) => {
        await query(
          `insert into public.editor_draft_files (user_id, email, path, content) values (${PERSON}, ${EMAIL}, $1, $2::bytea)
           on conflict (user_id, path) do update set content = excluded.content`,
          [file.path, file.content],
        );
        // An upload changes what would be published, as a save does: it takes a request for approval back too.
        await query(`update public.editor_drafts set asked_at = null, asked_message = null, asked_by_name = null where user_id = ${PERSON} and asked_at is not null`, []);
      }),

    settleDraft: (claims, version, files) =>
      asPerson(claims, async (query) => {
        // The files the publish read go either way (sent with it, or tried and left); one uploaded meanwhile stays.
        await query(`delete from public.editor_draft_files where user_id = ${PERSON} and path in (select jsonb_array_elements_text($1::text::jsonb))`, [JSON.stringify(files)]);
        const removed = await query(`delete from public.editor_drafts where user_id = ${PERSON} and version = $1 returning version`, [version]);
        return removed.length === 1;
      }),
  };
}
