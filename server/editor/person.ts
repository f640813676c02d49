import type { Editor } from './editorDb.ts';

/** A name and an address, as a person types them. */
export type Person = Pick<Editor, 'name' | 'email'>;

/** A name and an e-mail as a person types them (signing in on this computer, inviting a colleague): one line each, short. */
export function personOf(value: unknown): Person | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { name, email } = value as Record<string, unknown>;
  if (typeof name !== 'string' || typeof email !== 'string') return undefined;
  const cleanName = name.replace(/[<>\0-\x1f\x7f-\x9f]/g, ' ').replace(/\s+/g, ' ').trim();
  const cleanEmail = email.trim().toLowerCase();
  if (!cleanName || cleanName.length > 100 || !/^[^@\s<>]+@[^@\s<>]+$/.test(cleanEmail) || cleanEmail.length > 320) return undefined;
  return { name: cleanName, email: cleanEmail };
}

/** A name for an address when nobody typed one (the first person of a new site): 'karen.mills@...' -> 'Karen Mills'. */
export function nameFromAddress(email: string): string {
  const words = email.split('@')[0].split(/[._+-]+/).filter(Boolean);
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ').slice(0, 100) || email;
}
