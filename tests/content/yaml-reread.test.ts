import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isAlias, isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import { readWhole, readYaml, type ReadYaml } from '../../src/content/yamlReread.ts';
import { hasAnchorsOrAliases } from '../../src/content/yamlSyntax.ts';
import { limit } from '../../bench/machineSpeed.ts';

/*
 * Reading only what changed must give exactly what reading the whole file gives: the same mistakes (none where a full
 * read finds one), the same value, every node in the same place with the same quoting, and the same line starts.
 * Thousands of edits of two real files: words changed, entries copied, moved, taken out, lines broken and indented,
 * quotes, brackets and colons typed where they do harm.
 */

/** A whole read of the practice's file takes tens of milliseconds: it gets fewer edits. */
const FILES = [{ file: 'tests/fixtures/saltbush/site.yaml', edits: 150 }, { file: 'tests/fixtures/minimal-site/site.yaml', edits: 1500 }];

/** A small seeded generator, so that a failure can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state % n;
  };
}

type Edit = (lines: string[], pick: (n: number) => number) => void;
const NOISE = ['a', ' ', ':', '-', '"', "'", '#', '[', '{', '|', '>', '\n', '  ', 'x: y', '- z', '&a', '*a', '\t', '}'];
const EDITS: Edit[] = [
  // A word of a value changed (the editor's everyday save).
  (lines, pick) => {
    const at = pick(lines.length);
    lines[at] = lines[at].replace(/(: ?["']?)([A-Za-z0-9][^"'\n]*)/, (_, head: string, word: string) => head + word.slice(0, pick(word.length + 1)) + ['Mon', '8:30', 'clinic', ''][pick(4)]);
  },
  // An entry of a list copied below itself (a new entry), or taken out.
  (lines, pick) => {
    const at = pick(lines.length);
    const dash = /^( *)- /.exec(lines[at]);
    if (!dash) return;
    let end = at + 1;
    while (end < lines.length && (lines[end].startsWith(dash[1] + ' ') || lines[end] === '') && !lines[end].startsWith(dash[1] + '- ')) end++;
    const entry = lines.slice(at, end);
    if (pick(2)) lines.splice(end, 0, ...entry);
    else lines.splice(at, end - at);
  },
  // A line moved, copied or taken out.
  (lines, pick) => {
    const [from, to] = [pick(lines.length), pick(lines.length)];
    const [line] = lines.splice(from, 1);
    if (pick(3)) lines.splice(to, 0, line);
    if (!pick(3)) lines.splice(to, 0, line);
  },
  // Indented or outdented.
  (lines, pick) => {
    const at = pick(lines.length);
    lines[at] = pick(2) ? '  ' + lines[at] : lines[at].replace(/^ {1,2}/, '');
  },
  // Something typed in the middle of a line.
  (lines, pick) => {
    const at = pick(lines.length);
    const col = pick(lines[at].length + 1);
    lines[at] = lines[at].slice(0, col) + NOISE[pick(NOISE.length)] + lines[at].slice(col + pick(2));
  },
];

/** Every node of both documents, in step: kind, place, quoting and value. */
function sameNodes(a: Node | null | undefined, b: Node | null | undefined, where: string, seen: string[]) {
  if (!a || !b) {
    if (a !== b) seen.push(`${where}: ${a ? 'node' : 'nothing'} read in parts, ${b ? 'node' : 'nothing'} read whole`);
    return;
  }
  if (JSON.stringify(a.range) !== JSON.stringify(b.range)) seen.push(`${where}: range ${JSON.stringify(a.range)}, whole ${JSON.stringify(b.range)}`);
  if (isScalar(a) && isScalar(b)) {
    if (a.type !== b.type || a.value !== b.value) seen.push(`${where}: scalar ${a.type} ${String(a.value)} vs ${b.type} ${String(b.value)}`);
    return;
  }
  if ((isMap(a) && isMap(b)) || (isSeq(a) && isSeq(b))) {
    if (a.items.length !== b.items.length || a.flow !== b.flow) { seen.push(`${where}: ${a.items.length} entries vs ${b.items.length}`); return; }
    a.items.forEach((item, i) => {
      const other = b.items[i];
      if (isPair(item) && isPair(other)) {
        sameNodes(item.key as Node, other.key as Node, `${where}.${i}(key)`, seen);
        sameNodes(item.value as Node, other.value as Node, `${where}.${i}`, seen);
      } else sameNodes(item as Node, other as Node, `${where}.${i}`, seen);
    });
    return;
  }
  if (isAlias(a) && isAlias(b) && a.source === b.source) return;
  seen.push(`${where}: different kinds of node`);
}

/** The value as JSON, or why there is none (an alias with no anchor). */
function valueOf(read: ReadYaml): string {
  try {
    return JSON.stringify(read.doc.toJS());
  } catch (error) {
    return String(error);
  }
}

function compare(text: string, parts: ReadYaml): string[] {
  const whole = readWhole(text);
  const seen: string[] = [];
  if (parts.doc.errors.length !== whole.doc.errors.length) seen.push(`${parts.doc.errors.length} mistakes read in parts, ${whole.doc.errors.length} read whole`);
  if (whole.doc.errors.length) return seen;
  // The checker takes a plain read's word that there is no anchor or alias, and does not look for them.
  if (parts.plain && (whole.doc.warnings.length || hasAnchorsOrAliases(whole.doc))) seen.push('read as plain, with a warning, an anchor or an alias');
  sameNodes(parts.doc.contents as Node, whole.doc.contents as Node, 'root', seen);
  if (valueOf(parts) !== valueOf(whole)) seen.push('the values differ');
  if (parts.lines.lineStarts.join() !== whole.lines.lineStarts.join()) seen.push('the line starts differ');
  return seen;
}

describe('reading again only what changed', () => {
  for (const { file, edits } of FILES) {
    it(`reads ${file} as a full read does, through ${edits} edits`, () => {
      const original = readFileSync(file, 'utf8');
      const pick = random(file.length * 7919);
      let text = original;
      let inParts = 0;
      let clean = 0;
      for (let round = 0; round < edits; round++) {
        // Back to the real file now and then, so that the edits stay near what a person makes.
        if (round % 40 === 0) text = original;
        const before = readYaml(text).doc;
        const lines = text.split('\n');
        EDITS[pick(EDITS.length)](lines, pick);
        const next = lines.join('\n');
        const read = readYaml(next);
        const seen = compare(next, read);
        expect(seen, `edit ${round}`).toEqual([]);
        if (!read.doc.errors.length) clean++;
        if (read.doc === before && next !== text) inParts++;
        // After a mistake the next edit starts from a file that reads.
        text = read.doc.errors.length ? original : next;
      }
      // Most clean edits are read in parts: the saving is real, not a path never taken.
      expect(inParts / clean).toBeGreaterThan(0.5);
    }, limit(120_000));
  }

  it('a change the parts cannot hold (a new top-level key, a key repeated) is read whole, with the same mistake', () => {
    const base = 'a:\n  b: 1\n  c: 2\nd:\n  - x\n  - y\n';
    readYaml(base);
    for (const next of ['a:\n  b: 1\n  b: 2\nd:\n  - x\n  - y\n', 'a:\n  b: 1\n  c: 2\nd:\n  - x\n  - y\na: 3\n', 'a:\n  b: 1\n  c: [2\nd:\n  - x\n  - y\n', 'a:\n  b: 1\n  c: 2d:\n  - x\n  - y\n']) {
      expect(compare(next, readYaml(next))).toEqual([]);
      readYaml(base);
    }
  });
});
