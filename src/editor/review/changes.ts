import { oneLine } from '../../content/ids.ts';
import { describePath } from '../../content/locate.ts';
import { markdownReading, type Styled } from '../../content/markdown.ts';
import { nameField } from '../../content/names.ts';
import { inWords } from '../inWords.ts';
import { allTargets, kindName, navigator, placeInForm, targetFor, type Bundle, type NavGroup, type Target } from '../model.ts';
import { inverseOf } from '../ops/apply.ts';
import { keyedKind, matchLists, movedEntries } from '../ops/match.ts';
import { pathOf, stepOf, type Op, type OpPath } from '../ops/op.ts';
import { isObject, jsonEqual, type Json } from '../yaml/json.ts';
// Types only: the comparison of words (and its library) is the server's, passed in by Review (see listChanges).
import type { Piece, TextChange, textChange } from './textChange.ts';

/**
 * The differences between two versions of the content (the published one and the draft), in words ("Opening hours
 * > Monday to Friday > Closing time: 17:30 -> 18:00"), each as the operation that makes it and the one that takes it back.
 * Entries are matched by id: a doctor removed and another added are a removal and an addition.
 */

/**
 * `text`: a long text's change, each version around it (the words say the same in plain words). `part`: the part of
 * the site it is in, as the navigator lists them (partWords), for History to be searched by.
 */
export interface Change { id: string; kind: 'changed' | 'added' | 'removed' | 'moved'; words: string; part: string; op: Op; undo: Op; text?: TextChange }

type Places = (string | number)[];
/** A place in words, and the part of the site it is in. */
interface Place { words: string; part: string }

/**
 * A place in the content in words. With the schema's bundle, as the form names it: the navigator's part, each field
 * by its label, each entry by its name ('Opening hours > Monday to Friday > Closing time'; `targets`: the navigator's
 * parts of `data`, when already made). Without, or where no part holds it, the file's words: 'hours > "Monday to
 * Friday" > closes'.
 */
export function placeWords(data: Json, path: Places, bundle?: Bundle, targets?: Target[]): string {
  return (bundle ? placeInForm(path, data, bundle, targets) : undefined) ?? describePath(data, path);
}

/**
 * The part of the site a place is in, as the navigator lists them: a section of the practice's ('Opening hours'), a
 * list ('Fees', 'Doctors') or one page ('Page "/fees"'). Without the navigator's groups, the file's first words.
 */
export function partWords(data: Json, path: Places, groups: NavGroup[] = []): string {
  const holds = (list: Places) => list.length <= path.length && list.every((key, i) => String(key) === String(path[i]));
  for (const group of groups) {
    const section = group.list ? undefined : targetFor(group.targets, path);
    if (section) return section.label;
    if (!group.list || !holds(group.list)) continue;
    const page = targetFor((group.children ?? []).map((child) => child.page), path);
    return page ? inWords(describePath(data, page.path)) : group.label;
  }
  return describePath(data, path.slice(0, path[0] === 'entities' || path[0] === 'pages' ? 2 : 1));
}

/** Every part of the site `data` has, as partWords names them, in the navigator's order. */
export function partsOf(data: Json, bundle: Bundle): string[] {
  return navigator(data, bundle).flatMap((group) => (!group.list ? group.targets.map((target) => target.label)
    : group.children ? group.children.map((child) => inWords(describePath(data, child.page.path))) : [group.label]));
}

/** A text up to this long is shown whole; a longer one is cut, or shown around its change. */
const SHOWN_WHOLE = 60;

/** A version's pieces as plain words: in the list of changes, and read out with its Undo. */
export const plainWords = (pieces: Piece[]) => pieces.map((piece) => piece.text).join('');

export function shortValue(value: Json | undefined, bundle?: Bundle): string {
  if (value === null || value === undefined) return 'empty';
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'object') ? value.map((v) => String(v)).join(', ') || 'an empty list' : `a list of ${value.length}`;
  if (isObject(value)) {
    const field = nameField(value) ?? (typeof value.type === 'string' && value.type ? 'type' : undefined);
    // A block named only by its kind: 'Band of short facts', as the navigator says it.
    return field ? `"${field === 'type' ? kindName(String(value[field]), bundle) : String(value[field])}"` : 'a group of fields';
  }
  return cutText(String(value), SHOWN_WHOLE);
}

/**
 * A text as its reader sees it, on one line: markdown's marks read (`**also runs**` is "also runs"), which a person
 * reading about a change takes for part of the words. Any text may be markdown to the words about it.
 */
const plainText = (text: string) => oneLine(markdownReading(text).text);

/** A text as read (plainText), cut to at most `longest` characters. */
function cutText(value: string, longest: number): string {
  return cutPlain(plainText(value), longest);
}

