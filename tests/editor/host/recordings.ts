import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * GitHub's real answers, as @octokit/fixtures recorded them: one normalized JSON file per scenario, a list of
 * request/response pairs (ids, dates and tokens replaced by stand-ins, shapes left alone).
 */
export interface Recording { method: string; path: string; status: number; body: unknown; response: unknown }

const SCENARIOS = new URL('../../../node_modules/@octokit/fixtures/scenarios/api.github.com/', import.meta.url);

function isRecording(value: unknown): value is Recording {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item.method === 'string' && typeof item.path === 'string' && typeof item.status === 'number';
}

/** The one recording of a scenario with this method, path ending and status. */
export function recorded(scenario: string, method: string, pathEnd: RegExp, status: number): Recording {
  const file = fileURLToPath(new URL(`${scenario}/normalized-fixture.json`, SCENARIOS));
  const items: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(items)) throw new Error(`${file} is not a list of recordings`);
  const found = items.filter(isRecording).find((item) => item.method === method && pathEnd.test(item.path) && item.status === status);
  if (!found) throw new Error(`${scenario} has no ${method} ${pathEnd} answered ${status}`);
  return found;
}

/**
 * The names of an object's fields, and of the fields of its fields that are objects, sorted; a list is 'list' (a
 * recording's list is often empty, so its items are compared one by one where there are some), anything else 'value'.
 */
export function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return 'list';
  if (typeof value !== 'object' || value === null) return 'value';
  return Object.fromEntries(Object.keys(value).sort().map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]));
}

/** The sorted field names of a request's JSON body. */
export const bodyKeys = (body: unknown) => (typeof body === 'object' && body !== null ? Object.keys(body).sort() : []);
