/** A draft's row as the database gives it, in the editor's terms. */
import type { Draft } from './drafts.ts';

export const DRAFT_COLUMNS = 'base, text, ops, version, updated_at, asked_at, asked_message, returned_note, returned_by';

export function bytes(value: unknown): Uint8Array {
  // PGlite gives a Uint8Array, postgres.js a Buffer (itself a Uint8Array).
  if (value instanceof Uint8Array) return value;
  throw new Error(`A draft file's content came back from the database as ${typeof value}, not as bytes.`);
}

const isoOf = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

export function toDraft(row: Record<string, unknown>): Draft {
  const ops = typeof row.ops === 'string' ? (JSON.parse(row.ops) as unknown) : row.ops;
  return {
    base: String(row.base),
    text: String(row.text),
    ops: Array.isArray(ops) ? ops : [],
    version: Number(row.version),
    updatedAt: isoOf(row.updated_at),
    ...(row.asked_at ? { asked: { at: isoOf(row.asked_at), message: String(row.asked_message) } } : {}),
    ...(row.returned_note !== null && row.returned_note !== undefined ? { returned: { note: String(row.returned_note), by: String(row.returned_by ?? '') } } : {}),
  };
}
