import type { Problem } from './api.ts';
import type { Bundle, Target } from './model.ts';
import type { Op } from './ops/op.ts';
import { formWordsAt, placeInWords, type ProblemStatus } from './problems.ts';
import { Warnings } from './Warnings.tsx';
import type { Json } from './yaml/json.ts';

/** The problems that stop a publish, each going to its field, and under them what is worth a look. */
export function ProblemsPanel({ status, warnings, doc, bundle, targets, change, onGo }: {
  status: ProblemStatus; warnings: Problem[]; doc: Json; bundle: Bundle; targets: Target[]; change(ops: Op[]): void; onGo(p: Problem): void;
}) {
  return (
    <section id="problems" className="problems" aria-labelledby="problems-heading" tabIndex={-1}>
      <h2 id="problems-heading">{status.heading}</h2>
      {status.waitingNote && <p className="new-entry-note">{status.waitingNote}</p>}
      {status.shown.length > 0 && (
        <ul>
          {status.shown.map((p) => (
            <li key={`${p.path}:${p.message}`}><button type="button" onClick={() => onGo(p)}><strong>{placeInWords(p, doc, bundle, targets)}</strong>: {formWordsAt(p, doc, bundle, targets)}</button></li>
          ))}
        </ul>
      )}
      {warnings.length > 0 && (
        <>
          <h3 id="warnings-heading">Worth a look (publishing still works)</h3>
          <Warnings warnings={warnings} doc={doc} change={change} placeOf={(w) => placeInWords(w, doc, bundle, targets)} onGo={onGo} />
        </>
      )}
    </section>
  );
}
