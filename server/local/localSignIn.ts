/**
 * Sign-in on this computer (`npm start`): one-time addresses printed in the terminal, each made for one person. The
 * address printed at start is for the first person on the editors list who manages people (or, on an empty list, for
 * whoever opens it first, who becomes that person); an invitation's address is for the colleague invited. Whoever
 * holds an address signs in as the person it was made for, with the rights the list gives them, or not at all: the
 * name and e-mail typed only confirm who it is.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Claims } from '../editor/claims.ts';
import type { Invitations } from '../editor/accounts.ts';
import type { LocalSignIn } from '../editor/hostedHandler.ts';
import type { Person } from '../editor/person.ts';
import { editorCatalogue } from '../../src/content/errors.ts';

/** What the sign-in runs its statements with: the database's owner (row level security is for the function's role). */
export interface OwnerDb {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** A user id for an e-mail address, the same each time (Supabase gives each account a random one). */
export function userIdOf(email: string): string {
  const hex = createHash('sha256').update(`site-editor local user\0${email}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Who an address is for: an e-mail on the editors list, or the first person of a list still empty. */
type For = { email: string; name: string } | { first: true };

export interface LocalSignInOptions {
  db: OwnerDb;
  /** The address the server answers on, e.g. http://127.0.0.1:4173. */
  origin: () => string;
  /** Prints an address; `forWhom`: who it was made for, in words. */
  announce: (address: string, forWhom?: string) => void;
  /** Where staff open the editor, e.g. /admin/. */
  adminPath: string;
}

export interface LocalAccess { signIn: LocalSignIn; invitations: Invitations; printFirst(): Promise<void> }

/** The printed addresses and the sign-ins they give, over the editors list in `db`. */
export function localAccess(options: LocalSignInOptions): LocalAccess {
  const addresses = new Map<string, For>();

  /** A new address for `forWhom`, printed; the address. */
  function issue(forWhom: For): string {
    const token = randomBytes(24).toString('base64url');
    addresses.set(token, forWhom);
    // In the fragment: the browser never sends it to a server or in a Referer, and no log records it.
    const address = `${options.origin()}${options.adminPath}#sign-in=${token}`;
    options.announce(address, 'email' in forWhom ? `${forWhom.name} (${forWhom.email})` : undefined);
    return address;
  }

  /** The address's person, found in constant time per known address. */
  function find(token: string): [string, For] | undefined {
    const given = Buffer.from(token);
    for (const entry of addresses) {
      const known = Buffer.from(entry[0]);
      if (known.length === given.length && timingSafeEqual(known, given)) return entry;
    }
    return undefined;
  }

  const rowOf = async (email: string) => (await options.db.query<{ email: string; name: string }>(
    'select email, name from public.editors where email = $1', [email])).rows[0];

  const claimsOf = (email: string): Claims => ({ sub: userIdOf(email), email, role: 'authenticated', aud: 'authenticated', exp: 0 });

  const signIn: LocalSignIn = {
    async signIn(token, typed: Person) {
      const found = find(token);
      if (!found) return { status: 401, message: editorCatalogue.LocalAddressUsed() };
      const [known, forWhom] = found;
      let person: { email: string; name: string } | undefined;
      if ('first' in forWhom) {
        // Only while the list is empty: the statement itself makes sure, so two first sign-ins cannot both win.
        person = (await options.db.query<{ email: string; name: string }>(
          `insert into public.editors (email, name, manages_people)
           select $1, $2, true where not exists (select from public.editors) returning email, name`,
          [typed.email, typed.name])).rows[0];
        if (!person) return { status: 403, message: editorCatalogue.LocalAddressNotFirst() };
      } else {
        if (typed.email !== forWhom.email) return { status: 403, message: editorCatalogue.LocalAddressForAnother(forWhom.email) };
        // Taken off the list since the address was made: the address is dead.
        person = await rowOf(forWhom.email);
        if (!person) return { status: 403, message: editorCatalogue.LocalAddressTakenOff() };
      }
      addresses.delete(known);
      // The next address is for the same person (another browser, another day), printed as this one was.
      issue({ email: person.email, name: person.name });
      return { claims: claimsOf(person.email), name: person.name };
    },
  };

  const invitations: Invitations = {
    invite: (person) => { issue({ email: person.email, name: person.name }); return Promise.resolve('sent'); },
    signInLink: (person) => Promise.resolve(issue({ email: person.email, name: person.name })),
  };

  async function printFirst(): Promise<void> {
    const first = (await options.db.query<{ email: string; name: string }>(
      'select email, name from public.editors order by manages_people desc, created_at, email limit 1')).rows[0];
    issue(first ?? { first: true });
  }

  return { signIn, invitations, printFirst };
}
