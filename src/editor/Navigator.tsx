import { useState } from 'react';
import { keyOf, searchText, targetFor, type NavGroup, type Path, type Target } from './model.ts';
import type { Json } from './yaml/json.ts';

/** The parts of the site in words (Practice, Doctors, Pages and their blocks...), with a search over all text. */
export function Navigator({ doc, groups, targets, current, onSelect, onAdd }: {
  doc: Json; groups: NavGroup[]; targets: Target[]; current: string;
  onSelect(key: string, focus?: Path): void; onAdd(list: Path, def: string): void;
}) {
  const [query, setQuery] = useState('');
  const results = searchText(doc, query);
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
                  <strong>{t?.label ?? 'Site'}</strong> {String(r.path[r.path.length - 1])}: {r.text.length > 70 ? `${r.text.slice(0, 67)}...` : r.text}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {groups.map((group) => (
        <section key={group.label} aria-labelledby={`group-${group.label}`}>
          <h2 id={`group-${group.label}`}>{group.label}</h2>
          <ul>
            {group.targets.map((t) => (
              <li key={t.key}><button type="button" aria-current={t.key === current ? 'true' : undefined} onClick={() => onSelect(t.key)}>{t.label}</button></li>
            ))}
            {group.children?.map((child) => (
              <li key={child.page.key}>
                <button type="button" aria-current={child.page.key === current ? 'true' : undefined} onClick={() => onSelect(child.page.key)}>{child.page.label}</button>
                {(child.page.key === current || child.blocks.some((b) => b.key === current)) && (
                  <ul className="blocks">
                    {child.blocks.map((b) => (
                      <li key={b.key}><button type="button" aria-current={b.key === current ? 'true' : undefined} onClick={() => onSelect(b.key)}>{b.label}</button></li>
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
