import { isObject, jsonEqual, type Json } from './json.ts';

/** Which item of a changed list is which item of the old one, so that a moved item keeps its text and comments. */

/** How alike two list items are, 0 to 1: equal is 1; maps by the share of their fields that are equal. */
export function similarity(a: Json, b: Json): number {
  if (jsonEqual(a, b)) return 1;
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    let same = 0;
    for (const k of keys) if (k in a && k in b && jsonEqual(a[k], b[k])) same++;
    const share = same / Math.max(1, keys.size);
    // A different block type is a different thing, however many fields look alike.
    return a.type !== undefined && a.type !== b.type ? share / 4 : share;
  }
  return 0;
}

/**
 * Pairs each new list item with the old item it is (or -1 when it is new). Equal or alike items are paired in
 * order (the longest such chain); the leftover items between two pairs are paired one to one when there are as
 * many on each side, since that is an edit in place.
 */
export function alignLists(oldList: Json[], newList: Json[]): number[] {
  const n = oldList.length;
  const m = newList.length;
  const sim: number[][] = oldList.map((a) => newList.map((b) => similarity(a, b)));
  const score: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const s = sim[i - 1][j - 1];
      score[i][j] = Math.max(score[i - 1][j], score[i][j - 1], s >= 0.5 ? score[i - 1][j - 1] + s : -1);
    }
  }
  const match = new Array<number>(m).fill(-1);
  for (let i = n, j = m; i > 0 && j > 0;) {
    const s = sim[i - 1][j - 1];
    if (s >= 0.5 && score[i][j] === score[i - 1][j - 1] + s) { match[j - 1] = i - 1; i--; j--; }
    else if (score[i][j] === score[i - 1][j]) i--;
    else j--;
  }
  // Leftovers between anchors, paired one to one when the counts agree (unless an old one moved elsewhere intact).
  const movedAway = (i: number) => newList.some((item, j) => match[j] === -1 && jsonEqual(item, oldList[i]));
  let prevOld = -1;
  let prevNew = -1;
  for (let j = 0; j <= m; j++) {
    if (j < m && match[j] === -1) continue;
    const oldEnd = j < m ? match[j] : n;
    const olds = Array.from({ length: oldEnd - prevOld - 1 }, (_, k) => prevOld + 1 + k);
    const news = Array.from({ length: j - prevNew - 1 }, (_, k) => prevNew + 1 + k);
    if (olds.length === news.length && !olds.some(movedAway)) news.forEach((nj, k) => { match[nj] = olds[k]; });
    prevOld = oldEnd;
    prevNew = j;
  }
  return match;
}
