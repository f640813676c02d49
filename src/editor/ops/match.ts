import { jsonEqual, type Json } from '../yaml/json.ts';
import { idOf, listKind, type ListKind } from './op.ts';

/**
 * Which entry of a changed list is which entry of the old one (the old index of each new entry, -1 for a new one).
 * Entries with ids are the same entry when their ids are; texts when they are equal. Entries with neither are the
 * same by place: the unchanged entries at each end keep their places, an
 * entry found intact elsewhere has moved, and what is left in between is edited in place when as many are left on
 * each side. An entry removed and another added are never taken for one entry renamed.
 */
export function matchLists(oldList: Json[], newList: Json[]): number[] {
  const kind = keyedKind(oldList, newList);
  if (kind === 'id') return newList.map((item) => oldList.findIndex((old) => idOf(old) === idOf(item)));
  if (kind === 'value') return newList.map((item) => oldList.findIndex((old) => jsonEqual(old, item)));
  const match = new Array<number>(newList.length).fill(-1);
  let head = 0;
  while (head < oldList.length && head < newList.length && jsonEqual(oldList[head], newList[head])) { match[head] = head; head++; }
  let tail = 0;
  while (tail < oldList.length - head && tail < newList.length - head && jsonEqual(oldList[oldList.length - 1 - tail], newList[newList.length - 1 - tail])) {
    match[newList.length - 1 - tail] = oldList.length - 1 - tail;
    tail++;
  }
  const olds = oldList.map((_, i) => i).slice(head, oldList.length - tail);
  const news = newList.map((_, i) => i).slice(head, newList.length - tail);
  const used = new Set<number>();
  for (const k of news) {
    const j = olds.find((i) => !used.has(i) && jsonEqual(oldList[i], newList[k]));
    if (j !== undefined) { match[k] = j; used.add(j); }
  }
  const leftOld = olds.filter((i) => !used.has(i));
  const leftNew = news.filter((k) => match[k] === -1);
  if (leftOld.length === leftNew.length) leftNew.forEach((k, n) => { match[k] = leftOld[n]; });
  return match;
}

/** How two versions of a list name their entries: by id or value when both do (an empty list agrees with either). */
export function keyedKind(oldList: Json[], newList: Json[]): ListKind {
  const kinds = [oldList, newList].filter((list) => list.length > 0).map((list) => listKind(list));
  return kinds.length > 0 && kinds.every((k) => k === kinds[0]) ? kinds[0] : 'index';
}

/** The new entries that moved: those outside the longest run of matched entries that kept their order. */
export function movedEntries(match: number[]): Set<number> {
  const ks = match.map((_, k) => k).filter((k) => match[k] !== -1);
  // Longest increasing run of old indexes, in n log n (lists are short, but this stays cheap for long ones).
  const tails: number[] = [];
  const prev = new Map<number, number>();
  for (const k of ks) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (match[tails[mid]] < match[k]) lo = mid + 1; else hi = mid;
    }
    if (lo > 0) prev.set(k, tails[lo - 1]);
    tails[lo] = k;
  }
  const kept = new Set<number>();
  for (let k: number | undefined = tails[tails.length - 1]; k !== undefined; k = prev.get(k)) kept.add(k);
  return new Set(ks.filter((k) => !kept.has(k)));
}
