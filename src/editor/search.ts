import type { Path } from './model.ts';
import { isObject, type Json } from './yaml/json.ts';

/** Every text in the document that contains `query`, with where it is. */
export function searchText(doc: Json, query: string, limit = 40): { path: Path; text: string }[] {
  const q = query.trim().toLowerCase();
  if (q.length < 2) return [];
  const out: { path: Path; text: string }[] = [];
  const walk = (node: Json, path: Path) => {
    if (out.length >= limit) return;
    if (typeof node === 'string') { if (node.toLowerCase().includes(q)) out.push({ path, text: node }); return; }
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...path, i]));
    else if (isObject(node)) for (const [k, v] of Object.entries(node)) walk(v, [...path, k]);
  };
  walk(doc, []);
  return out;
}
