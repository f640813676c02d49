/**
 * Whether a Supabase Auth account may edit at all: only an account made by an invitation may. Sign-ups are off in
 * supabase/config.toml, but a setting can be turned back on by hand, and an account made while it was on could carry
 * a staff member's address (the editors list matches by address): the account itself is asked about, on the server.
 * The answer comes from Auth's admin API (`invited_at` is set only by an invitation), not from a claim in the token,
 * which Supabase would fill in only through a hook the project would have to keep in step.
 */
import type { Claims } from './claims.ts';
import { NO_SERVER_KEY, serverKeyHeaders } from '../serverKey.ts';

/** Whether the signed-in account was invited. */
export interface Accounts {
  invited(claims: Claims): Promise<boolean>;
}

/** Invitations to new colleagues, sent by whoever holds the accounts (Supabase Auth; on this computer, the terminal). */
export interface Invitations {
  /**
   * Invites `email` to sign in at `adminUrl`: 'sent', or 'has an account' when the address has one already (they sign
   * in with it as they do elsewhere).
   */
  invite(person: { email: string; name: string }, adminUrl: string): Promise<'sent' | 'has an account'>;
  /**
   * An address that signs `person` in once, leading to `adminUrl`: for a colleague whose sign-in e-mail does not
   * arrive, given to them by the manager who asked for it.
   */
  signInLink(person: { email: string; name: string }, adminUrl: string): Promise<string>;
}

/** Supabase Auth's invitation e-mails (POST /auth/v1/invite, as supabase-js's inviteUserByEmail sends it). */
export function supabaseInvitations(projectUrl: string, serverKey: string, fetcher: typeof fetch = fetch): Invitations {
  const base = projectUrl.replace(/\/+$/, '');
  return {
    async invite({ email, name }, adminUrl) {
      const res = await fetcher(`${base}/auth/v1/invite?redirect_to=${encodeURIComponent(adminUrl)}`, {
        method: 'POST', headers: { ...serverKeyHeaders(serverKey), 'content-type': 'application/json' }, body: JSON.stringify({ email, data: { name } }),
      });
      if (res.ok) return 'sent';
      const said = (await res.json().catch(() => ({}))) as { error_code?: string; msg?: string };
      if (res.status === 422 && said.error_code === 'email_exists') return 'has an account';
      throw new Error(`Supabase Auth did not send the invitation (it answered ${res.status}${said.msg ? `: ${said.msg}` : ''}).`);
    },
    // POST /auth/v1/admin/generate_link, as supabase-js's generateLink sends it: the link is made, not e-mailed.
    async signInLink({ email }, adminUrl) {
      const res = await fetcher(`${base}/auth/v1/admin/generate_link?redirect_to=${encodeURIComponent(adminUrl)}`, {
        method: 'POST', headers: { ...serverKeyHeaders(serverKey), 'content-type': 'application/json' }, body: JSON.stringify({ type: 'magiclink', email }),
      });
      const said = (await res.json().catch(() => ({}))) as { action_link?: unknown; msg?: string };
      if (res.ok && typeof said.action_link === 'string') return said.action_link;
      throw new Error(`Supabase Auth did not make a sign-in link (it answered ${res.status}${said.msg ? `: ${said.msg}` : ''}).`);
    },
  };
}


/** The fields of GoTrue's user (GET /auth/v1/admin/users/{id}) this check reads; supabase-js's `User` has them. */
export interface AdminUser {
  invited_at?: string;
  banned_until?: string;
}

/**
 * How long an answer is kept: a ban or a deleted Auth account takes effect within this time, without asking Auth at
 * every request. Taking someone off the editors list needs no wait: the list is read at every request.
 */
export const KEEP_MS = 60_000;
/** More accounts than a practice has staff: past this, the kept answers are dropped rather than grown without end. */
const MAX_KEPT = 1_000;

function invitedAndNotBanned(user: AdminUser, now: number): boolean {
  if (typeof user.invited_at !== 'string' || !user.invited_at) return false;
  const banned = user.banned_until ? Date.parse(user.banned_until) : NaN;
  return !(banned > now);
}

/**
 * The project's accounts as its Auth server knows them, asked with the project's server key (a secret key or the
 * legacy service role key: serverKey.ts); each answer is kept for a while per account.
 */
export function invitedAccounts(projectUrl: string, serverKey: string, fetcher: typeof fetch = fetch, now: () => number = Date.now): Accounts {
  if (!serverKey) throw new Error(`The project's secret key is empty: the editor cannot ask Supabase Auth whether an account was invited. ${NO_SERVER_KEY}`);
  const base = projectUrl.replace(/\/+$/, '');
  const kept = new Map<string, { at: number; invited: boolean }>();
  const headers = serverKeyHeaders(serverKey);
  return {
    async invited({ sub }) {
      const hit = kept.get(sub);
      if (hit && now() - hit.at < KEEP_MS) return hit.invited;
      const res = await fetcher(`${base}/auth/v1/admin/users/${encodeURIComponent(sub)}`, { headers });
      let invited: boolean;
      // A deleted account is not found: it may not edit, though its token has not expired yet.
      if (res.status === 404) invited = false;
      else if (!res.ok) {
        throw new Error(`Supabase Auth did not say whether this account was invited (it answered ${res.status}). Check that the function's SUPABASE_SECRET_KEYS (or SUPABASE_SERVICE_ROLE_KEY) holds the project's secret key; if it does, try again in a minute.`);
      } else invited = invitedAndNotBanned((await res.json()) as AdminUser, now());
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(sub, { at: now(), invited });
      return invited;
    },
  };
}
