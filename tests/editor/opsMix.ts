import { applyOp } from '../../src/editor/ops/apply.ts';
import { pathOf, stepOf, type Op } from '../../src/editor/ops/op.ts';
import { getAt, type Path } from '../../src/editor/model.ts';
import type { Json } from '../../src/editor/yaml/json.ts';

/**
 * `count` operations as staff make them between two saves on the frozen practice, each made on the value the ones
 * before it left (as the browser makes them): mostly typing (one set per key pressed, in plain, quoted, flow-map and
 * block texts), entries added to lists of texts and of entries and then typed into, entries removed.
 */
export function opsMix(start: Json, count: number): Op[] {
  let doc = start;
  const ops: Op[] = [];
  const push = (op: Op) => {
    const done = applyOp(doc, op);
    if (done.kind !== 'done') throw new Error(`The mix made an operation that does nothing: ${JSON.stringify(op)}`);
    doc = done.value;
    ops.push(op);
  };
  const list = (places: Path) => getAt(doc, places) as Json[];
  const doctors = list(['entities', 'doctors']).length;
  const services = list(['entities', 'serviceCategories', 0, 'services']).length;
  const texts: Path[] = [
    ...Array.from({ length: doctors }, (_, d) => ['entities', 'doctors', d, 'summary']),
    ['hours', 'note'],
    ...Array.from({ length: services }, (_, s) => ['entities', 'serviceCategories', 0, 'services', s, 'description']),
    ['contact', 'phone'],
    ...Array.from({ length: doctors }, (_, d) => ['entities', 'doctors', d, 'bio']),
  ];
  const type = (places: Path, letter: string) => {
    const was = getAt(doc, places) as string;
    // Typed at the end of the text, before the line break a text of several lines ends with.
    const value = was.endsWith('\n') ? `${was.slice(0, -1)}${letter}\n` : `${was}${letter}`;
    push({ op: 'set', path: pathOf(doc, places), value, was });
  };
  for (let round = 0; ops.length < count; round++) {
    const field = texts[round % texts.length];
    for (const letter of ' more') type(field, letter);
    const areas: Path = ['entities', 'doctors', round % doctors, 'areas'];
    push({ op: 'insert', path: pathOf(doc, areas), after: stepOf(list(areas), list(areas).length - 1), value: `Area ${round}` });
    push({ op: 'insert', path: pathOf(doc, ['entities', 'news']), after: null, value: { id: `notice-${round}`, date: '2026-01-05', title: 'Notice', summary: 'Short.' } });
    type(['entities', 'news', 0, 'title'], ` ${round}`);
    const gone = round % 2 === 0 ? 0 : list(areas).length - 1;
    push({ op: 'remove', path: pathOf(doc, [...areas, gone]), was: list(areas)[gone] });
    if (round > 0) push({ op: 'remove', path: pathOf(doc, ['entities', 'news', 1]), was: list(['entities', 'news'])[1] });
  }
  return ops.slice(0, count);
}
