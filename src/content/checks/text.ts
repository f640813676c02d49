import { isScalar, visit } from 'yaml';
import { pathAtOffset } from '../locate.ts';
import { showsNothing } from '../invisible.ts';
import type { Check, Path } from './context.ts';

/** True for a text that would show as nothing at all (an empty text "" is left to the schema's rules). */
export const looksEmpty = showsNothing;

/** A text of invisible characters only fills in a field without saying anything. */
export const invisibleText: Check = (context) => {
  for (const { value, path } of context.values) {
    // A page's title and description have their own message (MissingPageText).
    const pageText = (path[0] === 'pages' || path[0] === 'notFound') && path.length <= 3 && (path.at(-1) === 'title' || path.at(-1) === 'description');
    if (typeof value === 'string' && looksEmpty(value) && !pageText) context.report('InvisibleText', path);
  }
};

/**
 * `title: Rebates updated #2 of 2024` reads as the text "Rebates updated" and a note "2 of 2024" for editors: a
 * note after a plain text on the same line is almost always part of the text. A warning, since it may be meant.
 */
const NOTE_AFTER = /[ \t]+#([^\n]*)/y;
export const commentsAfterText: Check = (context) => {
  const { doc, text, lines } = context.source;
  visit(doc, {
    Scalar(_key, node) {
      if (!isScalar(node) || node.type !== 'PLAIN' || typeof node.value !== 'string' || !node.range) return;
      const end = node.range[1];
      // Nearly every value ends its line: only one followed by a space or a tab is looked at further.
      if (text[end] !== ' ' && text[end] !== '\t') return;
      NOTE_AFTER.lastIndex = end;
      const rest = NOTE_AFTER.exec(text);
      if (!rest) return;
      const { line } = lines.linePos(end);
      const path: Path = pathTo(context.source.doc, node) ?? pathAtOffset(doc, end, line + 1, lines);
      context.report('CommentAfterText', path, node.value, `${node.value} #${rest[1].trimEnd()}`.replace(/"/g, '\\"'));
    },
  });
};

/** The data path of a node, found by walking the document (nodes do not know their parents). */
function pathTo(doc: Parameters<typeof visit>[0], target: unknown): Path | undefined {
  let found: Path | undefined;
  visit(doc, (_key, node, ancestors) => {
    if (node !== target) return undefined;
    const path: Path = [];
    for (const [i, ancestor] of ancestors.entries()) {
      const next = ancestors[i + 1] ?? node;
      if (isScalar(ancestor)) continue;
      const a = ancestor as { items?: unknown[]; key?: unknown; value?: unknown };
      if (Array.isArray(a.items)) {
        const index = a.items.indexOf(next);
        // In a map the items are pairs: the pair's key names the step; in a list the index does.
        const item = a.items[index] as { key?: unknown } | undefined;
        if (item && typeof item === 'object' && 'key' in item && isScalar(item.key)) path.push(String(item.key.value));
        else if (index >= 0) path.push(index);
      }
    }
    found = path;
    return visit.BREAK;
  });
  return found;
}