function cutPlain(text: string, longest: number): string {
  return text.length > longest ? `${text.slice(0, longest - 3)}...` : text || '(empty)';
}

const STYLE_WORDS: Record<Styled['kind'], string> = { bold: 'bold', italic: 'italic', link: 'a link' };

/**
 * A change of a text's marks alone, whose words read the same before and after: which words were made bold, italic
 * or a link, or are no longer ('made "also runs" bold'), or where a link now goes.
 */
function styleWords(before: Styled[], after: Styled[]): string {
  const key = (s: Styled) => `${s.kind}\0${s.text}\0${s.href ?? ''}`;
  const without = (from: Styled[], taken: Styled[]) => {
    const left = taken.map(key);
    return from.filter((s) => {
      const at = left.indexOf(key(s));
      if (at !== -1) left.splice(at, 1);
      return at === -1;
    });
  };
  const [added, removed] = [without(after, before), without(before, after)];
  const quoted = (s: Styled) => `"${cutPlain(s.text, SHOWN_WHOLE)}"`;
  const said = added.map((s) => {
    if (s.kind !== 'link') return `made ${quoted(s)} ${STYLE_WORDS[s.kind]}`;
    const was = removed.findIndex((r) => r.kind === 'link' && r.text === s.text);
    if (was !== -1) removed.splice(was, 1);
    return was !== -1 ? `the link ${quoted(s)} now goes to ${cutPlain(s.href ?? '', SHOWN_WHOLE)}` : `made ${quoted(s)} a link to ${cutPlain(s.href ?? '', SHOWN_WHOLE)}`;
  });
  said.push(...removed.map((s) => `${quoted(s)} is no longer ${STYLE_WORDS[s.kind]}`));
  // Marks that make no bold, italic or link (a heading, a list), or spaces and line breaks.
  return said.join('; ') || 'only spaces, line breaks or layout changed, not the words';
}

/** A conflict's value is read to choose it: a text whole, up to this long (a field holds at most 20,000). */
const CHOSEN_WHOLE = 2000;

/** A value as a person choosing between two reads it: a text whole (on one line), anything else as shortValue. */
export function choiceValue(value: Json | undefined, bundle?: Bundle): string {
  return typeof value === 'string' ? cutText(value, CHOSEN_WHOLE) : shortValue(value, bundle);
}

/**
 * What changed in a list set whole (its entries known by place only): the entries added, removed, changed and moved,
 * by their names ('added "Extended consultation"'), rather than 'a list of 4 -> a list of 5'.
 */
function listWords(oldV: Json[], newV: Json[], bundle?: Bundle): string {
  const match = matchLists(oldV, newV);
  const kept = new Set(match);
  const names = (items: Json[]) => items.map((item) => shortValue(item, bundle)).join(', ');
  const parts: [string, Json[]][] = [
    ['added', newV.filter((_, k) => match[k] === -1)],
    ['removed', oldV.filter((_, j) => !kept.has(j))],
    ['changed', newV.filter((item, k) => match[k] !== -1 && !jsonEqual(oldV[match[k]], item))],
    ['moved', [...movedEntries(match)].map((k) => newV[k])],
  ];
  const said = parts.filter(([, items]) => items.length > 0).map(([verb, items]) => `${verb} ${names(items)}`);
  return said.join('; ') || `${shortValue(oldV, bundle)} -> ${shortValue(newV, bundle)}`;
}

function hashWords(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return (h >>> 0).toString(36);
}

/**
 * The changes from `before` to `after`, in an order in which their operations can be done one after the other:
 * edits inside entries, then removals, then additions and moves in the new order (each after the entry before it).
 * With the schema's bundle, places are in the form's words (see placeWords). With `around` (textChange, as Review
 * has it), a long text's change is shown where its versions differ; the form, which asks at every keystroke, needs
 * only the operations (opsBetween), and the browser no comparison of words.
 */
