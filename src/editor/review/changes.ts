import { describePath } from '../../content/locate.ts';
import { alignLists } from '../yaml/align.ts';
import { isObject, jsonEqual, type Json } from '../yaml/json.ts';

/**
 * The differences between the published content and the current one, in words ("Opening hours > Monday to Friday
 * > closes: 17:30 -> 18:00"), each with the steps that take it back.
 */

export type Path = (string | number)[];
export type Op =
  | { op: 'set'; path: Path; value: Json }
  | { op: 'remove'; path: Path }
  | { op: 'insert'; path: Path; index: number; value: Json };

export interface Change { id: string; kind: 'changed' | 'added' | 'removed' | 'moved'; words: string; undo: Op[] }

/** The names the editor's navigator uses for the top of the file. */
export const SECTION_NAMES: Record<string, string> = {
  site: 'Practice details', contact: 'Contact', hours: 'Opening hours', nav: 'Navigation', footer: 'Footer', ui: 'Button and screen-reader words',
  notFound: 'Not-found page',
};

function where(data: Json, path: Path): string {
  const words = describePath(data, path);
  const top = typeof path[0] === 'string' ? SECTION_NAMES[path[0]] : undefined;
  // 'hours > regular > "Monday to Friday" > closes' reads better as 'Opening hours > "Monday to Friday" > closes'.
  if (top && words.startsWith(`${path[0]}`)) return words.replace(/^[^>]+/, top + ' ').replace(/ > regular > /, ' > ');
  return words;
}

const NAME_FIELDS = ['name', 'title', 'label', 'question', 'heading', 'path', 'id', 'slug', 'type'];

export function shortValue(value: Json): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object') ? value.map((v) => String(v)).join(', ') || 'an empty list' : `a list of ${value.length}`;
  if (isObject(value)) {
    const field = NAME_FIELDS.find((f) => typeof value[f] === 'string' && value[f]);
    return field ? `"${String(value[field])}"` : 'a group of fields';
  }
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 57)}...` : text || '(empty)';
}

function hashWords(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

export function listChanges(before: Json, after: Json): Change[] {
  const out: Omit<Change, 'id'>[] = [];
  const walk = (oldV: Json, newV: Json, oldPath: Path, newPath: Path) => {
    if (jsonEqual(oldV, newV)) return;
    if (isObject(oldV) && isObject(newV)) {
      const keys = [...new Set([...Object.keys(oldV), ...Object.keys(newV)])];
      for (const key of keys) {
        const inOld = key in oldV && oldV[key] !== undefined;
        const inNew = key in newV && newV[key] !== undefined;
        if (inOld && inNew) walk(oldV[key], newV[key], [...oldPath, key], [...newPath, key]);
        else if (inNew) out.push({ kind: 'added', words: `${where(after, [...newPath, key])}: added ${shortValue(newV[key])}`, undo: [{ op: 'remove', path: [...newPath, key] }] });
        else if (inOld) out.push({ kind: 'removed', words: `${where(before, [...oldPath, key])}: removed (was ${shortValue(oldV[key])})`, undo: [{ op: 'set', path: [...newPath, key], value: oldV[key] }] });
      }
      return;
    }
    if (Array.isArray(oldV) && Array.isArray(newV)) {
      const match = alignLists(oldV, newV);
      const usedOld = new Set(match.filter((j) => j >= 0));
      const movedFrom = new Map<number, number>();
      newV.forEach((item, k) => {
        if (match[k] !== -1) return;
        const j = oldV.findIndex((o, i) => !usedOld.has(i) && jsonEqual(o, item));
        if (j !== -1) { movedFrom.set(k, j); usedOld.add(j); }
      });
      newV.forEach((item, k) => {
        const j = match[k];
        if (j >= 0) { walk(oldV[j], item, [...oldPath, j], [...newPath, k]); return; }
        const from = movedFrom.get(k);
        if (from !== undefined) {
          out.push({
            kind: 'moved', words: `${where(after, [...newPath, k])}: moved from place ${from + 1} to place ${k + 1}`,
            undo: [{ op: 'remove', path: [...newPath, k] }, { op: 'insert', path: newPath, index: from, value: item }],
          });
          return;
        }
        out.push({ kind: 'added', words: `${where(after, [...newPath, k])}: added ${shortValue(item)}`, undo: [{ op: 'remove', path: [...newPath, k] }] });
      });
      oldV.forEach((item, j) => {
        if (usedOld.has(j)) return;
        // Put it back after the item that preceded it, wherever that item is now.
        let index = 0;
        for (let p = j - 1; p >= 0; p--) {
          const k = match.indexOf(p);
          if (k !== -1) { index = k + 1; break; }
        }
        out.push({ kind: 'removed', words: `${where(before, [...oldPath, j])}: removed ${shortValue(item)}`, undo: [{ op: 'insert', path: newPath, index, value: item }] });
      });
      return;
    }
    out.push({ kind: 'changed', words: `${where(after, newPath)}: ${shortValue(oldV)} -> ${shortValue(newV)}`, undo: [{ op: 'set', path: newPath, value: oldV }] });
  };
  walk(before, after, [], []);
  const seen = new Map<string, number>();
  return out.map((change) => {
    const base = hashWords(change.words);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { ...change, id: n ? `${base}-${n}` : base };
  });
}

/** `value` with the given steps applied (a copy; the original is untouched). */
export function applyOps(value: Json, ops: Op[]): Json {
  const root = structuredClone(value);
  for (const op of ops) {
    const path = op.path;
    const parentPath = op.op === 'insert' ? path : path.slice(0, -1);
    let parent: Json = root;
    for (const key of parentPath) parent = (parent as Record<string | number, Json>)[key];
    if (op.op === 'insert') {
      if (!Array.isArray(parent)) throw new Error('The place to put it back is no longer a list.');
      parent.splice(Math.min(op.index, parent.length), 0, op.value);
      continue;
    }
    const last = path[path.length - 1];
    if (Array.isArray(parent) && typeof last === 'number') {
      if (op.op === 'remove') parent.splice(last, 1);
      else parent[last] = op.value;
    } else if (isObject(parent)) {
      if (op.op === 'remove') delete parent[String(last)];
      else parent[String(last)] = op.value;
    } else {
      throw new Error('That part of the content is no longer there.');
    }
  }
  return root;
}
