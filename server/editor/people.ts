/**
 * Colleagues: who may edit the website and what each may do, read and written as the signed-in person, so that row
 * level security (supabase/migrations: editor people) lets only a person who manages people see or change anyone
 * else's row, and nobody change or remove their own.
 */
import type { SqlQuery } from '../feedback/store.ts';
import type { Claims } from './claims.ts';

/**
 * What a person may do besides editing a draft: publish it at once (else a colleague who may publish approves it), and
 * invite, change and take off colleagues.
 */
export interface Rights { mayPublish: boolean; managesPeople: boolean }

/** A staff member allowed to edit: a row of public.editors. */
export interface Editor extends Rights { email: string; name: string }

/** A colleague as the People list shows them; `invitedBy`: the address of whoever invited them, if anyone did. */
export interface Colleague extends Editor { invitedBy?: string; added: string }

export interface PeopleDb {
  /** The person's editor row, or undefined when they are not an editor. */
  editor(claims: Claims): Promise<Editor | undefined>;
  /** Every editor the person may see: all of them for a person who manages people, else only themself. */
  people(claims: Claims): Promise<Colleague[]>;
  /** Adds a colleague: false when that address is on the list already (nothing changed). */
  addPerson(claims: Claims, person: Editor): Promise<boolean>;
  /** Changes a colleague's rights: false when no row the person may change has that address. */
  changePerson(claims: Claims, email: string, rights: Rights): Promise<boolean>;
  /** Takes a colleague off the list (their draft is kept, shown to nobody): false when there was no such row to take. */
  removePerson(claims: Claims, email: string): Promise<boolean>;
  /** Makes the person the first editor, with every right, when the list is empty; false otherwise. */
  admitFirst(claims: Claims, name: string): Promise<boolean>;
}

type AsPerson = <T>(claims: Claims, work: (query: SqlQuery) => Promise<T>) => Promise<T>;

const COLUMNS = 'email, name, may_publish, manages_people, invited_by, created_at';

function editorOf(row: Record<string, unknown>): Editor {
  return { email: String(row.email), name: String(row.name), mayPublish: row.may_publish !== false, managesPeople: row.manages_people === true };
}

function colleagueOf(row: Record<string, unknown>): Colleague {
  const added = row.created_at instanceof Date ? row.created_at : new Date(String(row.created_at));
  return { ...editorOf(row), ...(row.invited_by ? { invitedBy: String(row.invited_by) } : {}), added: added.toISOString() };
}

export function sqlPeople(asPerson: AsPerson): PeopleDb {
  const me = 'site_editor_private.person_email()';
  return {
    editor: (claims) => asPerson(claims, async (query) => {
      const [row] = await query(`select ${COLUMNS} from public.editors where email = ${me}`, []);
      return row && editorOf(row);
    }),
    people: (claims) => asPerson(claims, async (query) =>
      (await query(`select ${COLUMNS} from public.editors order by lower(name), email`, [])).map(colleagueOf)),
    addPerson: (claims, person) => asPerson(claims, async (query) => (await query(
      `insert into public.editors (email, name, may_publish, manages_people, invited_by) values ($1, $2, $3, $4, ${me})
       on conflict (email) do nothing returning email`,
      [person.email, person.name, person.mayPublish, person.managesPeople],
    )).length === 1),
    changePerson: (claims, email, rights) => asPerson(claims, async (query) => (await query(
      'update public.editors set may_publish = $2, manages_people = $3 where email = $1 returning email',
      [email, rights.mayPublish, rights.managesPeople],
    )).length === 1),
    removePerson: (claims, email) => asPerson(claims, async (query) =>
      (await query('delete from public.editors where email = $1 returning email', [email])).length === 1),
    admitFirst: (claims, name) => asPerson(claims, async (query) => {
      const [row] = await query('select site_editor_private.admit_first($1) as admitted', [name]);
      return row?.admitted === true;
    }),
  };
}
