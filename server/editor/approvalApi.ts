/**
 * Approval, for a practice that wants a colleague's changes looked at first: a person who may not publish asks for
 * approval with a description; a person who may publish sees each request in staff's words (Review's), then publishes
 * it, with the author's name and "Approved-by" theirs, through the same check and field-by-field merge as Publish (a
 * clash put to them with both values), or sends it back with a note the author sees beside the draft.
 */
import { editorCatalogue } from '../../src/content/errors.ts';
import type { DraftDb } from './drafts.ts';
import type { Claims } from './claims.ts';
import type { Editor, EditorDb } from './editorDb.ts';
import type { GitHost } from './gitHost.ts';
import { EditorApi } from './api.ts';
import { askedSnapshot, uploadAddress } from './askedVersion.ts';
import { HostedStore, SITE_PATHS } from './hostedStore.ts';
import { hiddenCharacter } from '../../src/content/invisible.ts';
import { CONTROL_CHARACTERS } from './oneLine.ts';
import { descriptionOf, HttpError, jsonBody, readJson, type Body } from './request.ts';

export interface ApprovalRequest { db: EditorDb; claims: Claims; editor: Editor; host: GitHost; siteFile: string }

export const ASK_INSTEAD = 'Your changes go on the website once a colleague who may publish approves them: press "Ask for approval".';
const ONLY_PUBLISHERS = 'Only a colleague who may publish sees and approves requests for approval.';
const GONE = 'That request is no longer there: it was changed, approved or sent back meanwhile. The list has been refreshed.';

/** The author of a request as publishing names them: their name as they asked, their address. */
const authorOf = (name: string, email: string): Editor => ({ name, email, mayPublish: false, managesPeople: false });

/** The answer to an approval action, or undefined when `action` is none of them. */
export async function approvalAction(request: ApprovalRequest, method: string, action: string, body: Body): Promise<unknown> {
  const { db, claims, editor, host, siteFile } = request;
  if (action === 'approval/ask' && method === 'POST') {
    const asked = (await readJson(body)).message;
    const message = descriptionOf(typeof asked === 'string' ? asked : '', 'Ask for approval');
    if (!(await db.ask(claims, message, editor.name))) throw new HttpError(409, 'There is nothing to ask about: you have no changes since the website\'s version.');
    return { asked: true };
  }
  if (action !== 'approvals' && !action.startsWith('approvals/')) return undefined;
  if (!editor.mayPublish) throw new HttpError(403, ONLY_PUBLISHERS);
  const requests = (await db.asked(claims)).filter((asked) => asked.author !== claims.sub);
  /** The editor's API over an asked draft as read once, publishing as its author, approved by the signed-in person. */
  const apiFor = (draft: DraftDb, name: string, email: string) =>
    new EditorApi(siteFile, new HostedStore(draft, claims, authorOf(name, email), host, SITE_PATHS, editor)).open();
  if (action === 'approvals' && method === 'GET') {
    const listed = await Promise.all(requests.map(async ({ author, name, email }) => {
      // The words, the files and the version shown are of one reading, the one "Approve and publish" names.
      const read = await askedSnapshot(db.askedDraft(author), claims);
      if (!read) return [];
      const review = await (await apiFor(read.db, name, email)).act('GET', 'review', new URLSearchParams(), jsonBody({}));
      return [{
        author, name, email, askedAt: read.draft.asked.at, message: read.draft.asked.message, version: read.version,
        files: read.files.map((f) => uploadAddress(f.path)), changes: (review as { changes: unknown[] }).changes,
      }];
    }));
    return { requests: listed.flat() };
  }
  if (method !== 'POST') throw new HttpError(405, 'That is not something approval does.');
  const asked = await readJson(body);
  const found = requests.find((r) => r.author === asked.author);
  if (!found) throw new HttpError(404, GONE);
  if (action === 'approvals/approve') {
    const read = await askedSnapshot(db.askedDraft(found.author), claims);
    if (!read) throw new HttpError(404, GONE);
    // Only the version the approver read goes on the website: the author may have changed it and asked again since.
    if (read.version !== asked.version) throw new HttpError(409, editorCatalogue.ApprovalChanged(found.name));
    // As the author's own Publish would go: the same check of the site's files, the same merge and choices.
    return (await apiFor(read.db, found.name, found.email)).act('POST', 'publish', new URLSearchParams(), jsonBody({ message: read.draft.asked.message, choices: asked.choices ?? {} }));
  }
  if (action === 'approvals/return') {
    const note = typeof asked.note === 'string' ? asked.note.trim() : '';
    if (!note) throw new HttpError(400, `Write a note saying what ${found.name} should change, then press Send back.`);
    if (note.length > 1000 || hiddenCharacter(note) !== undefined || CONTROL_CHARACTERS.test(note.replace(/[\n\t]/g, ' '))) {
      throw new HttpError(400, 'Keep the note to plain words, at most 1,000 characters.');
    }
    if (!(await db.sendBack(claims, found.author, note))) throw new HttpError(404, GONE);
    return { returned: true };
  }
  throw new HttpError(404, 'That is not something approval does.');
}
