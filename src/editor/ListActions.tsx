import { duplicateOf, getAt, keyOf, setAt, type Path, type Target } from './model.ts';
import type { Json } from './yaml/json.ts';

/** Duplicate, move up, move down and remove, for an entry of a list (a doctor, a page, a block of a page). */
export function ListActions({ doc, target: t, update, select }: {
  doc: Json; target: Target; update(next: Json): void; select(key: string): void;
}) {
  if (t.list === undefined || t.index === undefined) return null;
  const listPath: Path = t.list;
  const list = getAt(doc, listPath);
  if (!Array.isArray(list)) return null;
  const i = t.index;
  const change = (next: Json[], selectIndex: number | null) => {
    update(setAt(doc, listPath, next));
    select(selectIndex === null ? 'hours' : keyOf([...listPath, selectIndex]));
  };
  const move = (to: number) => {
    const next = [...list];
    const [item] = next.splice(i, 1);
    next.splice(to, 0, item);
    change(next, to);
  };
  const what = t.kind === 'block' ? 'block' : t.kind === 'page' ? 'page' : 'entry';
  return (
    <div className="actions" role="group" aria-label={`Arrange this ${what}`}>
      <button type="button" onClick={() => {
        const next = [...list];
        next.splice(i + 1, 0, duplicateOf(list[i], list));
        change(next, i + 1);
      }}>Duplicate</button>
      <button type="button" disabled={i === 0} onClick={() => move(i - 1)}>Move up</button>
      <button type="button" disabled={i === list.length - 1} onClick={() => move(i + 1)}>Move down</button>
      <button type="button" className="danger" onClick={() => {
        if (!window.confirm(`Remove "${t.label}"? You can undo this in Review changes.`)) return;
        const next = list.filter((_, k) => k !== i);
        change(next, next.length ? Math.max(0, i - 1) : null);
      }}>Remove</button>
    </div>
  );
}
