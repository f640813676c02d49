/** Plain JSON values: what a YAML document reads as, and what the forms edit. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep equality of JSON values; the order of keys in an object does not matter (YAML keeps its own order). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    const other = Object.keys(b).filter((k) => b[k] !== undefined);
    return keys.length === other.length && keys.every((k) => k in b && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** The value as JSON would carry it: keys whose value is undefined dropped, an undefined entry of a list as null. */
export function withoutUndefined(value: unknown): Json {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : withoutUndefined(item)));
  if (isObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = withoutUndefined(v);
    return out;
  }
  return value as Json;
}
