import { useState } from 'react';
import { keyOf, targetFor, type NavGroup, type Path, type Target } from './model.ts';
import { searchText } from './search.ts';
import { labelInWords } from './problems.ts';
import type { Json } from './yaml/json.ts';

/**
 * Focuses a list of the navigator (Doctors, Pages, a page's blocks): where the focus goes after an entry of it is
 * removed, so that a second Enter presses nothing. A page's blocks fall back to the Pages list once none is left.
 */
export function focusList(list: Path) {
  requestAnimationFrame(() => {
    const navigator = document.querySelector('.navigator');
    const shown = navigator?.querySelector<HTMLElement>(`[data-list="${CSS.escape(keyOf(list))}"]`)
      ?? navigator?.querySelector<HTMLElement>(`[data-list="${CSS.escape(keyOf(list.slice(0, 1)))}"]`);
    shown?.focus();
  });
}

/** The parts of the site in words (Practice, Doctors, Pages and their blocks...), with a search over all text. */
export function Navigator({ doc, groups, targets, current, onSelect, onAdd }: {
  doc: Json; groups: NavGroup[]; targets: Target[]; current: string;
  onSelect(key: string, focus?: Path): void; onAdd(list: Path, def: string): void;
}) {
  const [query, setQuery] = useState('');
  const results = searchText(doc, query);
  const idOf = (label: string) => `group-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <nav className="navigator" aria-label="Parts of the site">
      <label htmlFor="search">Search all text</label>
      <input id="search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="e.g. flu vaccine" />
      {query.trim().length >= 2 && (
        <ul className="search-results" aria-label="Search results">
          {results.length === 0 && <li>Nothing found.</li>}
          {results.map((r) => {
            const t = targetFor(targets, r.path);
            return (
              <li key={keyOf(r.path)}>
                <button type="button" onClick={() => { if (t) onSelect(t.key, r.path); }}>
                  <strong>{t ? labelInWords(t, doc) : 'Site'}</strong>: {r.text.length > 70 ? `${r.text.slice(0, 67)}...` : r.text}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {groups.map((group) => (
        <section key={group.label} aria-labelledby={idOf(group.label)}>
          <h2 id={idOf(group.label)} tabIndex={-1} data-list={group.list ? keyOf(group.list) : undefined}>{group.label}</h2>
          <ul>
            {group.targets.map((t) => (
              <li key={t.key}><button type="button" aria-current={t.key === current ? 'true' : undefined} onClick={() => onSelect(t.key)}>{labelInWords(t, doc)}</button></li>
            ))}
            {group.children?.map((child) => (
              <li key={child.page.key}>
                <button type="button" aria-current={child.page.key === current ? 'true' : undefined} onClick={() => onSelect(child.page.key)}>{labelInWords(child.page, doc)}</button>
                {(child.page.key === current || child.blocks.some((b) => b.key === current)) && (
                  <ul className="blocks" tabIndex={-1} aria-label={`Blocks of ${labelInWords(child.page, doc)}`} data-list={keyOf([...child.page.path, 'blocks'])}>
                    {child.blocks.map((b) => (
                      <li key={b.key}><button type="button" aria-current={b.key === current ? 'true' : undefined} onClick={() => onSelect(b.key)}>{labelInWords(b, doc)}</button></li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          {group.list && group.def && group.label !== 'Pages' && (
            <button type="button" className="add" onClick={() => onAdd(group.list as Path, group.def as string)}>Add to {group.label}</button>
          )}
          {group.label === 'Pages' && <button type="button" className="add" onClick={() => onAdd(['pages'], 'defs.page')}>Add a page</button>}
        </section>
      ))}
    </nav>
  );
}
