import { duplicateOf, getAt, keyOf, type Path, type Target } from './model.ts';
import { focusList } from './Navigator.tsx';
import { pathOf, stepOf, type Op } from './ops/op.ts';
import type { Json } from './yaml/json.ts';

/**
 * Duplicate, move up, move down and remove, for an entry of a list (a doctor, a page, a block of a page): each one
 * operation. After Remove the focus goes to the list in the navigator: the form that opens next (the entry before,
 * or the one that moved up into the place) has a Remove button of its own, which a second Enter must not press.
 */
export function ListActions({ doc, target: t, change, select }: {
  doc: Json; target: Target; change(ops: Op[]): void; select(key: string): void;
}) {
  if (t.list === undefined || t.index === undefined) return null;
  const listPath: Path = t.list;
  const list = getAt(doc, listPath);
  if (!Array.isArray(list)) return null;
  const i = t.index;
  const steps = pathOf(doc, listPath);
  const entry = [...steps, stepOf(list, i)];
  const done = (ops: Op[], selectIndex: number | null) => {
    change(ops);
    // A page's last block gone, its page shows.
    select(selectIndex !== null ? keyOf([...listPath, selectIndex]) : t.kind === 'block' ? keyOf(listPath.slice(0, -1)) : 'hours');
  };
  const what = t.kind === 'block' ? 'block' : t.kind === 'page' ? 'page' : 'entry';
  return (
    <div className="actions" role="group" aria-label={`Arrange this ${what}`}>
      <button type="button" onClick={() => done([{ op: 'insert', path: steps, after: stepOf(list, i), value: duplicateOf(list[i], list) }], i + 1)}>Duplicate</button>
      <button type="button" disabled={i === 0} onClick={() => done([{ op: 'move', path: entry, after: i >= 2 ? stepOf(list, i - 2) : null }], i - 1)}>Move up</button>
      <button type="button" disabled={i === list.length - 1} onClick={() => done([{ op: 'move', path: entry, after: stepOf(list, i + 1) }], i + 1)}>Move down</button>
      <button type="button" className="danger" onClick={() => {
        if (!window.confirm(`Remove "${t.label}"? You can undo this in Review changes.`)) return;
        done([{ op: 'remove', path: entry, was: list[i] }], list.length > 1 ? Math.max(0, i - 1) : null);
        focusList(listPath);
      }}>Remove</button>
    </div>
  );
}
