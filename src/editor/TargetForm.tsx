import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { useMemo, useRef, type ReactNode } from 'react';
import { AddBlock } from './AddBlock.tsx';
import type { Problem } from './api.ts';
import { getAt, type Bundle, type Target } from './model.ts';
import { errorSchemaFor, labelInWords, problemsUnder } from './problems.ts';
import { UNUSED_IN, uiSchemaFor } from './uiSchema.ts';
import { fields, listTemplates, widgets, type EditorContext } from './widgets.tsx';
import { isObject, type Json } from './yaml/json.ts';

// The schema carries the engine's own keywords (entityRef, markdown, href...); the form's validator ignores them.
// Problems are reported by the site's checker, not by the form.
const validator = customizeValidator({ ajvOptionsOverrides: { strict: false, discriminator: true } });

/** The form of one part of the site (a section, an entry, a page or a block), made from its schema definition. */
export function TargetForm(props: {
  target: Target; doc: Json; bundle: Bundle; problems: Problem[]; context: EditorContext; actions: ReactNode;
  onChange(value: Json): void; onAddBlock(type: string, at: number): void;
}) {
  const { target, doc, bundle, problems, context, actions, onChange, onAddBlock } = props;
  const definition = bundle.definitions[target.def];
  const schema = useMemo(() => ({ $ref: `#/definitions/${target.def}`, definitions: bundle.definitions }) as RJSFSchema, [target.def, bundle]);
  const uiSchema = useMemo<UiSchema>(() => {
    const ui = uiSchemaFor({ $ref: `#/definitions/${target.def}` }, bundle, '', 0, false, UNUSED_IN[target.def]);
    if (target.kind === 'page') ui.blocks = { 'ui:field': 'nothing' };
    // The heading above the form already names it and gives its description.
    return { ...ui, 'ui:title': '', 'ui:description': '', 'ui:submitButtonOptions': { norender: true } };
  }, [target.def, target.kind, bundle]);
  // The same messages keep the same object: a new one makes the form re-read its data from the props, which can be
  // a keystroke behind while the user types (the form reports changes asynchronously), and that keystroke is lost.
  const errorText = JSON.stringify(errorSchemaFor(problems, target, doc, bundle));
  const extraErrors = useMemo(() => JSON.parse(errorText) as ErrorSchema, [errorText]);
  const own = problemsUnder(problems, target);
  // The form is handed back the data it last reported, never an older report: a render of the page computed before
  // the latest report reached it (a save's answer arriving while staff type) would otherwise give the form data a
  // change behind its own, and the form would take it, losing what was just typed. A value the form never reported
  // (an undo, a save from the YAML view, Load again) is a change made elsewhere and is taken as it is.
  const fromDoc = getAt(doc, target.path);
  const reported = useRef(new WeakSet<object>());
  const latest = useRef(fromDoc);
  const ownReport = fromDoc !== null && typeof fromDoc === 'object' && reported.current.has(fromDoc);
  if (fromDoc !== latest.current && !ownReport) latest.current = fromDoc;
  const formData = latest.current;
  const formContext = useMemo<EditorContext>(() => ({ ...context, here: target.path }), [context, target.path]);
  const description = typeof definition?.description === 'string' ? definition.description : '';
  return (
    <section className="form" aria-labelledby="form-heading">
      <h2 id="form-heading" tabIndex={-1}>{labelInWords(target, doc)}</h2>
      {description && <p className="form-description">{description}</p>}
      {actions}
      {own.length > 0 && <p className="form-problems" role="note">{own.length === 1 ? '1 problem here' : `${own.length} problems here`}: see the messages in red beside the fields.</p>}
      {(target.kind === 'page' || target.kind === 'block') && <AddBlock target={target} doc={doc} bundle={bundle} onAdd={onAddBlock} />}
      {isObject(formData) || Array.isArray(formData) ? (
        <Form schema={schema} uiSchema={uiSchema} formData={formData} validator={validator} widgets={widgets} fields={fields}
          formContext={formContext} templates={listTemplates} extraErrors={extraErrors} showErrorList={false} noHtml5Validate
          experimental_defaultFormStateBehavior={{ arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipDefaults' }}
          onChange={(event) => {
            const value = event.formData as Json;
            if (value !== null && typeof value === 'object') reported.current.add(value);
            latest.current = value;
            onChange(value);
          }} />
      ) : (
        <p>This part is empty.</p>
      )}
    </section>
  );
}
