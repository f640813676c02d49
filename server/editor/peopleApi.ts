/**
 * The People list of /admin: colleagues invited, given or refused the rights to publish at once and to manage people,
 * and taken off, by a person who manages people. Row level security decides again in the database; the refusals here put it in words.
 */
import type { Invitations } from './accounts.ts';
import type { Claims } from './claims.ts';
import type { Editor, EditorDb } from './editorDb.ts';
import { editorCatalogue } from '../../src/content/errors.ts';
import { hiddenCharacter } from '../../src/content/invisible.ts';
import { HttpError, readJson, type Body } from './request.ts';
import { personOf } from './person.ts';

export interface PeopleRequest {
  db: EditorDb; claims: Claims; editor: Editor; invitations?: Invitations; adminUrl: string;
  /** Where the function's own log goes: a sign-in link made for a colleague is recorded there, by whom and for whom. */
  log?: (message: string) => void;
}

const ONLY_MANAGERS = 'Only a colleague who may manage people can see or change the list of people. Ask the practice manager.';
const NOT_YOURSELF = 'You cannot change or take off yourself: ask another colleague who manages people.';

const addressOf = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/** The answer to a People action, or undefined when `action` is none of them. */
export async function peopleAction(request: PeopleRequest, method: string, action: string, body: Body): Promise<unknown> {
  if (action !== 'people' && !action.startsWith('people/')) return undefined;
  const { db, claims, editor } = request;
  if (!editor.managesPeople) throw new HttpError(403, ONLY_MANAGERS);
  const list = async () => ({ people: await db.people(claims) });
  if (method === 'GET' && action === 'people') return list();
  if (method !== 'POST') throw new HttpError(405, 'That is not something the People list does.');
  const asked = await readJson(body);
  // A right left out of a request is the usual one: publishing at once, not managing people.
  const rights = { mayPublish: asked.mayPublish !== false, managesPeople: asked.managesPeople === true };
  if (action === 'people/invite') {
    if ([asked.name, asked.email].some((v) => typeof v === 'string' && hiddenCharacter(v) !== undefined)) {
      throw new HttpError(400, 'The name or e-mail address holds an invisible character (perhaps pasted from another program). Type them again, then press Invite.');
    }
    const person = personOf(asked);
    if (!person) throw new HttpError(400, 'Type your colleague\'s name and e-mail address, then press Invite.');
    if (!request.invitations) throw new HttpError(503, 'This editor cannot send invitations: it was set up without them. Tell the person who looks after the website.');
    if (!(await db.addPerson(claims, { ...person, ...rights }))) throw new HttpError(409, `${person.email} is on the list already.`);
    let sent: Awaited<ReturnType<Invitations['invite']>>;
    try {
      sent = await request.invitations.invite(person, request.adminUrl);
    } catch (error) {
      // Nobody half-added: the row goes again, and the person can try once more.
      await db.removePerson(claims, person.email);
      const why = error instanceof Error ? error.message : String(error);
      throw new HttpError(502, `The invitation to ${person.email} could not be sent, so they were not added. ${why} Try again in a minute; if it happens again, tell the person who looks after the website.`);
    }
    return { ...(await list()), invited: { email: person.email, name: person.name, sent } };
  }
  const email = addressOf(asked.email);
  // The list holds no such address, and the database cannot even be asked about a NUL.
  if (hiddenCharacter(email) !== undefined) throw new HttpError(400, editorCatalogue.PersonAddressHidden());
  if (email === editor.email) throw new HttpError(409, NOT_YOURSELF);
  const gone = `${email || 'That colleague'} is not on the list (perhaps taken off meanwhile). The list has been refreshed.`;
  if (action === 'people/change') {
    if (!(await db.changePerson(claims, email, rights))) throw new HttpError(404, gone);
    return list();
  }
  if (action === 'people/link') {
    const person = (await db.people(claims)).find((p) => p.email === email);
    if (!person) throw new HttpError(404, gone);
    if (!request.invitations) throw new HttpError(503, 'This editor cannot make sign-in links: it was set up without them. Tell the person who looks after the website.');
    let link: string;
    try {
      link = await request.invitations.signInLink(person, request.adminUrl);
    } catch (error) {
      throw new HttpError(502, `No sign-in link could be made for ${person.email}. ${error instanceof Error ? error.message : String(error)} Try again in a minute.`);
    }
    request.log?.(`${editor.email} made a sign-in link for ${person.email}.`);
    return { link, name: person.name, email: person.email };
  }
  if (action === 'people/remove') {
    if (!(await db.removePerson(claims, email))) throw new HttpError(404, gone);
    return list();
  }
  throw new HttpError(404, 'That is not something the People list does.');
}
