import { useState } from 'react';
import { blockLabel, getAt, kindName, type Bundle, type Target } from './model.ts';
import { inWords } from './inWords.ts';
import type { Json } from './yaml/json.ts';

/**
 * Adds a block to the page of the part shown: a kind of block, and where on the page. From a block, the new one
 * goes right after it unless another place is chosen; from the page itself, at the end.
 */
export function AddBlock({ target, doc, bundle, onAdd }: { target: Target; doc: Json; bundle: Bundle; onAdd(type: string, at: number): void }) {
  const [blockType, setBlockType] = useState('');
  const pagePath = target.path.slice(0, 2);
  const list = getAt(doc, [...pagePath, 'blocks']);
  const blocks = Array.isArray(list) ? list : [];
  const here = target.kind === 'block' && typeof target.index === 'number' ? target.index + 1 : blocks.length;
  const [chosen, setChosen] = useState<number | null>(null);
  const at = Math.min(chosen ?? here, blocks.length);
  const places = [
    { at: 0, words: 'At the top' },
    ...blocks.slice(0, -1).map((block, i) => ({ at: i + 1, words: `After ${inWords(blockLabel(block, i, bundle))}` })),
    ...(blocks.length ? [{ at: blocks.length, words: 'At the end' }] : []),
  ];
  return (
    <div className="add-block" role="group" aria-label="Add a block">
      <label htmlFor="block-type">Add a block to this page</label>
      <select id="block-type" value={blockType} onChange={(e) => setBlockType(e.target.value)}>
        <option value="">Choose a kind of block...</option>
        {Object.keys(bundle.blockTypes).map((type) => ({ type, name: kindName(type, bundle) })).sort((a, b) => a.name.localeCompare(b.name))
          .map(({ type, name }) => <option key={type} value={type}>{name}</option>)}
      </select>
      <label htmlFor="block-place">Where on the page</label>
      <select id="block-place" value={at} onChange={(e) => setChosen(Number(e.target.value))}>
        {places.map((place) => <option key={place.at} value={place.at}>{place.words}</option>)}
      </select>
      <button type="button" disabled={!blockType} onClick={() => { onAdd(blockType, at); setChosen(null); }}>Add block</button>
    </div>
  );
}
