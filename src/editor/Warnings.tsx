import type { Problem } from './api.ts';
import { fixesFor } from './fixes.ts';
import type { Op } from './ops/op.ts';
import { formWords } from './problems.ts';
import type { Json } from './yaml/json.ts';

/**
 * What the checker thinks is probably a mistake, each with the buttons that answer it in one click: in the problems
 * list (with where it is, going there on a click) and at the top of the form of the entry it concerns.
 */
export function Warnings({ warnings, doc, change, placeOf, onGo }: {
  warnings: Problem[]; doc: Json; change(ops: Op[]): void;
  /** Where a warning is, in words; none in the form of the entry itself. */
  placeOf?(warning: Problem): string;
  onGo?(warning: Problem): void;
}) {
  return (
    <ul className="warnings">
      {warnings.map((w) => (
        <li key={`${w.path}:${w.message}`} className="warning">
          {onGo ? (
            <button type="button" onClick={() => onGo(w)}>{placeOf && <strong>{placeOf(w)}: </strong>}{formWords(w)}</button>
          ) : <span>{formWords(w)}</span>}
          {fixesFor(w, doc).map((fix) => (
            <button key={fix.label} type="button" className="fix" onClick={() => change(fix.ops)}>{fix.label}</button>
          ))}
        </li>
      ))}
    </ul>
  );
}