export function listChanges(before: Json, after: Json, bundle?: Bundle, around?: typeof textChange): Change[] {
  const out: Omit<Change, 'id'>[] = [];
  // The navigator's parts of each version, made once, when a place is first put in words.
  const parts = new Map<Json, { groups: NavGroup[]; targets: Target[] }>();
  const where = (data: Json, places: Places): Place => {
    if (!bundle) return { words: placeWords(data, places), part: partWords(data, places) };
    const known = parts.get(data);
    const groups = known?.groups ?? navigator(data, bundle);
    const targets = known?.targets ?? allTargets(groups);
    parts.set(data, { groups, targets });
    return { words: placeWords(data, places, bundle, targets), part: partWords(data, places, groups) };
  };
  const add = (kind: Change['kind'], at: Place, what: string, op: Op, undo: Op, text?: TextChange) =>
    out.push({ kind, words: `${at.words}: ${what}`, part: at.part, op, undo, ...(text ? { text } : {}) });
  const walk = (oldV: Json, newV: Json, oldPlaces: Places, newPlaces: Places) => {
    if (jsonEqual(oldV, newV)) return;
    const path: OpPath = pathOf(before, oldPlaces);
    if (isObject(oldV) && isObject(newV)) {
      for (const key of [...new Set([...Object.keys(oldV), ...Object.keys(newV)])]) {
        const inOld = key in oldV && oldV[key] !== undefined;
        const inNew = key in newV && newV[key] !== undefined;
        if (inOld && inNew) { walk(oldV[key], newV[key], [...oldPlaces, key], [...newPlaces, key]); continue; }
        if (inNew) {
          const op: Op = { op: 'set', path: [...path, key], value: newV[key] };
          add('added', where(after, [...newPlaces, key]), `added ${shortValue(newV[key], bundle)}`, op, inverseOf(before, op));
        } else {
          const op: Op = { op: 'remove', path: [...path, key], was: oldV[key] };
          add('removed', where(before, [...oldPlaces, key]), `removed (was ${shortValue(oldV[key], bundle)})`, op, inverseOf(before, op));
        }
      }
      return;
    }
    // A list whose entries are known by place only is changed entry by entry while they stay in place; once any moves
    // or the length changes, it is set whole (a place means nothing in a list someone else may have changed too).
    if (Array.isArray(oldV) && Array.isArray(newV) && (keyedKind(oldV, newV) !== 'index' || matchLists(oldV, newV).every((j, k) => j === k))) {
      walkList(oldV, newV, oldPlaces, newPlaces, path);
      return;
    }
    const op: Op = { op: 'set', path, value: newV, was: oldV };
    const place = where(after, newPlaces);
    if (typeof oldV === 'string' && typeof newV === 'string') {
      const [was, now] = [markdownReading(oldV), markdownReading(newV)];
      const [wasRead, nowRead] = [oneLine(was.text), oneLine(now.text)];
      // Two texts either of which is too long to show whole: each around where they differ, rather than both cut the same.
      const text = Math.max(wasRead.length, nowRead.length) > SHOWN_WHOLE ? around?.(place.words, wasRead, nowRead) : undefined;
      const what = wasRead === nowRead ? styleWords(was.styled, now.styled)
        : text ? `${plainWords(text.before)} -> ${plainWords(text.after)}` : `${cutPlain(wasRead, SHOWN_WHOLE)} -> ${cutPlain(nowRead, SHOWN_WHOLE)}`;
      add('changed', place, what, op, inverseOf(before, op), text);
      return;
    }
    const what = Array.isArray(oldV) && Array.isArray(newV) ? listWords(oldV, newV, bundle) : `${shortValue(oldV, bundle)} -> ${shortValue(newV, bundle)}`;
    add('changed', place, what, op, inverseOf(before, op));
  };
  const walkList = (oldV: Json[], newV: Json[], oldPlaces: Places, newPlaces: Places, path: OpPath) => {
    const match = matchLists(oldV, newV);
    if (keyedKind(oldV, newV) === 'index') {
      newV.forEach((item, k) => walk(oldV[k], item, [...oldPlaces, k], [...newPlaces, k]));
      return;
    }
    newV.forEach((item, k) => { if (match[k] !== -1) walk(oldV[match[k]], item, [...oldPlaces, match[k]], [...newPlaces, k]); });
    const kept = new Set(match);
    oldV.forEach((item, j) => {
      if (kept.has(j)) return;
      const op: Op = { op: 'remove', path: [...path, stepOf(oldV, j)], was: item };
      add('removed', where(before, oldPlaces), `removed ${shortValue(item, bundle)}`, op, inverseOf(before, op));
    });
    const moved = movedEntries(match);
    newV.forEach((item, k) => {
      const anchor = k === 0 ? null : stepOf(newV, k - 1);
      if (match[k] === -1) {
        const op: Op = { op: 'insert', path, after: anchor, value: item };
        add('added', where(after, newPlaces), `added ${shortValue(item, bundle)}`, op, inverseOf(before, op));
      } else if (moved.has(k)) {
        const op: Op = { op: 'move', path: [...path, stepOf(oldV, match[k])], after: anchor };
        add('moved', where(after, newPlaces), `${shortValue(item, bundle)} moved from place ${match[k] + 1} to place ${k + 1}`, op, inverseOf(before, op));
      }
    });
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

/** The operations that turn `before` into `after`, in an order in which they can be done. */
export const opsBetween = (before: Json, after: Json): Op[] => listChanges(before, after).map((c) => c.op);
