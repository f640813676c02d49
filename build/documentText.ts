/**
 * The small markdown of the practice's documents (documents/<name>.md): '# ' title, '## ' and '### ' headings,
 * paragraphs (lines joined until a blank line), '- ' bullets, '- [ ] ' or '[ ] ' checkboxes (a box to tick on paper),
 * '> ' a highlighted note, and **bold** inside any line.
 */
export type Run = { text: string; bold: boolean };
export type DocNode =
  | { kind: 'title' | 'h2' | 'h3'; text: string; line: number }
  | { kind: 'paragraph' | 'bullet' | 'checkbox' | 'note'; runs: Run[]; line: number };

/** '**a** b' -> [{a, bold}, {' b'}]. An unmatched '**' stays as it is. */
export function parseInline(text: string): Run[] {
  const runs: Run[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), bold: false });
    runs.push({ text: match[1], bold: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), bold: false });
  return runs;
}

export function parseDocumentText(source: string): DocNode[] {
  const nodes: DocNode[] = [];
  let paragraph: { lines: string[]; line: number; kind: 'paragraph' | 'note' } | null = null;
  const flush = () => {
    if (paragraph) nodes.push({ kind: paragraph.kind, runs: parseInline(paragraph.lines.join(' ')), line: paragraph.line });
    paragraph = null;
  };
  source.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const text = raw.trim();
    let m: RegExpExecArray | null;
    if (!text) return flush();
    if ((m = /^(#{1,3})\s+(.*)$/.exec(text))) {
      flush();
      nodes.push({ kind: m[1].length === 1 ? 'title' : m[1].length === 2 ? 'h2' : 'h3', text: m[2].trim(), line });
    } else if ((m = /^(?:[-*]\s+)?\[ \]\s+(.*)$/.exec(text))) {
      flush();
      nodes.push({ kind: 'checkbox', runs: parseInline(m[1]), line });
    } else if ((m = /^[-*]\s+(.*)$/.exec(text))) {
      flush();
      nodes.push({ kind: 'bullet', runs: parseInline(m[1]), line });
    } else if ((m = /^>\s?(.*)$/.exec(text))) {
      if (paragraph?.kind !== 'note') flush();
      paragraph ??= { lines: [], line, kind: 'note' };
      paragraph.lines.push(m[1]);
    } else {
      // A line under a bullet that is indented continues that bullet.
      const previous = nodes[nodes.length - 1];
      if (!paragraph && /^\s{2,}/.test(raw) && previous && (previous.kind === 'bullet' || previous.kind === 'checkbox')) {
        previous.runs.push(...parseInline(' ' + text));
        return;
      }
      if (paragraph?.kind === 'note') flush();
      paragraph ??= { lines: [], line, kind: 'paragraph' };
      paragraph.lines.push(text);
    }
  });
  flush();
  return nodes;
}
