import type { Problem } from './api.ts';
import { getAt, parseDotted } from './model.ts';
import { pathOf, type Op } from './ops/op.ts';
import type { Json } from './yaml/json.ts';

/** A warning's one-click answer: the button's words and the operations it makes. */
export interface Fix { label: string; ops: Op[] }

/**
 * The answer staff most often want to a warning, as a button beside it. Old news on a page: take it down (the news
 * item itself stays, for the record and to show again): off the list that names it, or, from the lists of the
 * newest news, by unticking "Shown in news lists" on the item.
 */
export function fixFor(warning: Problem, doc: Json): Fix | undefined {
  const path = parseDotted(warning.path);
  const was = getAt(doc, path);
  if (was === undefined) return undefined;
  if (warning.name === 'OldNews') return { label: 'Take it down', ops: [{ op: 'remove', path: pathOf(doc, path), was }] };
  if (warning.name === 'OldNewsShownNewest') {
    const listed = getAt(doc, [...path, 'listed']);
    return { label: 'Take it down', ops: [{ op: 'set', path: pathOf(doc, [...path, 'listed']), value: false, ...(listed === undefined ? {} : { was: listed }) }] };
  }
  return undefined;
}
