/** "Did you mean ...": the closest known name to a misspelt one, if it is close enough to be a likely typo. */

/** Edit distance with adjacent swaps counted as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The candidate nearest to `word`, when at most about a third of it differs (so 'headng' finds 'heading' but
 * 'colour' does not find 'code'). Differences of case alone always match.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || candidate === word) continue;
    const distance = candidate.toLowerCase() === lower ? 0.5 : editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const allowed = Math.max(1, Math.floor(Math.max(word.length, 3) / 3));
  return bestDistance <= allowed ? best : undefined;
}

/**
 * The page a broken internal link most likely meant: a close spelling of the whole path, or a page whose last
 * part is the same or close ('/skin-checks' -> '/services/skin-checks').
 */
export function closestPath(path: string, known: Iterable<string>): string | undefined {
  const paths = [...known];
  const whole = closest(path, paths);
  if (whole) return whole;
  const last = (p: string) => p.split('/').filter(Boolean).pop() ?? '';
  const tail = last(path);
  if (!tail) return undefined;
  const sameTail = paths.filter((p) => last(p) === tail);
  if (sameTail.length === 1) return sameTail[0];
  const byTail = closest(tail, paths.map(last).filter(Boolean));
  const matches = byTail ? paths.filter((p) => last(p) === byTail) : [];
  return matches.length === 1 ? matches[0] : undefined;
}
